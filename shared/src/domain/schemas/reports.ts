import * as v from 'valibot';
import { MAX_REPORT_TEXT, MAX_REPORTS_PER_BATCH, MAX_WORKERS_SEEN } from '../constants.js';
import { EQUIPMENT_CLASSIFICATIONS, MEASURE_UNITS } from '../lists.js';
import type { ReportKind } from '../lists.js';
import { choiceField, idField, requiredValue } from './organisation.js';

/**
 * One observation as the mobile app sends it (POST /api/mobile/reports, docs/ingestion.md):
 * spec §3's report rows, references by id. Shared so that the app's screens check what the
 * server checks. What needs the database (the contract in scope, references of that
 * contract, active, in their chain; `reportTime` not ahead of the server's clock) is the
 * server's.
 */

/** A UUID of any version, either case (the device makes it). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The device-made id: the observation's identity, stored lower-case. */
export const reportIdField = v.pipe(
  requiredValue,
  v.string('invalid_value'),
  v.regex(UUID, 'invalid_value'),
  v.transform((id) => id.toLowerCase()),
);

/**
 * ISO 8601 with its offset (`Z` or `±hh:mm`): `2026-03-02T09:15:00-03:00`, seconds and
 * fraction optional. A time without an offset names no instant, so it is refused.
 */
const REPORT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Observations before this are typing errors, not history (and year 0 is no PostgreSQL date). */
export const EARLIEST_REPORT_TIME = '2000-01-01T00:00:00.000Z';
const EARLIEST_MS = Date.parse(EARLIEST_REPORT_TIME);

/**
 * The instant in milliseconds, or NaN when the text is not a real time (Date.parse lets
 * 2026-02-31 and 24:00 slip through; they are refused here).
 */
export function reportTimeMs(text: string): number {
  const match = REPORT_TIME.exec(text);
  if (!match) return Number.NaN;
  // Seconds are optional: an absent group is 0, not Number(undefined).
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const fraction = Number(`0.${match[7] ?? '0'}`);
  const offsetHours = Number(match[9] ?? 0);
  const offsetMinutes = Number(match[10] ?? 0);
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours > 14 || offsetMinutes > 59) return Number.NaN;
  const local = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(local);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day)
    return Number.NaN;
  const sign = match[8] === '-' ? -1 : 1;
  const ms = local + Math.floor(fraction * 1000) - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  return ms >= EARLIEST_MS ? ms : Number.NaN;
}

/** The instant, given back in UTC (`…Z`, milliseconds): what the server stores and compares. */
export const reportTimeField = v.pipe(
  requiredValue,
  v.string('invalid_value'),
  v.transform(reportTimeMs),
  v.check((ms) => !Number.isNaN(ms), 'invalid_value'),
  v.transform((ms) => new Date(ms).toISOString()),
);

/** Optional free text; blank is none. */
const reportText = v.pipe(
  v.nullish(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(MAX_REPORT_TEXT, 'too_long'))),
  v.transform((text) => text || null),
);

/** Workers of the crew seen doing the occurrence. */
const workersSeen = v.pipe(
  requiredValue,
  v.number('invalid_value'),
  v.integer('invalid_value'),
  v.minValue(1, 'invalid_value'),
  v.maxValue(MAX_WORKERS_SEEN, 'invalid_value'),
);

/** What numeric(14,3) holds: at most 3 decimals, below 10^11. */
const PRODUCED = /^\d{1,11}(\.\d{1,3})?$/;
/** Quantity produced, in the activity's unit: 0 or more, at most 3 decimals. */
const produced = v.pipe(
  requiredValue,
  v.number('invalid_value'),
  v.check((value) => PRODUCED.test(String(value)), 'invalid_value'),
);

const observation = { id: reportIdField, contract: idField, reportTime: reportTimeField };

export const activityReportSchema = v.object({
  ...observation,
  kind: v.literal('activity', 'invalid_value'),
  package: idField,
  local: idField,
  activity: idField,
  function: idField,
  occurrence: idField,
  quantity: workersSeen,
  notes: reportText,
  reportInfo: reportText,
  isScheduled: v.pipe(requiredValue, v.boolean('invalid_value')),
});
export type ActivityReportInput = v.InferOutput<typeof activityReportSchema>;

export const equipmentReportSchema = v.object({
  ...observation,
  kind: v.literal('equipment', 'invalid_value'),
  package: idField,
  area: idField,
  activity: idField,
  equipment: idField,
  classification: choiceField(EQUIPMENT_CLASSIFICATIONS),
  notes: reportText,
});
export type EquipmentReportInput = v.InferOutput<typeof equipmentReportSchema>;

export const quantityReportSchema = v.object({
  ...observation,
  kind: v.literal('quantity', 'invalid_value'),
  package: idField,
  area: idField,
  activity: idField,
  quantity: produced,
  unity: choiceField(MEASURE_UNITS),
});
export type QuantityReportInput = v.InferOutput<typeof quantityReportSchema>;

/** Each kind's row schema. */
export const REPORT_SCHEMAS = {
  activity: activityReportSchema,
  equipment: equipmentReportSchema,
  quantity: quantityReportSchema,
} as const satisfies Record<ReportKind, v.GenericSchema>;

/** Any row (the app's outbox). The server checks rows one by one, so one bad row holds back no other. */
export const reportRowSchema = v.variant('kind', [activityReportSchema, equipmentReportSchema, quantityReportSchema]);
export type ReportRowInput = v.InferOutput<typeof reportRowSchema>;

/** The batch's envelope: its rows are checked one at a time (reportRowSchema). */
export const reportBatchSchema = v.object({
  reports: v.pipe(v.array(v.unknown(), 'invalid_value'), v.maxLength(MAX_REPORTS_PER_BATCH, 'too_long')),
});
