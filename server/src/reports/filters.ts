import { eq, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  EQUIPMENT_CLASSIFICATIONS,
  FILTER_DIMENSIONS,
  OCCURRENCE_CLASSIFICATIONS,
  addDays,
  fieldErrors,
  minutesOfDay,
  reportFiltersSchema,
  weekDays,
} from '@canteiro/shared/domain';
import type { FilterClassification, FilterDimension, ReportFilters, ReportKind } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { blocks, locals, occurrences, packages } from '../db/schema/catalogue.js';
import { contracts } from '../db/schema/organisation.js';
import { activityReports, equipmentReports, quantityReports } from '../db/schema/reports.js';
import { allOf } from '../crud/list-query.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

/**
 * The shared report filters (shared/domain/schemas/filters.ts) as SQL conditions on one
 * report table, for the report lists and the dashboards alike (docs/reports.md). Every
 * condition reads the report row itself (and, through a subquery, the small catalogue
 * tables): no join is needed, whatever FROM the caller builds around it.
 */

export const REPORT_TABLES = {
  activity: activityReports,
  equipment: equipmentReports,
  quantity: quantityReports,
} as const;

type ReportTable = (typeof REPORT_TABLES)[ReportKind];

/** `column in (ids of packages under this block)`, and the like: a catalogue id set, small and hashed. */
const packagesOfBlock = (packageId: AnyColumn, block: number): SQL =>
  sql`${packageId} in (select ${packages.id} from ${packages} where ${packages.blockId} = ${block})`;
const packagesOfLocal = (packageId: AnyColumn, local: number): SQL =>
  sql`${packageId} in (select ${packages.id} from ${packages} join ${blocks} on ${blocks.id} = ${packages.blockId} where ${blocks.localId} = ${local})`;

type Condition = (id: number) => SQL;

/**
 * (kind, dimension) → the condition on that kind's row, or `null` when the dimension does
 * not describe that kind of observation (an equipment row has no function): such a filter is
 * ignored for that kind, so one header serves every screen (docs/reports.md). The chain is
 * area → local → block → package (shared/domain/hierarchy.ts): what a row does not hold
 * itself is reached through the nearest reference it holds.
 */
export const DIMENSION_CONDITIONS: Readonly<Record<ReportKind, Readonly<Record<FilterDimension, Condition | null>>>> = {
  activity: {
    package: (id) => eq(activityReports.packageId, id),
    local: (id) => eq(activityReports.localId, id),
    area: (id) =>
      sql`${activityReports.localId} in (select ${locals.id} from ${locals} where ${locals.areaId} = ${id})`,
    block: (id) => packagesOfBlock(activityReports.packageId, id),
    activity: (id) => eq(activityReports.activityId, id),
    function: (id) => eq(activityReports.functionId, id),
    occurrence: (id) => eq(activityReports.occurrenceId, id),
    equipment: null,
  },
  equipment: {
    package: (id) => eq(equipmentReports.packageId, id),
    local: (id) => packagesOfLocal(equipmentReports.packageId, id),
    area: (id) => eq(equipmentReports.areaId, id),
    block: (id) => packagesOfBlock(equipmentReports.packageId, id),
    activity: (id) => eq(equipmentReports.activityId, id),
    function: null,
    occurrence: null,
    equipment: (id) => eq(equipmentReports.equipmentId, id),
  },
  quantity: {
    package: (id) => eq(quantityReports.packageId, id),
    local: (id) => packagesOfLocal(quantityReports.packageId, id),
    area: (id) => eq(quantityReports.areaId, id),
    block: (id) => packagesOfBlock(quantityReports.packageId, id),
    activity: (id) => eq(quantityReports.activityId, id),
    function: null,
    occurrence: null,
    equipment: null,
  },
};

const isOccurrenceClass = (value: FilterClassification) =>
  (OCCURRENCE_CLASSIFICATIONS as readonly string[]).includes(value);
const isEquipmentClass = (value: FilterClassification) =>
  (EQUIPMENT_CLASSIFICATIONS as readonly string[]).includes(value);

/**
 * The `classification` filter on a kind's row, or null when that class does not describe the
 * kind (a machine's class on the activity rows, any class on the quantities): ignored, as a
 * dimension is. An activity row's class is its occurrence's now (read through the small
 * occurrences table, as the figures read it: a reclassified occurrence moves its rows).
 */
