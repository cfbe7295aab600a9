import { sql } from 'drizzle-orm';
import {
  RANK_LISTS,
  controlChart,
  rankEnds,
  scheduledShare,
  weekDays,
  weekOf,
  weekdayOf,
} from '@canteiro/shared/domain';
import type { RangeType, RankList } from '@canteiro/shared/domain';
import type { ClassTotals, NamedClassTotals, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { activities, functions, locals, packages } from '../db/schema/catalogue.js';
import { users } from '../db/schema/people.js';
import { annotationsOf } from './annotations.js';
import type { DashboardContext } from './context.js';
import type { CatalogueTable, ClassRow, Sums } from './fragments.js';
import { movements, sharesBefore } from './movement.js';
import { figureRows, meta } from './context.js';
import {
  catalogueLabel,
  catalogueRows,
  classFacts,
  classRowOf,
  classTotals,
  comparedWith,
  jsonRows,
  previousTotals,
  sumColumns,
  walkRows,
} from './fragments.js';

/**
 * The control chart of the daily value-adding share (DOMAIN.md §5): the window's share and
 * design effect, each day's share and workers.
 */
function control(overall: ClassTotals, days: (ClassRow & { date: string })[]): ProjectHealthDashboard['control'] {
  const centre = overall.index.valueAdding;
  const designEffect = overall.intervals.valueAdding?.designEffect ?? null;
  if (centre === null) return { centre, designEffect, days: [] };
  const measured = days.flatMap((day) =>
    day.va_index === null ? [] : [{ date: day.date, share: day.va_index, workers: day.workers }],
  );
  return { centre, designEffect, days: controlChart(measured, centre, designEffect) };
}

/** The ranked lists' items with their figures and, when there is a period before, how each moved. */
function ranked(
  lists: Record<RankList, Named[]>,
  named: (row: Named) => NamedClassTotals,
  before: Awaited<ReturnType<typeof sharesBefore>>,
): ProjectHealthDashboard['ranks'] {
  const entries = RANK_LISTS.map((list) => {
    const items = lists[list].map(named);
    const moved = before === null ? null : movements(items, before[list]);
    return [list, items.map((item, index) => ({ ...item, moved: moved?.[index] ?? null }))];
  });
  return Object.fromEntries(entries) as ProjectHealthDashboard['ranks'];
}

/**
 * The answer as the screen first takes it: each ranked list by its ends (rankEnds), but `whole`,
 * which goes whole. The kept answer stays whole: the export and the whole lists come from it.
 * At 1 M rows in one contract the whole answer was 3.7 MB of JSON, 3.7 of it the 4 091 ranked items.
 */
export function rankEndsAnswer(answer: ProjectHealthDashboard, whole: RankList | null): ProjectHealthDashboard {
  const ranks = Object.fromEntries(
    RANK_LISTS.map((list) => [list, list === whole ? answer.ranks[list] : rankEnds(answer.ranks[list])]),
  ) as ProjectHealthDashboard['ranks'];
  return { ...answer, ranks };
}

/** A site day's sums as the GROUPING SETS pass answers them (workers, rows, squares per class). */
type DaySums = Sums & { date: string };

/** The first day of the bucket of `range` that holds `day` (a week's Monday, as date_trunc). */
export function bucketOf(day: string, range: RangeType): string {
  if (range === 'day') return day;
  if (range === 'week') return weekDays(weekOf(day))!.from;
  return range === 'month' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
}

const SUMMED = ['va', 'hw', 'ew', 'quantity', 'rows', 'va_sq', 'hw_sq', 'ew_sq'] as const;

/**
 * The evolution's buckets folded from the days (every sum adds up, the squares too), so the one
 * pass groups by day once for both the evolution and the control chart.
 */
function buckets(days: DaySums[], range: RangeType, hours: number): (ClassRow & { bucket: string })[] {
  const folded = new Map<string, Sums>();
  for (const day of days) {
    const key = bucketOf(day.date, range);
    const sums = folded.get(key) ?? { va: 0, hw: 0, ew: 0, quantity: 0, rows: 0, va_sq: 0, hw_sq: 0, ew_sq: 0 };
    for (const name of SUMMED) sums[name] += Number(day[name]);
    folded.set(key, sums);
  }
  return [...folded].map(([bucket, sums]) => ({ bucket, ...classRowOf(sums, hours) }));
}

type Named = Sums & { id: number; name: string };

interface Figures {
  totals: Sums;
  weekdays: (Sums & { weekday: number })[];
  days: DaySums[];
  packages: Named[];
  locals: Named[];
  functions: Named[];
  activities: Named[];
}

interface Compliance {
  reporters: { user: number; name: string; reports: number }[];
  days: { date: string; reports: number }[];
  reporterCount: number;
}

/**
 * Project health (DOMAIN.md §3): HH and indexes by class, weekday production, the
 * value-adding index per bucket of `range`, the ranks and reporting compliance. Two
 * statements: the first folds the filtered lines by class (activity_daily_classes for whole
 * days, otherwise the rows or activity_daily: context.ts) once, into every grouping a figure
 * needs at the same time (GROUPING SETS: one pass, plain sums, the classes already apart); the
 * second counts the walks (`activity_walks`) under the days, time window and weekdays:
 * compliance is about the reporters' walks, which cover the whole site, so the dimension
 * filters do not narrow it.
 */
export async function projectHealth(context: DashboardContext): Promise<ProjectHealthDashboard> {
  // The last observation's probe runs beside the figures, not after them (handled now, awaited below).
  const described = meta(context, 'activity');
  described.catch(() => undefined);
  const { orm, goal } = context;
  // Plain sums, not the figures: the figures of a slice are its sums put together in JS
  // (classRowOf, the same float operations as SQL), which keeps the answer the driver parses
  // 1.8× smaller (752 → 421 kB on the 10 M-row bench: thousands of ranked rows).
  // grouping(...) of each set: a bit per key, set for the keys the line is not grouped by.
  const keys = ['local_weekday', 'local_date', 'package_id', 'local_id', 'function_id', 'activity_id'] as const;
  const all = (1 << keys.length) - 1;
  const set = (key: (typeof keys)[number] | null) =>
    sql.raw(String(key === null ? all : all & ~(1 << (keys.length - 1 - keys.indexOf(key)))));
  // The contract's own catalogue rows only (its index), not a hash of every contract's.
  const rank = (key: 'package_id' | 'local_id' | 'function_id' | 'activity_id', table: CatalogueTable) =>
    jsonRows(
      sql`select grouped.*, ${catalogueLabel(table)} as name
        from (select ${sql.identifier(key)} as id, ${sumColumns} from sets where grouping_set = ${set(key)}) grouped
          join ${catalogueRows(table, context.filters.contract)} on ${table.id} = grouped.id`,
      // rankOrder (value-adding index, HH, id) on the sums: HH is the workers × a constant.
      sql`va::float8 / nullif(quantity, 0)::float8 desc nulls last, quantity desc, id`,
    );
  // The period before's totals (the KPIs' comparison) beside the figures: one sum over its days.
  const before = previousTotals(context);
  before.catch(() => undefined);
  // The ranked items' shares in those days (how each moved), beside them too.
  const ranksBefore = sharesBefore(context);
  ranksBefore.catch(() => undefined);
  // The annotations on these days with their comparisons (a write moves the global version: cache.ts).
  const annotated = annotationsOf(context);
  annotated.catch(() => undefined);
  const [[figures], [walks]] = await Promise.all([
    figureRows<Figures>(
      orm,
      sql`with facts as (${classFacts(context)}),
        sets as materialized (
          select grouping(local_weekday, local_date, package_id, local_id, function_id, activity_id) as grouping_set,
            local_weekday, local_date, package_id, local_id, function_id, activity_id,
            sum(va) as va, sum(hw) as hw, sum(ew) as ew, sum(quantity) as quantity, sum(rows) as rows,
            sum(va_sq) as va_sq, sum(hw_sq) as hw_sq, sum(ew_sq) as ew_sq
          from facts
          group by grouping sets ((), (local_weekday), (local_date), (package_id), (local_id), (function_id), (activity_id)))
        select (select row_to_json(t) from (select ${sumColumns} from sets where grouping_set = ${set(null)}) t) as totals,
          ${jsonRows(
            sql`select local_weekday::int as weekday, ${sumColumns} from sets where grouping_set = ${set('local_weekday')}`,
            sql`weekday`,
          )} as weekdays,
          ${jsonRows(
            sql`select to_char(local_date, 'YYYY-MM-DD') as date, ${sumColumns} from sets where grouping_set = ${set('local_date')}`,
            sql`date`,
          )} as days,
          ${rank('package_id', packages)} as packages,
          ${rank('local_id', locals)} as locals,
          ${rank('function_id', functions)} as functions,
          ${rank('activity_id', activities)} as activities`,
    ),
    // A report is a walk: the distinct report times of a reporter (docs/demo-data.md). The walks
    // are counted once per reporter and day; every compliance figure comes from those few lines.
    figureRows<Compliance>(
      orm,
      sql`with walks as materialized (
          select user_id, local_date, count(*) as reports from (${walkRows(context)}) w group by 1, 2)
        select ${jsonRows(
          sql`select grouped.user_id as "user", coalesce(${users.firstName}, ${users.username}) as name, grouped.reports
            from (select user_id, sum(reports)::int as reports from walks group by 1) grouped
              join ${users} on ${users.id} = grouped.user_id`,
          sql`reports desc, "user"`,
        )} as reporters,
          ${jsonRows(
            sql`select to_char(local_date, 'YYYY-MM-DD') as date, sum(reports)::int as reports from walks group by local_date`,
            sql`date`,
          )} as days,
          (select count(distinct user_id)::int from walks) as "reporterCount"`,
    ),
  ]);
  const { totals, weekdays } = figures!;
  const { hours } = context;
  const evolution = buckets(figures!.days, context.filters.range, hours);
  const daily = figures!.days.map((day) => ({ date: day.date, ...classRowOf(day, hours) }));
  const overall = classTotals(classRowOf(totals, hours));
  const named = (row: Named): NamedClassTotals => ({
    id: row.id,
    name: row.name,
    ...classTotals(classRowOf(row, hours)),
  });
  const { reporters, days, reporterCount } = walks!;
  const ratio = (made: number, expected: number) => (expected > 0 ? made / expected : null);
  // Sums over the few reporters and days (not over report rows): walks made, and the goal in
  // proportion to each reported day's scheduled time inside the time window (docs/dashboards.md).
  const reportsMade = reporters.reduce((sum, reporter) => sum + reporter.reports, 0);
  const { fromTime, toTime } = context.filters;
  const dayGoals = days.map(
    (day) => goal * scheduledShare(context.schedule, weekdayOf(day.date), { fromTime, toTime }),
  );
  const expectedEach = dayGoals.reduce((sum, dayGoal) => sum + dayGoal, 0);
  const expectedAll = expectedEach * reporters.length;
  return {
    ...(await described),
    targets: context.targets,
    totals: overall,
    previous: comparedWith(await before, overall),
    weekdays: weekdays.map((row) => ({ weekday: row.weekday, ...classTotals(classRowOf(row, hours)) })),
    evolution: evolution.map((row) => {
      const point = classTotals(row);
      return {
        bucket: row.bucket,
        valueAddingIndex: row.va_index,
        interval: point.intervals.valueAdding,
        hh: row.total_hh,
        workers: row.workers,
        registers: row.registers,
        lowConfidence: point.intervals.valueAdding?.lowConfidence ?? true,
      };
    }),
    control: control(overall, daily),
    ranks: ranked(
      {
        packages: figures!.packages,
        locals: figures!.locals,
        functions: figures!.functions,
        activities: figures!.activities,
      },
      named,
      await ranksBefore,
    ),
    rankCounts: {
      packages: figures!.packages.length,
      locals: figures!.locals.length,
      functions: figures!.functions.length,
      activities: figures!.activities.length,
    },
    annotations: await annotated,
    compliance: {
      goal,
      reports: reportsMade,
      expected: expectedAll,
      ratio: ratio(reportsMade, expectedAll),
      reporters: reporters.map(({ user, name, reports }) => ({
        user,
        name,
        reports,
        expected: expectedEach,
        ratio: ratio(reports, expectedEach),
      })),
      days: days.map(({ date, reports }, index) => ({
        date,
        reports,
        expected: dayGoals[index]! * reporterCount,
        ratio: ratio(reports, dayGoals[index]! * reporterCount),
      })),
    },
  };
}
