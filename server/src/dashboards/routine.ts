import { sql } from 'drizzle-orm';
import type { RoutineDashboard } from '@canteiro/shared/domain';
import { selectRows } from '../db/connection.js';
import type { ClassRow, DashboardContext } from './context.js';
import { activityFacts, classColumns, classTotals, meta } from './context.js';

/** Routine (DOMAIN.md §3): total HH and HH by class per hour of the site's day. */
export async function routine(context: DashboardContext): Promise<RoutineDashboard> {
  const { orm } = context;
  const facts = activityFacts(context);
  const [totals, hours] = await Promise.all([
    selectRows<ClassRow>(orm, sql`with facts as (${facts}) select ${classColumns(context)} from facts`),
    selectRows<ClassRow & { hour: number }>(
      orm,
      sql`with facts as (${facts})
        select (local_minute / 60)::int as hour, ${classColumns(context)} from facts group by 1 order by 1`,
    ),
  ]);
  const row = totals[0]!;
  return {
    ...meta(context),
    totals: classTotals(row),
    totalHh: row.total_hh,
    hours: hours.map(({ hour, ...rest }) => ({ hour, ...classTotals(rest) })),
  };
}
