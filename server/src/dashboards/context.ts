import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CONFIDENCE_SAMPLE, weekDays } from '@canteiro/shared/domain';
import type { ClassTotals, DashboardMeta, FilterDimension, RangeType, ReportFilters } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { allOf } from '../crud/list-query.js';
import { contracts } from '../db/schema/organisation.js';
import {
  activityDaily,
  activityDailyClasses,
  activityDailyFunctions,
  activityDailyLocalTimes,
  activityHourly,
  activityWalks,
  dashboardDataVersion,
  dashboardDataVersions,
} from '../db/schema/dashboards.js';
import { activityReports } from '../db/schema/reports.js';
import type { areas, functions, locals } from '../db/schema/catalogue.js';
import { activities, blocks, occurrences, packages } from '../db/schema/catalogue.js';
import { ApiError } from '../errors.js';
import { readReportFilters, reportConditions } from '../reports/filters.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

/**
 * What every dashboard needs before its SQL (docs/dashboards.md): the filters read by the
 * shared schema (400 validation_failed otherwise), the contract's reporting period and goal
 * within the caller's scope, and the filters as conditions on each report table. A contract
 * outside the scope (or that does not exist) answers as one without reports: every condition
 * is `false`, the same as the report lists (docs/reports.md).
 */
export interface DashboardContext {
  orm: Orm;
  filters: ReportFilters & { range: RangeType };
  /** Hours per worker seen: the contract's reportingPeriod / 60. */
  hours: number;
  /** Walks expected per reporter per day. */
  goal: number;
  timeZone: string;
  inScope: boolean;
  /**
   * The data versions read before any figure (db/schema/dashboards.ts): the global one (null
   * before the first write) and the contract's ('0' while its reports were never written).
   */
  version: { global: string; contract: string } | null;
  activity: SQL;
  equipment: SQL;
  quantity: SQL;
  /**
   * The filters on the daily rollup (`activity_daily`, read under the name activity_reports),
   * or null when it cannot answer them: a time-of-day window needs the rows.
   */
  daily: SQL | null;
  /**
   * The filters on the coarser rollups (activity_daily_classes: no occurrence filter;
   * activity_daily_functions: no package, local, area, block or activity filter), or null when
   * the one cannot answer them (then {@link daily} does, or the rows).
   */
  classes: SQL | null;
  functions: SQL | null;
  /** The filters on activity_daily_local_times (whole days, no dimension but local and area), or null. */
  localTimes: SQL | null;
  /** The filters on activity_hourly (whole days or hours, no dimension but function and occurrence), or null. */
  hourly: SQL | null;
  /** The filters on the walks (`activity_walks`): dates, time of day and weekdays, no dimension. */
  walks: SQL;
}

