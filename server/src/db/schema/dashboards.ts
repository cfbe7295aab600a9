import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { contracts } from './organisation.js';
import { users } from './people.js';

/** The first columns of every rollup line: a contract's site day (as the report rows store it). */
const siteDay = () => ({
  contractId: integer('contract_id').notNull(),
  localDate: date('local_date', { mode: 'string' }).notNull(),
  localWeekday: smallint('local_weekday').notNull(),
});

/**
 * What a rollup line sums: workers seen, the report rows behind them, and the squares of each
 * row's workers (Σx² of DOMAIN.md §5: with the rows and the workers, a share's interval).
 */
const sums = () => ({
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  registers: integer('registers').notNull(),
  quantitySquares: bigint('quantity_squares', { mode: 'number' }).notNull().default(0),
});

/**
 * The version of the data the dashboards read (docs/dashboards.md): one row, set to a fresh
 * value of the sequence `dashboard_data_version_seq` by a statement trigger on every write to
 * the catalogue, occurrences, users and contracts (migration 0007; since 0010 the report
 * tables bump {@link dashboardDataVersions} instead, and this one only on a truncate). A
 * dashboard answer is cached under the versions read before it was computed, so an answer is
 * served only while nothing it reads was written since. The value comes from a sequence no table owns: `truncate …
 * restart identity` (tests) never brings an old version back.
 */
export const dashboardDataVersion = pgTable(
  'dashboard_data_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [check('dashboard_data_version_single_row', sql`${t.id}`)],
);

/**
 * The version of each contract's report rows (docs/dashboards.md): set to a fresh value of the
 * same sequence by statement triggers on the three report tables, for the contracts their
 * transition tables name (migration 0010). Reports arriving for one contract leave every other
 * contract's kept answers in place; an answer is kept under (global version, its contract's
 * version), the global one still moving on any catalogue, occurrence, user or contract write
 * and on a truncate of a report table. A contract never written since 0010 has no row (version 0).
 */