export const CLASSIFICATION_CONDITIONS: Readonly<
  Record<ReportKind, (classification: FilterClassification) => SQL | null>
> = {
  activity: (classification) =>
    isOccurrenceClass(classification)
      ? sql`${activityReports.occurrenceId} in (select ${occurrences.id} from ${occurrences} where ${occurrences.classification} = ${classification})`
      : null,
  equipment: (classification) =>
    isEquipmentClass(classification) ? eq(equipmentReports.classification, classification) : null,
  quantity: () => null,
};

/** Whether a dimension filters that kind of row at all. */
export const appliesTo = (kind: ReportKind, dimension: FilterDimension): boolean =>
  DIMENSION_CONDITIONS[kind][dimension] !== null;

/** Midnight of a site day as an instant: `report_time` compared with it uses the (contract_id, report_time) index. */
const siteMidnight = (day: string, timeZone: string): SQL =>
  sql`(cast(${day} as date)::timestamp at time zone ${timeZone})`;

/** Instants from the first day's midnight up to (not including) the midnight after the last day. */
function daysCondition(table: ReportTable, first: string | undefined, last: string | undefined, timeZone: string) {
  return [
    first ? sql`${table.reportTime} >= ${siteMidnight(first, timeZone)}` : undefined,
    last ? sql`${table.reportTime} < ${siteMidnight(addDays(last, 1), timeZone)}` : undefined,
  ];
}

/**
 * Every condition the filters ask of a `kind` row (parsed with `reportFiltersSchema`):
 * the contract, the site days (`to` included), the week, the time window (`toTime`
 * included to the minute), the weekday range, each dimension and the class that apply to the kind.
 * `range` only shapes dashboards. Scope is not here: see `scopedReportConditions`.
 */
export function reportConditions(kind: ReportKind, filters: ReportFilters, timeZone: string): SQL[] {
  const table = REPORT_TABLES[kind];
  const week = filters.week ? weekDays(filters.week) : null;
  const { weekdays } = filters;
  const conditions: (SQL | undefined)[] = [
    eq(table.contractId, filters.contract),
    ...daysCondition(table, filters.from, filters.to, timeZone),
    ...(week ? daysCondition(table, week.from, week.to, timeZone) : []),
    filters.fromTime ? sql`${table.localMinute} >= ${minutesOfDay(filters.fromTime)}` : undefined,
    filters.toTime ? sql`${table.localMinute} <= ${minutesOfDay(filters.toTime)}` : undefined,
    // 1-7 is every day: no condition for the planner to weigh.
    weekdays && (weekdays.first > 1 || weekdays.last < 7)
      ? sql`${table.localWeekday} between ${weekdays.first} and ${weekdays.last}`
      : undefined,
    ...FILTER_DIMENSIONS.map((dimension) => {
      const id = filters[dimension];
      const condition = DIMENSION_CONDITIONS[kind][dimension];
      return id === undefined || !condition ? undefined : condition(id);
    }),
    filters.classification ? (CLASSIFICATION_CONDITIONS[kind](filters.classification) ?? undefined) : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** Whether the caller may read the contract's reports (ARCHITECTURE.md §5): one small query. */
export async function contractInScope(orm: Orm, caller: Caller, contract: number): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    orm,
    sql`select 1 as found from ${contracts} where ${allOf([eq(contracts.id, contract), contractsScope(caller)])}`,
  );
  return rows.length > 0;
}

/**
 * The conditions, or `false` when the contract is outside the caller's scope: such a query
 * finds nothing (an empty list, an export with its header only), the same answer as for a
 * contract that does not exist, so it tells nothing about other contracts.
 */
export async function scopedReportConditions(
  orm: Orm,
  caller: Caller,
  kind: ReportKind,
  filters: ReportFilters,
  timeZone: string,
): Promise<SQL[]> {
  if (!(await contractInScope(orm, caller, filters.contract))) return [sql`false`];
  return reportConditions(kind, filters, timeZone);
}

/** Reads the filters of a query string; the issues as `{ parameter: code }` (empty when none). */
export function readReportFilters(query: unknown): { filters?: ReportFilters; fields: Record<string, string> } {
  const result = v.safeParse(reportFiltersSchema, query ?? {});
  if (result.success) return { filters: result.output, fields: {} };
  const fields = fieldErrors(result.issues);
  // '_' is the query itself, which Fastify always makes an object.
  delete fields._;
  return { fields };
}
