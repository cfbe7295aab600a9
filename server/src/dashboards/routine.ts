import { sql } from 'drizzle-orm';
import type { RoutineDashboard } from '@canteiro/shared/domain';
import { annotationsOf } from './annotations.js';
import type { DashboardContext } from './context.js';
import type { ClassRow } from './fragments.js';
import { figureRows, meta } from './context.js';
import { bucketOf, classColumns, classTotals, comparedWith, hourFacts, jsonRows, previousTotals } from './fragments.js';

/**
 * Routine (DOMAIN.md §3): total HH and HH by class per hour of the site's day, and per bucket
 * of the range (day, week, month, year). One pass: the rows (or activity_hourly, for whole days
 * or hours with no filter but function and occurrence: context.ts) fold into hour × day ×
 * class (by site day, the days folded into buckets), the totals, the hours and the buckets come from that.
 */
export async function routine(context: DashboardContext): Promise<RoutineDashboard> {
  // The last observation's probe runs beside the figures, not after them (handled now, awaited below).
  const described = meta(context, 'activity');
  described.catch(() => undefined);
  const before = previousTotals(context);
  before.catch(() => undefined);
  // The annotations its buckets show (a write moves the global version: cache.ts).
  const annotated = annotationsOf(context);
  annotated.catch(() => undefined);
  const columns = classColumns(context, sql`sum(rows)`);
  const [answer] = await figureRows<{
    totals: ClassRow;
    hours: (ClassRow & { hour: number })[];
    evolution: (ClassRow & { bucket: string })[];
  }>(
    context.orm,
    sql`with facts as (${hourFacts(context)}),
      cube as materialized (
        select hour, local_date, c, sum(quantity) as quantity, sum(squares) as squares, sum(rows) as rows
        from facts group by 1, 2, 3)
      select (select row_to_json(t) from (select ${columns} from cube) t) as totals,
        ${jsonRows(sql`select hour, ${columns} from cube group by 1`, sql`hour`)} as hours,
        ${jsonRows(
          // The bucket of each of the cube's few days, not of every fact row (to_char per row doubled the pass).
          sql`select bucket, ${columns} from (select ${bucketOf(context, sql`local_date`)} as bucket, * from cube) days group by 1`,
          sql`bucket`,
        )} as evolution`,
  );
  const { totals, hours, evolution } = answer!;
  const overall = classTotals(totals);
  return {
    ...(await described),
    totals: overall,
    previous: comparedWith(await before, overall),
    totalHh: totals.total_hh,
    hours: hours.map(({ hour, ...rest }) => ({ hour, ...classTotals(rest) })),
    evolution: evolution.map(({ bucket, ...rest }) => ({ bucket, ...classTotals(rest) })),
    annotations: await annotated,
  };
}
