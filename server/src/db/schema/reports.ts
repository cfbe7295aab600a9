import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { EQUIPMENT_CLASSIFICATIONS, MEASURE_UNITS, REPORT_KINDS } from '@canteiro/shared/domain';
import { oneOf } from './columns.js';

/**
 * What reporters send from the mobile app, one row per observation (docs/ingestion.md).
 *
 * - `id` is the UUID the device made: the observation's identity, so a resent row finds
 *   its first copy (exactly once, `insert … on conflict (id) do nothing`).
 * - `report_time` is the instant; `local_date`, `local_minute` (minutes since midnight) and
 *   `local_weekday` (ISO, 1 Monday … 7 Sunday) are that instant on the site's clock
 *   (SITE_TIME_ZONE), fixed when the row is stored, so filters by time of day and weekday
 *   and the dashboards' buckets never convert time zones row by row.
 * - Reports are facts: they have no active flag and are never edited.
 * - Its keys to the catalogue and the reporter are not declared here: statement triggers hold
 *   them (migration 0026, docs/ingestion.md), once per statement rather than six lookups a row,
 *   and refuse a parent that is missing or of another contract, under the keys' names.
 * - An id is one report across the three tables: `report_ids` holds each once (below).
 */

/**
 * No key of its own: every report row's (activity_id, contract_id) is a key to activities,
 * whose contract_id is a key to contracts, so the contract exists as long as the row does.
 * A key here was one more check per row (2.2 ms of a 500-row batch; migration 0025).
 */
const contractId = () => integer('contract_id').notNull();
const reporterId = () => integer('user_id').notNull();

const observation = () => ({
  id: uuid('id').primaryKey(),
  contractId: contractId(),
  reportTime: timestamp('report_time', { withTimezone: true }).notNull(),
  localDate: date('local_date', { mode: 'string' }).notNull(),
  localMinute: smallint('local_minute').notNull(),
  localWeekday: smallint('local_weekday').notNull(),
  userId: reporterId(),
  /** When the server stored it (the device may send hours later). */
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

const siteClockChecks = (table: string) => [
  check(`${table}_local_minute_check`, sql`local_minute between 0 and 1439`),
  check(`${table}_local_weekday_check`, sql`local_weekday between 1 and 7`),
];

export const activityReports = pgTable(
  'activity_reports',
  {
    ...observation(),
    packageId: integer('package_id').notNull(),
    localId: integer('local_id').notNull(),
    activityId: integer('activity_id').notNull(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id').notNull(),
    /** Number of workers of that crew seen doing the occurrence. */
    quantity: smallint('quantity').notNull(),
    notes: text('notes'),
    reportInfo: text('report_info'),
    isScheduled: boolean('is_scheduled').notNull(),
  },
  (t) => [
    // (contract_id, report_time) is served by activity_reports_dashboard_idx (migration 0007), the
    // same keys with the dashboards' columns INCLUDEd: a second index on the keys alone only cost
    // every insert (migration 0009).
    check('activity_reports_quantity_check', sql`${t.quantity} between 1 and 200`),
    ...siteClockChecks('activity_reports'),
  ],
);

export const equipmentReports = pgTable(
  'equipment_reports',
  {
    ...observation(),
    packageId: integer('package_id').notNull(),
    areaId: integer('area_id').notNull(),
    activityId: integer('activity_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    classification: text('classification').notNull(),
    notes: text('notes'),
  },
  (t) => [
    index('equipment_reports_contract_time_idx').on(t.contractId, t.reportTime),
    check('equipment_reports_classification_check', oneOf(t.classification, EQUIPMENT_CLASSIFICATIONS)),
    ...siteClockChecks('equipment_reports'),
  ],
);

export const quantityReports = pgTable(
  'quantity_reports',
  {
    ...observation(),
    packageId: integer('package_id').notNull(),
    areaId: integer('area_id').notNull(),
    activityId: integer('activity_id').notNull(),
    /** Quantity produced since the last report, in `unity`. */
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unity: text('unity').notNull(),
  },
  (t) => [
    index('quantity_reports_contract_time_idx').on(t.contractId, t.reportTime),
    check('quantity_reports_quantity_check', sql`${t.quantity} >= 0`),
    check('quantity_reports_unity_check', oneOf(t.unity, MEASURE_UNITS)),
    ...siteClockChecks('quantity_reports'),
  ],
);

/**
 * Every stored report's id, with the kind of the table that holds it: its primary key keeps an
 * id once across the three tables, which their own keys cannot. The API claims its rows' ids
 * here before inserting them (mobile/ingest.ts), so two batches bringing one id as two kinds at
 * the same instant store it once; statement triggers on the three tables (migration 0013) claim
 * the ids of rows written any other way (COPY loads, SQL by hand: an id held as another kind
 * fails the statement) and free those of deleted rows.
 */
export const reportIds = pgTable(
  'report_ids',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
  },
  (t) => [check('report_ids_kind_check', oneOf(t.kind, REPORT_KINDS))],
);
