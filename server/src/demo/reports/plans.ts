import { addDays, weekdayOf } from '@canteiro/shared/domain';
import type { MeasureUnit } from '@canteiro/shared/domain';

/**
 * What the report generator (generate.ts) reads and writes: the contracts' plans (what the
 * database holds, write.ts loads them), its options and window, and the rows it gives back
 * in the *_COLUMNS order.
 */

export interface PlanActivity {
  id: number;
  packageId: number;
  localId: number;
  areaId: number;
  packageName: string;
  unit: MeasureUnit;
  /** `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  isFinished: boolean;
  /** Reference RUP, man-hours per unit. */
  rup: number;
}

export interface ContractPlan {
  id: number;
  /** Minutes between walks. */
  period: number;
  /** Walks per reporter per day. */
  goal: number;
  /** Active reporters' user ids, in a stable order. */
  reporters: readonly number[];
  /** Active activities whose whole chain is active, in a stable order. */
  activities: readonly PlanActivity[];
  /** Active functions: lower-case name → id, in a stable order. */
  functions: ReadonlyMap<string, number>;
  /** Active equipment ids, in a stable order. */
  equipment: readonly number[];
  /** Crews per activity are multiplied by this (1 for the demo; the scale command raises it). */
  crewFactor: number;
}

export interface GenerationOptions {
  seed: string | number;
  timeZone: string;
  /** First and last day (inclusive) of the site's calendar, `YYYY-MM-DD`; the first is a Monday. */
  firstDay: string;
  lastDay: string;
  /** Active occurrences: name → id. */
  occurrences: ReadonlyMap<string, number>;
  /** Time-ordered (default) or random UUIDs. */
  ids?: 'v7' | 'v4';
  /** Only every n-th day (estimates: the scale command sizes its contracts with it). */
  sampleEvery?: number;
}

export const REPORT_COLUMNS = [
  'id',
  'contract_id',
  'report_time',
  'local_date',
  'local_minute',
  'local_weekday',
  'user_id',
  'received_at',
] as const;
export const ACTIVITY_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'local_id',
  'activity_id',
  'function_id',
  'occurrence_id',
  'quantity',
  'notes',
  'report_info',
  'is_scheduled',
] as const;
export const EQUIPMENT_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'area_id',
  'activity_id',
  'equipment_id',
  'classification',
  'notes',
] as const;
export const QUANTITY_COLUMNS = [
  ...REPORT_COLUMNS,
  'package_id',
  'area_id',
  'activity_id',
  'quantity',
  'unity',
] as const;

/** One day's rows of every contract, values in the *_COLUMNS order. */
export interface DayRows {
  day: string;
  activity: unknown[][];
  equipment: unknown[][];
  quantity: unknown[][];
}

/**
 * The demo's window: `weeks` weeks on the site's calendar that end the day before `today`
 * (the seed day: the site's today as a UTC midnight), so no row lies in the future whatever the hour: the last
 * week is the one in progress, the first starts on a Monday.
 */
export function reportWindow(today: Date, weeks: number): { firstDay: string; lastDay: string } {
  const lastDay = addDays(today.toISOString().slice(0, 10), -1);
  const monday = addDays(lastDay, 1 - weekdayOf(lastDay));
  return { firstDay: addDays(monday, -7 * (weeks - 1)), lastDay };
}
