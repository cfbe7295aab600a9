import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { timeOfMinute } from '@canteiro/shared/domain';
import type { DashboardMeta, LastObservation, RangeType, ReportFilters, WorkSchedule } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { allOf } from '../crud/list-query.js';
import { contracts } from '../db/schema/organisation.js';
import { dashboardDataVersion, dashboardDataVersions } from '../db/schema/dashboards.js';
import { ApiError } from '../errors.js';
import { REPORT_TABLES, readReportFilters, reportConditions } from '../reports/filters.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';
import { COARSE_ROLLUPS, ROLLUPS, rollupConditions } from './rollups.js';

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
  /** The contract's hours per weekday: the goal is expected in proportion to them (compliance); none out of scope. */
  schedule: WorkSchedule;
  /** The contract's targets as fractions (its percent / 100), null when not set (or out of scope). */
  targets: { valueAdding: number | null; compliance: number | null };
  timeZone: string;
  inScope: boolean;
  /** The relations the figures may read (`coarse`: every rollup; tests force finer ones). */
  level: RollupLevel;
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
  /**
   * The filters on equipment_daily (read under the name equipment_reports: whole days, no
   * filter but the machine and the weekdays), or null: then the equipment rows answer.
   */
  equipmentDaily: SQL | null;
  /** The filters on the walks (`activity_walks`): dates, time of day and weekdays, no dimension. */
  walks: SQL;
}

const NO_SCHEDULE: WorkSchedule = { '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] };

const withEvery = <Key extends string, Value>(keys: readonly Key[], value: Value) =>
  Object.fromEntries(keys.map((key) => [key, value])) as Record<Key, Value>;

/** Which relation the dashboards read: the coarsest that answers the filters, or one forced (tests). */
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
  const [contract] = await selectRows<{
    period: number;
    goal: number;
    schedule: WorkSchedule;
    valueAdding: number | null;
    compliance: number | null;
    global: string | null;
    version: string;
  }>(
    orm,
    sql`select ${contracts.reportingPeriod} as period, ${contracts.reportingGoal} as goal,
        ${contracts.workSchedule} as schedule, ${contracts.valueAddingTarget} as "valueAdding",
        ${contracts.complianceTarget} as compliance,
        (select ${dashboardDataVersion.version}::text from ${dashboardDataVersion}) as global,
        coalesce((select ${dashboardDataVersions.version}::text from ${dashboardDataVersions}
          where ${dashboardDataVersions.contractId} = ${contracts.id}), '0') as version
      from ${contracts} where ${allOf([eq(contracts.id, filters.contract), contractsScope(caller)])}`,
  );
  return {
    orm,
    filters: { ...filters, range: filters.range ?? 'week' },
    hours: contract ? contract.period / 60 : 0,
    goal: contract?.goal ?? 0,
    schedule: contract?.schedule ?? NO_SCHEDULE,
    targets: {
      valueAdding: contract?.valueAdding == null ? null : contract.valueAdding / 100,
      compliance: contract?.compliance == null ? null : contract.compliance / 100,
    },
    timeZone,
    inScope: contract !== undefined,
    level: rollup,
    version: contract?.global ? { global: contract.global, contract: contract.version } : null,
    ...filterConditions(filters, timeZone, contract !== undefined, rollup),
  };
}

/** The filters as conditions on the rows and on each rollup (`false` out of scope). */
function filterConditions(filters: ReportFilters, timeZone: string, inScope: boolean, rollup: RollupLevel) {
  const where = (kind: 'activity' | 'equipment' | 'quantity'): SQL =>
    inScope ? allOf(reportConditions(kind, filters, timeZone)) : sql`false`;
  return {
    activity: where('activity'),
    equipment: where('equipment'),
    quantity: where('quantity'),
    ...(inScope ? rollupConditions(filters, timeZone) : withEvery([...ROLLUPS, 'walks'], sql`false`)),
    // A forced level (tests): the coarser relations are not read.
    ...(rollup === 'coarse' ? {} : withEvery(COARSE_ROLLUPS, null)),
    ...(rollup === 'rows' ? { daily: null } : {}),
  };
}

/** The same context over other days (`from`–`to`, no week): the period before, for a comparison. */
export function contextOverDays(context: DashboardContext, days: { from: string; to: string }): DashboardContext {
  const { week: _week, ...rest } = context.filters;
  const filters = { ...rest, from: days.from, to: days.to };
  return { ...context, filters, ...filterConditions(filters, context.timeZone, context.inScope, context.level) };
}

/**
 * Rows of a dashboard statement, planned for its values every time (never prepared): a
 * prepared statement's generic plan, after five runs, ignores the filter values (a function
 * filter over three months ran 2× the same statement sent bare: docs/dashboards.md).
 * Planning costs a millisecond or two.
 */
export const figureRows = <Row>(orm: Orm, query: SQL): Promise<Row[]> =>
  selectRows<Row>(orm, query, { plan: 'per-call' });

/**
 * The last observation under the filters ("Dados até", docs/dashboards.md): the newest row's
 * site date and minute, read backwards along the (contract_id, report_time) index — for the
 * activity rows an index-only scan (its INCLUDE holds the site clock and every dimension) that
 * stops at the first row the filters keep. Null when they keep none.
 */
export async function lastObservation(
  context: DashboardContext,
  kind: 'activity' | 'equipment',
): Promise<LastObservation> {
  const table = REPORT_TABLES[kind];
  const [row] = await figureRows<{ date: string; minute: number }>(
    context.orm,
    sql`select ${table.localDate}::text as date, ${table.localMinute} as minute from ${table}
      where ${context[kind]} order by ${table.reportTime} desc limit 1`,
  );
  return row ? { date: row.date, time: timeOfMinute(row.minute) } : null;
}

/** What every answer carries (the filters, the last observation of `kind`'s rows, the time). */
export const meta = async (context: DashboardContext, kind: 'activity' | 'equipment'): Promise<DashboardMeta> => ({
  filters: context.filters,
  lastObservation: await lastObservation(context, kind),
  generatedAt: new Date().toISOString(),
});