export const dashboardDataVersions = pgTable('dashboard_data_versions', {
  contractId: integer('contract_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /**
   * Activity and equipment rows ever inserted for the contract (migration 0022: the same
   * trigger adds each statement's count): a dashboard open while reports arrive says how many
   * are new (live.ts). Deletes and updates move the version, not this count.
   */
  observations: bigint('observations', { mode: 'number' }).notNull().default(0),
});

/**
 * The activity rows folded by site day (docs/dashboards.md): one row per (contract, day,
 * package, local, activity, function, occurrence) with the workers seen and the report rows.
 * Kept exact by statement triggers on activity_reports (migration 0008: insert adds, delete
 * subtracts, update does both, truncate empties); the dashboards read it instead of the raw
 * rows whenever the filters are whole days (no time-of-day window).
 */
export const activityDaily = pgTable(
  'activity_daily',
  {
    ...siteDay(),
    packageId: integer('package_id').notNull(),
    localId: integer('local_id').notNull(),
    activityId: integer('activity_id').notNull(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id').notNull(),
    ...sums(),
  },
  (t) => [
    primaryKey({
      name: 'activity_daily_pkey',
      columns: [t.contractId, t.localDate, t.packageId, t.localId, t.activityId, t.functionId, t.occurrenceId],
    }),
  ],
);

/**
 * The walks (docs/demo-data.md: a reporter's rows sharing one report time), one row each,
 * kept by the same triggers: reporting compliance counts them without reading the rows.
 */
export const activityWalks = pgTable(
  'activity_walks',
  {
    contractId: integer('contract_id').notNull(),
    userId: integer('user_id').notNull(),
    reportTime: timestamp('report_time', { withTimezone: true }).notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localMinute: smallint('local_minute').notNull(),
    localWeekday: smallint('local_weekday').notNull(),
  },
  // Read through activity_walks_dashboard_idx (contract_id, local_date) INCLUDE (…), written by
  // hand in migration 0011 (drizzle cannot declare INCLUDE).
  (t) => [primaryKey({ name: 'activity_walks_pkey', columns: [t.contractId, t.userId, t.reportTime] })],
);

/**
 * The daily rollup folded once more for project health and performance (docs/dashboards.md):
 * one row per (contract, site day, package, local, activity, function), the workers of each
 * class in a column of its own, their sum and the report rows. ~8× fewer lines than
 * activity_daily on the scale contract, and the classes are already apart, so the figures are
 * plain sums. Kept exact by the same triggers as activity_daily (migration 0011), and re-folded
 * from activity_daily when an occurrence's classification changes. It cannot answer an
 * occurrence filter (activity_daily does).
 */
export const activityDailyClasses = pgTable(
  'activity_daily_classes',
  {
    ...siteDay(),
    packageId: integer('package_id').notNull(),
    localId: integer('local_id').notNull(),
    activityId: integer('activity_id').notNull(),
    functionId: integer('function_id').notNull(),
    valueAdding: bigint('value_adding', { mode: 'number' }).notNull(),
    hiddenWaste: bigint('hidden_waste', { mode: 'number' }).notNull(),
    evidentWaste: bigint('evident_waste', { mode: 'number' }).notNull(),
    // Σx² of each class's rows (migration 0015): the classes' intervals without the rows.
    valueAddingSquares: bigint('value_adding_squares', { mode: 'number' }).notNull().default(0),
    hiddenWasteSquares: bigint('hidden_waste_squares', { mode: 'number' }).notNull().default(0),
    evidentWasteSquares: bigint('evident_waste_squares', { mode: 'number' }).notNull().default(0),
    ...sums(),
  },
  (t) => [
    primaryKey({
      name: 'activity_daily_classes_pkey',
      columns: [t.contractId, t.localDate, t.packageId, t.localId, t.activityId, t.functionId],
    }),
  ],
);

/**
 * The daily rollup by function and occurrence only (by function's figures): one row per
 * (contract, site day, function, occurrence), a few thousand lines for four weeks of the
 * scale contract. Same triggers (migration 0011); the class is the occurrence's, read at read
 * time. It cannot answer a package, local, area, block or activity filter.
 */
export const activityDailyFunctions = pgTable(
  'activity_daily_functions',
  {
    ...siteDay(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id').notNull(),
    ...sums(),
  },
  (t) => [
    primaryKey({
      name: 'activity_daily_functions_pkey',
      columns: [t.contractId, t.localDate, t.functionId, t.occurrenceId],
    }),
  ],
);

/**
 * By function's people per local needs the distinct (report time, local) pairs; nearly every
 * activity row is a pair of its own, so they are counted here by site day and local instead:
 * `reportTimes` = the distinct report times with rows at that local that day. Kept exact by
 * statement triggers on activity_reports that compare each touched (time, local)'s rows before
 * and after the statement (migration 0011). It answers whole days with no filter but local
 * and area.
 */
export const activityDailyLocalTimes = pgTable(
  'activity_daily_local_times',
  {
    ...siteDay(),
    localId: integer('local_id').notNull(),
    reportTimes: integer('report_times').notNull(),
  },
  (t) => [primaryKey({ name: 'activity_daily_local_times_pkey', columns: [t.contractId, t.localDate, t.localId] })],
);

/**
 * The activity rows by site day, hour, function and occurrence (routine's HH per hour):
 * `localMinute` is the hour's first minute, so the shared time-of-day conditions apply
 * unchanged and are exact for whole hours (from HH:00 to HH:59). Kept by statement triggers on
 * activity_reports (migration 0012); it answers whole days or whole hours with no filter but
 * function and occurrence. The class is the occurrence's, read at read time.
 */
export const activityHourly = pgTable(
  'activity_hourly',
  {
    ...siteDay(),
    localMinute: smallint('local_minute').notNull(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id').notNull(),
    ...sums(),
  },
  (t) => [
    primaryKey({
      name: 'activity_hourly_pkey',
      columns: [t.contractId, t.localDate, t.localMinute, t.functionId, t.occurrenceId],
    }),
  ],
);

/**
 * The equipment rows by site day and machine, each class counted apart (the equipment
 * dashboard's default view read 170 k rows for four weeks of the 10 M-row bench; this holds
 * ~11 k lines for them). Kept by statement triggers on equipment_reports (migration 0018); it
 * answers whole days with no filter but the machine and the weekdays.
 */
export const equipmentDaily = pgTable(
  'equipment_daily',
  {
    ...siteDay(),
    equipmentId: integer('equipment_id').notNull(),
    working: integer('working').notNull(),
    idle: integer('idle').notNull(),
    down: integer('down').notNull(),
    observations: integer('observations').notNull(),
  },
  (t) => [primaryKey({ name: 'equipment_daily_pkey', columns: [t.contractId, t.localDate, t.equipmentId] })],
);

/**
 * Events marked on a contract's time axis (docs/dashboards.md, "Annotations"): its days and
 * label, who wrote it. A statement trigger moves the global data version on every write
 * (migration 0021), so a kept project-health answer, which lists them, is never stale.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('annotations_days_check', sql`${t.fromDate} <= ${t.toDate}`),
    index('annotations_contract_days_idx').on(t.contractId, t.fromDate, t.toDate),
  ],
);
