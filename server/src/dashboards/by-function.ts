import { sql } from 'drizzle-orm';
import { shareInterval } from '@canteiro/shared/domain';
import type { ByFunctionDashboard, TopOccurrence } from '@canteiro/shared/domain';
import { functions, occurrences } from '../db/schema/catalogue.js';
import { activityReports } from '../db/schema/reports.js';
import type { DashboardContext } from './context.js';
import type { ClassRow } from './fragments.js';
import { figureRows, meta } from './context.js';
import { classColumns, classTotals, functionFacts, jsonRows, localTimesCount, rankOrder } from './fragments.js';

/** An occurrence's Σy² and the slice's rows, workers and Σx²: its share's interval. */
interface OccurrenceSums {
  squares: number;
  allSquares: number;
  allWorkers: number;
  allRows: number;
}

/** An occurrence's share with its 95 % interval: a ratio estimator over every row of the slice (DOMAIN.md §5). */
const withInterval = <T extends { workers: number } & OccurrenceSums>({
  squares,
  allSquares,
  allWorkers,
  allRows,
  ...occurrence
}: T) => ({
  ...occurrence,
  interval: shareInterval({
    rows: allRows,
    workers: allWorkers,
    classWorkers: occurrence.workers,
    squares: allSquares,
    classSquares: squares,
  }),
});

/**
 * By function (DOMAIN.md §3): total HH, people and registers, average people per local
 * (people / distinct (report time, local)), the losses by HH with their running share
 * (a Pareto; the value-adding occurrences apart) and the functions ranked by value-adding index. Two statements in parallel, one
 * pass each: the rows (or a daily rollup, for whole days: activity_daily_functions when no
 * package, local, area, block or activity filter is set) folded into occurrence × function ×
 * class, and the (time, local) pairs, from the rows; for whole days with no dimension filter
 * but local or area, activity_daily_local_times counts the pairs and one statement does.
 */
export async function byFunction(context: DashboardContext): Promise<ByFunctionDashboard> {
  // The last observation's probe runs beside the figures, not after them (handled now, awaited below).
  const described = meta(context, 'activity');
  described.catch(() => undefined);
  const { orm } = context;
  const hours = sql`cast(${context.hours} as float8)`;
  const columns = classColumns(context, sql`sum(rows)`);
  const pairs = localTimesCount(context);
  // The Pareto is of the losses: its running share runs over the hidden and evident waste only.
  const loss = sql`(${occurrences.classification} <> 'value_adding')`;
  const figures = figureRows<{
    totals: ClassRow;
    top: (Omit<TopOccurrence, 'interval' | 'classification'> & {
      classification: TopOccurrence['classification'] | 'value_adding';
    } & OccurrenceSums)[];
    functions: (ClassRow & { id: number; name: string })[];
    average: number | null;
  }>(
    orm,
    sql`with facts as (${functionFacts(context)}),
      cube as materialized (
        select occurrence_id, function_id, c, sum(quantity) as quantity, sum(squares) as squares, sum(rows) as rows
        from facts group by 1, 2, 3)
      select (select row_to_json(t) from (select ${columns} from cube) t) as totals,
        ${jsonRows(
          sql`select grouped.id, ${occurrences.name} as name, ${occurrences.classification} as classification,
              grouped.workers::float8 * ${hours} as hh, grouped.workers::int as workers,
              grouped.workers::float8 / sum(grouped.workers) over ()::float8 as share,
              sum(grouped.workers) over (partition by ${loss} order by grouped.workers desc, grouped.id)::float8
                / sum(grouped.workers) over (partition by ${loss})::float8 as "cumulativeShare",
              grouped.squares::float8 as squares, sum(grouped.squares) over ()::float8 as "allSquares",
              sum(grouped.workers) over ()::float8 as "allWorkers", (select sum(rows) from cube)::int as "allRows"
            from (select occurrence_id as id, sum(quantity) as workers, sum(squares) as squares from cube group by 1) grouped
              join ${occurrences} on ${occurrences.id} = grouped.id`,
          sql`workers desc, id`,
        )} as top,
        ${jsonRows(
          sql`select grouped.*, ${functions.name} as name
            from (select function_id as id, ${columns} from cube group by 1) grouped
              join ${functions} on ${functions.id} = grouped.id`,
          rankOrder,
        )} as functions,
        ${pairs === null ? sql`null` : sql`(select sum(quantity) from cube)::float8 / nullif(${pairs}, 0)::float8`} as average`,
  );
  // Without the local times rollup, only the rows hold the (time, local) pairs, and nearly every
  // row is a pair of its own (462 k pairs of 463 k rows on the scale contract's four weeks). The
  // pairs need no class: the rows alone, without the occurrences' join.
  const averageOfRows =
    pairs === null
      ? figureRows<{ average: number | null }>(
          orm,
          sql`select sum(people)::float8 / nullif(count(*), 0)::float8 as average
            from (select sum(${activityReports.quantity}) as people from ${activityReports} where ${context.activity}
              group by ${activityReports.reportTime}, ${activityReports.localId}) pairs`,
        )
      : null;
  const [[answer], average] = await Promise.all([figures, averageOfRows]);
  const { totals, top, functions: ranked } = answer!;
  return {
    ...(await described),
    totals: classTotals(totals),
    totalHh: totals.total_hh,
    totalPeople: totals.workers,
    registers: totals.registers,
    averagePeoplePerLocal: average === null ? answer!.average : average[0]!.average,
    topOccurrences: top.flatMap(({ classification, cumulativeShare, ...occurrence }) =>
      classification === 'value_adding' ? [] : [{ ...withInterval(occurrence), classification, cumulativeShare }],
    ),
    valueAddingOccurrences: top.flatMap(({ classification, cumulativeShare: _running, ...occurrence }) =>
      classification === 'value_adding' ? [withInterval(occurrence)] : [],
    ),
    functions: ranked.map(({ id, name, ...rest }) => ({ id, name, ...classTotals(rest) })),
  };
}