/** Site days of the filters as conditions on a `local_date` column (`to` and the week's Sunday included). */
function dayConditions(filters: ReportFilters): SQL[] {
  const week = filters.week ? weekDays(filters.week) : null;
  const date = activityReports.localDate;
  return [
    filters.from ? sql`${date} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${date} <= ${filters.to}::date` : undefined,
    week ? sql`${date} between ${week.from}::date and ${week.to}::date` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The filters as conditions on the rollup tables, which are read under the name
 * `activity_reports` so the shared conditions (reports/filters.ts) name their columns.
 */
function rollupConditions(filters: ReportFilters, timeZone: string) {
  const { from: _from, to: _to, week: _week, fromTime, toTime, ...rest } = filters;
  const wholeDays = fromTime === undefined && toTime === undefined;
  const walks = {
    contract: filters.contract,
    from: filters.from,
    to: filters.to,
    week: filters.week,
    fromTime,
    toTime,
    weekdays: filters.weekdays,
  };
  const daily = wholeDays ? allOf([...reportConditions('activity', rest, timeZone), ...dayConditions(filters)]) : null;
  const unset = (dimensions: FilterDimension[]) => dimensions.every((name) => filters[name] === undefined);
  // activity_hourly and activity_daily_functions keep no place in the catalogue.
  const unplaced = unset(['package', 'local', 'area', 'block', 'activity']);
  // activity_hourly's local_minute is its hour's first minute: exact for windows of whole hours.
  const wholeHours =
    (fromTime === undefined || fromTime.endsWith(':00')) && (toTime === undefined || toTime.endsWith(':59'));
  return {
    daily,
    hourly:
      wholeHours && unplaced
        ? allOf([...reportConditions('activity', { ...rest, fromTime, toTime }, timeZone), ...dayConditions(filters)])
        : null,
    classes: unset(['occurrence']) ? daily : null,
    functions: unplaced ? daily : null,
    localTimes: unset(['package', 'block', 'activity', 'function', 'occurrence']) ? daily : null,
    // The days again on local_date: the walks' index is (contract_id, local_date).
    walks: allOf([...reportConditions('activity', walks, timeZone), ...dayConditions(filters)]),
  };
}

/** The rollups coarser than activity_daily, and all of them (the context's keys). */
const COARSE_ROLLUPS = ['hourly', 'classes', 'functions', 'localTimes'] as const;
const ROLLUPS = ['daily', ...COARSE_ROLLUPS] as const;
const withEvery = <Key extends string, Value>(keys: readonly Key[], value: Value) =>
  Object.fromEntries(keys.map((key) => [key, value])) as Record<Key, Value>;

/** Which relation the activity dashboards read: the coarsest that answers the filters, or one forced (tests). */
export type RollupLevel = 'coarse' | 'daily' | 'rows';

export async function dashboardContext(
  orm: Orm,
  caller: Caller,
  query: unknown,
  timeZone: string,
  { rollup = 'coarse' }: { rollup?: RollupLevel } = {},
): Promise<DashboardContext> {
  const { filters, fields } = readReportFilters(query);
  if (!filters) throw new ApiError(400, 'validation_failed', fields);
  // The versions ride on the contract lookup: one statement, one snapshot, before any figure.
  const [contract] = await selectRows<{ period: number; goal: number; global: string | null; version: string }>(
    orm,
    sql`select ${contracts.reportingPeriod} as period, ${contracts.reportingGoal} as goal,
        (select ${dashboardDataVersion.version}::text from ${dashboardDataVersion}) as global,
        coalesce((select ${dashboardDataVersions.version}::text from ${dashboardDataVersions}
          where ${dashboardDataVersions.contractId} = ${contracts.id}), '0') as version
      from ${contracts} where ${allOf([eq(contracts.id, filters.contract), contractsScope(caller)])}`,
  );
  const where = (kind: 'activity' | 'equipment' | 'quantity'): SQL =>
    contract ? allOf(reportConditions(kind, filters, timeZone)) : sql`false`;
  return {
    orm,
    filters: { ...filters, range: filters.range ?? 'week' },
    hours: contract ? contract.period / 60 : 0,
    goal: contract?.goal ?? 0,
    timeZone,
    inScope: contract !== undefined,
    version: contract?.global ? { global: contract.global, contract: contract.version } : null,
    activity: where('activity'),
    equipment: where('equipment'),
    quantity: where('quantity'),
    ...(contract ? rollupConditions(filters, timeZone) : withEvery([...ROLLUPS, 'walks'], sql`false`)),
    // A forced level (tests): the coarser relations are not read.
    ...(rollup === 'coarse' ? {} : withEvery(COARSE_ROLLUPS, null)),
    ...(rollup === 'rows' ? { daily: null } : {}),
  };
}

/**
 * Rows of a dashboard statement, planned for its values every time: the leading comment keeps
 * it out of the statements each connection prepares (db/connection.ts), whose generic plan,
 * after five runs, ignores the filter values (a function filter over three months ran 2× the
 * same statement sent bare: docs/dashboards.md). Planning costs a millisecond or two.
 */
export const figureRows = <Row>(orm: Orm, query: SQL): Promise<Row[]> =>
  selectRows<Row>(orm, sql`/* dashboard: planned per call */ ${query}`);

export const meta = (context: DashboardContext): DashboardMeta => ({
  filters: context.filters,
  generatedAt: new Date().toISOString(),
});

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
      ${activityReports.quantity} as quantity, 1 as rows, ${occurrences.classification} as c
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
        r.occurrence_id, r.quantity, r.registers as rows, ${occurrences.classification} as c
      from (select * from ${activityDaily} as ${sql.identifier('activity_reports')} where ${context.daily}) r
        join ${occurrences} on ${occurrences.id} = r.occurrence_id`;

/**
 * The filtered activity rows by site day, package, local, activity and function with the
 * workers of each class apart (`va`, `hw`, `ew`), their sum (`quantity`) and the report rows
 * (`rows`), as a CTE body: from activity_daily_classes when it answers the filters, otherwise
 * {@link dailyFacts} with each line's workers put in its class's column. Sum every column.
 */
export const classFacts = (context: DashboardContext): SQL =>
  context.classes === null
    ? sql`select local_date, local_weekday, package_id, local_id, activity_id, function_id,
        case when c = 'value_adding' then quantity else 0 end as va,
        case when c = 'hidden_waste' then quantity else 0 end as hw,
        case when c = 'evident_waste' then quantity else 0 end as ew, quantity, rows
      from (${dailyFacts(context)}) f`
    : sql`select local_date, local_weekday, package_id, local_id, activity_id, function_id,
        value_adding as va, hidden_waste as hw, evident_waste as ew, quantity, registers as rows
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
  if (table === null) return sql`select function_id, occurrence_id, c, quantity, rows from (${dailyFacts(context)}) f`;
  return sql`select r.function_id, r.occurrence_id, ${occurrences.classification} as c, r.quantity, r.registers as rows
    from (select * from ${table} as ${sql.identifier('activity_reports')} where ${where}) r
      join ${occurrences} on ${occurrences.id} = r.occurrence_id`;
}

/**
 * The filtered activity rows by hour of the site day with their class, as a CTE body
 * (`hour`, `c`, `quantity`, `rows`): from activity_hourly when it answers the filters,
 * otherwise from the rows.
 */
export const hourFacts = (context: DashboardContext): SQL =>
  context.hourly === null
    ? sql`select (local_minute / 60)::int as hour, c, quantity, 1 as rows from (${activityFacts(context)}) f`
    : sql`select (r.local_minute / 60)::int as hour, ${occurrences.classification} as c, r.quantity, r.registers as rows
      from (select * from ${activityHourly} as ${sql.identifier('activity_reports')} where ${context.hourly}) r
        join ${occurrences} on ${occurrences.id} = r.occurrence_id`;

/** The distinct (report time, local) pairs under the filters, from activity_daily_local_times; null when it cannot answer. */
export const localTimesCount = (context: DashboardContext): SQL | null =>
  context.localTimes === null
    ? null
    : sql`(select sum(report_times) from ${activityDailyLocalTimes} as ${sql.identifier('activity_reports')}
        where ${context.localTimes})`;

/**
 * The columns of {@link ClassTotals} from a row of class sums (`va`, `hw`, `ew`, `quantity`,
 * `rows`, null over no rows): the same figures {@link classColumns} aggregates.
 */
export function summedClassColumns(context: DashboardContext): SQL {
  const hours = sql`cast(${context.hours} as float8)`;
  const workers = (column: string) => sql`coalesce(${sql.identifier(column)}, 0)::float8`;
  const index = (column: string) => sql`${workers(column)} / nullif(quantity, 0)::float8`;
  return sql`${workers('va')} * ${hours} as va_hh, ${workers('hw')} * ${hours} as hw_hh,
    ${workers('ew')} * ${hours} as ew_hh, ${workers('quantity')} * ${hours} as total_hh,
    ${index('va')} as va_index, ${index('hw')} as hw_index, ${index('ew')} as ew_index,
    coalesce(quantity, 0)::int as workers, coalesce(rows, 0)::int as registers,
    coalesce(quantity, 0) < ${CONFIDENCE_SAMPLE} as low_confidence`;
}

/** The walks under the filters' days, time window and weekdays (compliance). */
export const walkRows = (context: DashboardContext): SQL =>
  sql`select * from ${activityWalks} as ${sql.identifier('activity_reports')} where ${context.walks}`;

const workersOf = (classification: string): SQL => sql`coalesce(sum(quantity) filter (where c = ${classification}), 0)`;

/**
 * The aggregate columns of {@link ClassTotals} over `facts`, or over a pre-aggregated relation
 * whose `quantity` is already a sum and whose rows stand for `registers` report rows: HH =
 * workers × hours; an index is the class's workers over all workers (the hours cancel), null
 * without workers.
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
    coalesce(sum(quantity), 0) < ${CONFIDENCE_SAMPLE} as low_confidence`;
}

/** `[…]` of `select` rows as JSON, in `order`: one column of a one-row answer. */
export const jsonRows = (select: SQL, order: SQL): SQL =>
  sql`(select coalesce(json_agg(t order by ${order}), '[]'::json) from (${select}) t)`;

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
  low_confidence: boolean;
}

