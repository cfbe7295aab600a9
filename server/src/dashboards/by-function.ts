import { sql } from 'drizzle-orm';
import type { ByFunctionDashboard, TopOccurrence } from '@canteiro/shared/domain';
import { functions, occurrences } from '../db/schema/catalogue.js';
import type { ClassRow, DashboardContext } from './context.js';
import {
  activityFacts,
  classColumns,
  classTotals,
  dailyFacts,
  figureRows,
  jsonRows,
  meta,
  rankOrder,
} from './context.js';

/**
 * By function (DOMAIN.md §3): total HH, people and registers, average people per local
 * (people / distinct (report time, local)), the occurrences by HH with their running share
 * (a Pareto) and the functions ranked by value-adding index. Two statements in parallel, one
 * pass each: the rows (or the daily rollup, for whole days) folded into occurrence ×
 * function × class, and the (time, local) pairs, which only the rows hold.
 */
export async function byFunction(context: DashboardContext): Promise<ByFunctionDashboard> {
  const { orm } = context;
  const facts = activityFacts(context);
  const hours = sql`cast(${context.hours} as float8)`;
  const columns = classColumns(context, sql`sum(rows)`);
  const [[figures], [average]] = await Promise.all([
    figureRows<{ totals: ClassRow; top: TopOccurrence[]; functions: (ClassRow & { id: number; name: string })[] }>(
      orm,
      sql`with facts as (${dailyFacts(context)}),
        cube as materialized (
          select occurrence_id, function_id, c, sum(quantity) as quantity, sum(rows) as rows from facts group by 1, 2, 3)
        select (select row_to_json(t) from (select ${columns} from cube) t) as totals,
          ${jsonRows(
            sql`select grouped.id, ${occurrences.name} as name, ${occurrences.classification} as classification,
                grouped.workers::float8 * ${hours} as hh, grouped.workers::int as workers,
                grouped.workers::float8 / sum(grouped.workers) over ()::float8 as share,
                sum(grouped.workers) over (order by grouped.workers desc, grouped.id)::float8
                  / sum(grouped.workers) over ()::float8 as "cumulativeShare"
              from (select occurrence_id as id, sum(quantity) as workers from cube group by 1) grouped
                join ${occurrences} on ${occurrences.id} = grouped.id`,
            sql`workers desc, id`,
          )} as top,
          ${jsonRows(
            sql`select grouped.*, ${functions.name} as name
              from (select function_id as id, ${columns} from cube group by 1) grouped
                join ${functions} on ${functions.id} = grouped.id`,
            rankOrder,
          )} as functions`,
    ),
    figureRows<{ average: number | null }>(
      orm,
      sql`with facts as (${facts})
        select sum(people)::float8 / nullif(count(*), 0)::float8 as average
        from (select sum(quantity) as people from facts group by report_time, local_id) pairs`,
    ),
  ]);
  const { totals, top, functions: ranked } = figures!;
  return {
    ...meta(context),
    totals: classTotals(totals),
    totalHh: totals.total_hh,
    totalPeople: totals.workers,
    registers: totals.registers,
    averagePeoplePerLocal: average!.average,
    topOccurrences: top,
    functions: ranked.map(({ id, name, ...rest }) => ({ id, name, ...classTotals(rest) })),
  };
}
