import { sql } from 'drizzle-orm';
import type { ByFunctionDashboard, TopOccurrence } from '@canteiro/shared/domain';
import { selectRows } from '../db/connection.js';
import { functions, occurrences } from '../db/schema/catalogue.js';
import type { ClassRow, DashboardContext } from './context.js';
import { activityFacts, classColumns, classTotals, meta, rankOrder } from './context.js';

/**
 * By function (DOMAIN.md §3): total HH, people and registers, average people per local
 * (people / distinct (report time, local)), the occurrences by HH with their running share
 * (a Pareto) and the functions ranked by value-adding index.
 */
export async function byFunction(context: DashboardContext): Promise<ByFunctionDashboard> {
  const { orm } = context;
  const facts = activityFacts(context);
  const hours = sql`cast(${context.hours} as float8)`;
  const [totals, top, ranked] = await Promise.all([
    selectRows<ClassRow & { average: number | null }>(
      orm,
      sql`with facts as (${facts})
        select ${classColumns(context)},
          sum(quantity)::float8 / nullif(count(distinct (report_time, local_id)), 0)::float8 as average
        from facts`,
    ),
    selectRows<TopOccurrence>(
      orm,
      sql`with facts as (${facts}),
        grouped as (select occurrence_id as id, sum(quantity)::int as workers from facts group by 1)
        select grouped.id, ${occurrences.name} as name, ${occurrences.classification} as classification,
          grouped.workers::float8 * ${hours} as hh, grouped.workers,
          grouped.workers::float8 / sum(grouped.workers) over ()::float8 as share,
          sum(grouped.workers) over (order by grouped.workers desc, grouped.id)::float8
            / sum(grouped.workers) over ()::float8 as "cumulativeShare"
        from grouped join ${occurrences} on ${occurrences.id} = grouped.id
        order by grouped.workers desc, grouped.id`,
    ),
    selectRows<ClassRow & { id: number; name: string }>(
      orm,
      sql`with facts as (${facts}),
        grouped as (select function_id as id, ${classColumns(context)} from facts group by 1)
        select grouped.*, ${functions.name} as name from grouped join ${functions} on ${functions.id} = grouped.id
        order by ${rankOrder}`,
    ),
  ]);
  const { average, ...row } = totals[0]!;
  return {
    ...meta(context),
    totals: classTotals(row),
    totalHh: row.total_hh,
    totalPeople: row.workers,
    registers: row.registers,
    averagePeoplePerLocal: average,
    topOccurrences: top,
    functions: ranked.map(({ id, name, ...rest }) => ({ id, name, ...classTotals(rest) })),
  };
}
