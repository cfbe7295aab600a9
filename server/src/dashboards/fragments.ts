import { getTableName, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { lowConfidence, previousPeriod, shareDifference, shareInterval } from '@canteiro/shared/domain';
import type { ClassTotals, DashboardClass, PreviousPeriod, ShareInterval } from '@canteiro/shared/domain';
import {
  activityDaily,
  activityDailyClasses,
  activityDailyFunctions,
  activityDailyLocalTimes,
  activityHourly,
  activityWalks,
} from '../db/schema/dashboards.js';
import { activityReports } from '../db/schema/reports.js';
import type { areas, functions, locals } from '../db/schema/catalogue.js';
import { activities, occurrences, packages } from '../db/schema/catalogue.js';
import type { blocks } from '../db/schema/catalogue.js';
import { activityLabel, labelledRows, packageLabel } from '../db/catalogue-labels.js';
import type { DashboardContext } from './context.js';
import { contextOverDays, figureRows } from './context.js';

/**
 * The SQL the dashboards are written in: the filtered facts as CTE bodies, each from the
 * coarsest relation that answers the filters (the choice is rollups.ts's), and the columns
 * every dashboard computes its class figures with.
 */

/**
 * The filtered activity rows with their occurrence's class (`c`), as a CTE body: every
 * activity dashboard reads `facts`.
 */
export const activityFacts = (context: DashboardContext): SQL =>
  sql`select ${activityReports.reportTime} as report_time, ${activityReports.localDate} as local_date,
      ${activityReports.localMinute} as local_minute, ${activityReports.localWeekday} as local_weekday,
      ${activityReports.userId} as user_id, ${activityReports.packageId} as package_id,
      ${activityReports.localId} as local_id, ${activityReports.activityId} as activity_id,
      ${activityReports.functionId} as function_id, ${activityReports.occurrenceId} as occurrence_id,
      ${activityReports.quantity} as quantity, ${activityReports.quantity}::int * ${activityReports.quantity} as squares,
      1 as rows, ${occurrences.classification} as c
    from ${activityReports} join ${occurrences} on ${occurrences.id} = ${activityReports.occurrenceId}
    where ${context.activity}`;

/**
 * The filtered activity rows folded by site day, as a CTE body with the columns of
 * {@link activityFacts} that survive the folding (`rows` = report rows of each line): from the
 * daily rollup when it can answer the filters, otherwise from the rows. Sum `quantity` and
 * `rows`, never count.
 */
export const dailyFacts = (context: DashboardContext): SQL =>
  context.daily === null
    ? activityFacts(context)
    : sql`select r.local_date, r.local_weekday, r.package_id, r.local_id, r.activity_id, r.function_id,
        r.occurrence_id, r.quantity::float8 as quantity, r.quantity_squares::float8 as squares, r.registers as rows,
        ${occurrences.classification} as c
      from (select * from ${activityDaily} as ${sql.identifier('activity_reports')} where ${context.daily}) r
        join ${occurrences} on ${occurrences.id} = r.occurrence_id`;

/**
 * The filtered activity rows by site day, package, local, activity and function with the
 * workers of each class apart (`va`, `hw`, `ew`), their sum (`quantity`) and the report rows
 * (`rows`), as a CTE body: from activity_daily_classes when it answers the filters, otherwise
 * {@link dailyFacts} with each line's workers put in its class's column. Sum every column.
 * The rollups' bigint columns are read as float8 (exact below 2^53): `sum(bigint)` is numeric
 * arithmetic, and with the three squares it made project health's default view 25 % slower
 * (docs/benchmarks.md).
 */
export const classFacts = (context: DashboardContext): SQL =>
  context.classes === null
    ? sql`select local_date, local_weekday, package_id, local_id, activity_id, function_id,
        case when c = 'value_adding' then quantity else 0 end as va,
        case when c = 'hidden_waste' then quantity else 0 end as hw,
        case when c = 'evident_waste' then quantity else 0 end as ew, quantity, rows,
        case when c = 'value_adding' then squares else 0 end as va_sq,
        case when c = 'hidden_waste' then squares else 0 end as hw_sq,
        case when c = 'evident_waste' then squares else 0 end as ew_sq
      from (${dailyFacts(context)}) f`
    : sql`select local_date, local_weekday, package_id, local_id, activity_id, function_id,
        value_adding::float8 as va, hidden_waste::float8 as hw, evident_waste::float8 as ew,
        quantity::float8 as quantity, registers as rows, value_adding_squares::float8 as va_sq,
        hidden_waste_squares::float8 as hw_sq, evident_waste_squares::float8 as ew_sq
      from ${activityDailyClasses} as ${sql.identifier('activity_reports')} where ${context.classes}`;

/**
 * The filtered activity rows as (function, occurrence, class, workers, rows) lines: from
 * activity_daily_functions when it answers the filters, else from activity_hourly (a window
 * of whole hours), otherwise {@link dailyFacts}.
 */
export function functionFacts(context: DashboardContext): SQL {
  const [table, where] =
    context.functions !== null
      ? [activityDailyFunctions, context.functions]
      : context.hourly !== null
        ? [activityHourly, context.hourly]
        : [null, null];
  if (table === null)
    return sql`select function_id, occurrence_id, c, quantity, squares, rows from (${dailyFacts(context)}) f`;
  return sql`select r.function_id, r.occurrence_id, ${occurrences.classification} as c, r.quantity::float8 as quantity,
      r.quantity_squares::float8 as squares, r.registers as rows
    from (select * from ${table} as ${sql.identifier('activity_reports')} where ${where}) r
      join ${occurrences} on ${occurrences.id} = r.occurrence_id`;
}

/**
 * The filtered activity rows by hour of the site day with their class, as a CTE body
 * (`hour`, `local_date`, `c`, `quantity`, `rows`): from activity_hourly when it answers the filters,
 * otherwise from the rows.
 */
export const hourFacts = (context: DashboardContext): SQL =>
  context.hourly === null
    ? sql`select (local_minute / 60)::int as hour, local_date, c, quantity, squares, 1 as rows from (${activityFacts(context)}) f`
    : sql`select (r.local_minute / 60)::int as hour, r.local_date, ${occurrences.classification} as c,
        r.quantity::float8 as quantity, r.quantity_squares::float8 as squares, r.registers as rows
      from (select * from ${activityHourly} as ${sql.identifier('activity_reports')} where ${context.hourly}) r
        join ${occurrences} on ${occurrences.id} = r.occurrence_id`;

/** The distinct (report time, local) pairs under the filters, from activity_daily_local_times; null when it cannot answer. */
export const localTimesCount = (context: DashboardContext): SQL | null =>
  context.localTimes === null
    ? null
    : sql`(select sum(report_times) from ${activityDailyLocalTimes} as ${sql.identifier('activity_reports')}
        where ${context.localTimes})`;

/** The walks under the filters' days, time window and weekdays (compliance). */
export const walkRows = (context: DashboardContext): SQL =>
  sql`select * from ${activityWalks} as ${sql.identifier('activity_reports')} where ${context.walks}`;

const workersOf = (classification: string): SQL => sql`coalesce(sum(quantity) filter (where c = ${classification}), 0)`;
const squaresOf = (classification: string): SQL =>
  sql`coalesce(sum(squares) filter (where c = ${classification}), 0)::float8`;

/**
 * The aggregate columns of {@link ClassRow} over `facts`, or over a pre-aggregated relation
 * whose `quantity` and `squares` are already sums and whose rows stand for `registers` report
 * rows: HH = workers × hours; an index is the class's workers over all workers (the hours
 * cancel), null without workers; the squares of each class's rows for its interval.
 */
export function classColumns(context: DashboardContext, registers: SQL = sql`count(*)`): SQL {
  const hours = sql`cast(${context.hours} as float8)`;
  const index = (classification: string) =>
    sql`(${workersOf(classification)})::float8 / nullif(sum(quantity), 0)::float8`;
  return sql`(${workersOf('value_adding')})::float8 * ${hours} as va_hh,
    (${workersOf('hidden_waste')})::float8 * ${hours} as hw_hh,
    (${workersOf('evident_waste')})::float8 * ${hours} as ew_hh,
    coalesce(sum(quantity), 0)::float8 * ${hours} as total_hh,
    ${index('value_adding')} as va_index, ${index('hidden_waste')} as hw_index, ${index('evident_waste')} as ew_index,
    coalesce(sum(quantity), 0)::int as workers, coalesce(${registers}, 0)::int as registers,
    ${squaresOf('value_adding')} as va_sq, ${squaresOf('hidden_waste')} as hw_sq, ${squaresOf('evident_waste')} as ew_sq`;
}

/** A slice's plain sums: each class's workers, all workers, the rows, each class's squares (DOMAIN.md §5). */
export interface Sums {
  va: number;
  hw: number;
  ew: number;
  quantity: number;
  rows: number;
  va_sq: number;
  hw_sq: number;
  ew_sq: number;
}

/** {@link Sums} as columns over a relation of class sums (null over no rows: 0). */
export const sumColumns = sql`coalesce(va, 0) as va, coalesce(hw, 0) as hw, coalesce(ew, 0) as ew,
  coalesce(quantity, 0) as quantity, coalesce(rows, 0) as rows, coalesce(va_sq, 0) as va_sq,
  coalesce(hw_sq, 0) as hw_sq, coalesce(ew_sq, 0) as ew_sq`;

/** A slice's class figures from its sums, as classColumns computes them in SQL (the same float operations). */
export function classRowOf(sums: Sums, hours: number): ClassRow {
  const index = (workers: number) => (sums.quantity > 0 ? workers / sums.quantity : null);
  return {
    va_hh: sums.va * hours,
    hw_hh: sums.hw * hours,
    ew_hh: sums.ew * hours,
    total_hh: sums.quantity * hours,
    va_index: index(sums.va),
    hw_index: index(sums.hw),
    ew_index: index(sums.ew),
    workers: sums.quantity,
    registers: sums.rows,
    va_sq: sums.va_sq,
    hw_sq: sums.hw_sq,
    ew_sq: sums.ew_sq,
  };
}

/**
 * The class totals of the period just before the filters' days (DOMAIN.md §5): as many days,
 * ending the day before the first, under the same filters otherwise; one aggregate over
 * {@link functionFacts} (activity_daily_functions for whole days without a place: 2.5 k lines
 * for four weeks of the 10 M-row bench, 1.8 ms, where activity_daily_classes' 22 k took 9 ms).
 * Null when the filters do not bound both ends (or out of scope).
 */
export async function previousTotals(
  context: DashboardContext,
): Promise<{ from: string; to: string; totals: ClassTotals } | null> {
  const days = previousPeriod(context.filters);
  if (days === null || !context.inScope) return null;
  return { ...days, totals: await totalsOver(context, days) };
}

/** The class totals of `days` (`from`–`to`) under the context's other filters: one aggregate (see above). */
export async function totalsOver(context: DashboardContext, days: { from: string; to: string }): Promise<ClassTotals> {
  const over = contextOverDays(context, days);
  const [row] = await figureRows<ClassRow>(
    context.orm,
    sql`select ${classColumns(over, sql`sum(rows)`)} from (${functionFacts(over)}) f`,
  );
  return classTotals(row!);
}

/** Each share's change from the period before to `totals` (DOMAIN.md §5), null where either share is. */
export function comparedWith(
  previous: { from: string; to: string; totals: ClassTotals } | null,
  totals: ClassTotals,
): PreviousPeriod {
  if (previous === null) return null;
  const change = (name: DashboardClass) => {
    const [before, after] = [previous.totals, totals];
    const [was, is] = [before.intervals[name], after.intervals[name]];
    const [share, now] = [before.index[name], after.index[name]];
    return was === null || is === null || share === null || now === null
      ? null
      : shareDifference({ share, variance: was.variance }, { share: now, variance: is.variance });
  };
  return {
    ...previous,
    change: {
      valueAdding: change('valueAdding'),
      hiddenWaste: change('hiddenWaste'),
      evidentWaste: change('evidentWaste'),
    },
  };
}

/** `[…]` of `select` rows as JSON, in `order`: one column of a one-row answer. */
export const jsonRows = (select: SQL, order: SQL): SQL =>
  sql`(select coalesce(json_agg(t order by ${order}), '[]'::json) from (${select}) t)`;

/** A slice's class figures as SQL answers them: HH, indexes, the sample and the squares (DOMAIN.md §5). */
export interface ClassRow {
  va_hh: number;
  hw_hh: number;
  ew_hh: number;
  total_hh: number;
  va_index: number | null;
  hw_index: number | null;
  ew_index: number | null;
  workers: number;
  registers: number;
  va_sq: number;
  hw_sq: number;
  ew_sq: number;
}

/** A class's interval in a slice (module-level, not a closure per row: thousands of ranked rows call it). */
function classInterval(row: ClassRow, index: number | null, classSquares: number): ShareInterval | null {
  return index === null
    ? null
    : shareInterval({
        rows: row.registers,
        workers: row.workers,
        classWorkers: index * row.workers,
        squares: row.va_sq + row.hw_sq + row.ew_sq,
        classSquares,
      });
}

/** Each class's 95 % interval from a slice's sums (DOMAIN.md §5). */
export function classIntervals(row: ClassRow): ClassTotals['intervals'] {
  return {
    valueAdding: classInterval(row, row.va_index, row.va_sq),
    hiddenWaste: classInterval(row, row.hw_index, row.hw_sq),
    evidentWaste: classInterval(row, row.ew_index, row.ew_sq),
  };
}

export function classTotals(row: ClassRow): ClassTotals {
  const intervals = classIntervals(row);
  return {
    hh: { valueAdding: row.va_hh, hiddenWaste: row.hw_hh, evidentWaste: row.ew_hh, total: row.total_hh },
    index: { valueAdding: row.va_index, hiddenWaste: row.hw_index, evidentWaste: row.ew_index },
    intervals,
    workers: row.workers,
    registers: row.registers,
    lowConfidence: lowConfidence(intervals),
  };
}

/** Ranked lists: value-adding index first, then HH, then id, so equal figures keep one order. */
export const rankOrder = sql`va_index desc nulls last, total_hh desc, id`;

/** The catalogue tables a dashboard names rows of (each of one contract). */
export type CatalogueTable =
  typeof packages | typeof locals | typeof areas | typeof blocks | typeof functions | typeof activities;

/**
 * How a dashboard names a catalogue row, the table joined under its own name: a package or
 * activity whose name repeats in the contract carries its path (db/catalogue-labels.ts).
 */
export function catalogueName(table: CatalogueTable): SQL {
  if (table === packages) return packageLabel();
  if (table === activities) return activityLabel();
  return sql`${table.name}`;
}

/**
 * One contract's rows of a catalogue table, to join under the table's own name, each with the
 * name it is shown by as `label` ({@link catalogueLabel}): labelled in one pass over the
 * contract's rows, for the lists that name most of them.
 */
export const catalogueRows = (table: CatalogueTable, contract: number): SQL => labelledRows(table, contract);

/** The shown name of a row joined from {@link catalogueRows}. */
export const catalogueLabel = (table: CatalogueTable): SQL => sql`${sql.identifier(getTableName(table))}.label`;

/** The first day (`YYYY-MM-DD`) of the bucket of the filters' range that holds `day`: a week's is its Monday. */
export const bucketOf = (context: DashboardContext, day: SQL): SQL =>
  sql`to_char(date_trunc(${context.filters.range}, (${day})::timestamp), 'YYYY-MM-DD')`;
