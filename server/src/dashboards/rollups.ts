import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { weekDays } from '@canteiro/shared/domain';
import type { FilterDimension, ReportFilters } from '@canteiro/shared/domain';
import { allOf } from '../crud/list-query.js';
import { activityReports, equipmentReports } from '../db/schema/reports.js';
import { reportConditions } from '../reports/filters.js';

/**
 * Which rollup answers which filters (docs/dashboards.md), as data: each rollup names the
 * filter dimensions it keeps no column for and the finest time of day it holds. A rollup
 * answers a request when none of those dimensions is set and the time window fits; the
 * dashboards then read the coarsest one that answers (fragments.ts), else the rows.
 */
interface RollupRule {
  /**
   * Filters it has no column for: set, they rule it out. A class is read through the
   * occurrence (or the machine row's own column): a rollup without it cannot answer one.
   */
  lacks: readonly (FilterDimension | 'classification')[];
  /** `days`: whole site days only; `hours`: a time-of-day window of whole hours too. */
  window: 'days' | 'hours';
  /** The report rows it folds (activity when not said). */
  kind?: 'equipment';
}

/** activity_hourly and activity_daily_functions keep no place in the catalogue. */
const PLACES = ['package', 'local', 'area', 'block', 'activity'] as const satisfies FilterDimension[];

export const ROLLUP_RULES = {
  /** activity_daily: every dimension, by site day. */
  daily: { lacks: [], window: 'days' },
  /** activity_daily_classes: the occurrences folded into their class. */
  classes: { lacks: ['occurrence', 'classification'], window: 'days' },
  /** activity_daily_functions: function and occurrence only. */
  functions: { lacks: PLACES, window: 'days' },
  /** activity_daily_local_times: distinct report times per local and day. */
  localTimes: {
    lacks: ['package', 'block', 'activity', 'function', 'occurrence', 'classification'],
    window: 'days',
  },
  /** activity_hourly: function and occurrence by hour of the site day. */
  hourly: { lacks: PLACES, window: 'hours' },
  /** equipment_daily: the equipment rows by machine, each class apart. */
  equipmentDaily: { lacks: [...PLACES, 'classification'], window: 'days', kind: 'equipment' },
} as const satisfies Record<string, RollupRule>;

export type Rollup = keyof typeof ROLLUP_RULES;
export const ROLLUPS = Object.keys(ROLLUP_RULES) as Rollup[];
/** The rollups coarser than activity_daily. */
export const COARSE_ROLLUPS = ROLLUPS.filter((rollup) => rollup !== 'daily');

/** Site days of the filters as conditions on a `local_date` column (`to` and the week's Sunday included). */
export function dayConditions(
  filters: ReportFilters,
  date: typeof activityReports.localDate | typeof equipmentReports.localDate = activityReports.localDate,
): SQL[] {
  const week = filters.week ? weekDays(filters.week) : null;
  return [
    filters.from ? sql`${date} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${date} <= ${filters.to}::date` : undefined,
    week ? sql`${date} between ${week.from}::date and ${week.to}::date` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The filters as conditions on each rollup (read under the name of the report table it folds,
 * `activity_reports` or `equipment_reports`, so the shared conditions of reports/filters.ts
 * name their columns), null for a rollup that cannot answer them; and on the walks (`activity_walks`: dates, time of day and weekdays, no dimension).
 */
export function rollupConditions(
  filters: ReportFilters,
  timeZone: string,
): Record<Rollup | 'walks', SQL | null> & { walks: SQL } {
  const { from: _from, to: _to, week: _week, ...rest } = filters;
  const { fromTime, toTime } = filters;
  const window =
    fromTime === undefined && toTime === undefined
      ? 'days'
      : // activity_hourly's local_minute is its hour's first minute: exact for windows of whole hours.
        (fromTime === undefined || fromTime.endsWith(':00')) && (toTime === undefined || toTime.endsWith(':59'))
        ? 'hours'
        : 'minutes';
  const conditions = {
    activity: allOf([...reportConditions('activity', rest, timeZone), ...dayConditions(filters)]),
    equipment: allOf([
      ...reportConditions('equipment', rest, timeZone),
      ...dayConditions(filters, equipmentReports.localDate),
    ]),
  };
  const answers = ({ lacks, window: holds }: RollupRule) =>
    lacks.every((name) => filters[name] === undefined) &&
    (window === 'days' || (window === 'hours' && holds === 'hours'));
  const walks = {
    contract: filters.contract,
    from: filters.from,
    to: filters.to,
    week: filters.week,
    fromTime,
    toTime,
    weekdays: filters.weekdays,
  };
  return {
    ...(Object.fromEntries(
      ROLLUPS.map((rollup) => {
        const rule: RollupRule = ROLLUP_RULES[rollup];
        return [rollup, answers(rule) ? conditions[rule.kind ?? 'activity'] : null];
      }),
    ) as Record<Rollup, SQL | null>),
    // The days again on local_date: the walks' index is (contract_id, local_date).
    walks: allOf([...reportConditions('activity', walks, timeZone), ...dayConditions(filters)]),
  };
}