export const classTotals = (row: ClassRow): ClassTotals => ({
  hh: { valueAdding: row.va_hh, hiddenWaste: row.hw_hh, evidentWaste: row.ew_hh, total: row.total_hh },
  index: { valueAdding: row.va_index, hiddenWaste: row.hw_index, evidentWaste: row.ew_index },
  workers: row.workers,
  registers: row.registers,
  lowConfidence: row.low_confidence,
});

/** Ranked lists: value-adding index first, then HH, then id, so equal figures keep one order. */
export const rankOrder = sql`va_index desc nulls last, total_hh desc, id`;

/** The catalogue tables a dashboard names rows of (each of one contract). */
export type CatalogueTable =
  typeof packages | typeof locals | typeof areas | typeof blocks | typeof functions | typeof activities;

/**
 * How a dashboard names a catalogue row, the table joined under its own name. A package's
 * name is unique only within its block ("Armação" on every floor of the demo), and an
 * activity's within its package, so both carry their block's name ("Armação — Pavimento tipo
 * A1"): a rank or a chart of bare names lists indistinguishable rows.
 */
export function catalogueName(table: CatalogueTable): SQL {
  if (table !== packages && table !== activities) return sql`${table.name}`;
  const blockId = table === packages ? packages.blockId : activities.blockId;
  return sql`${table.name} || ' — ' || coalesce((select ${blocks.name} from ${blocks} where ${blocks.id} = ${blockId}), '')`;
}
