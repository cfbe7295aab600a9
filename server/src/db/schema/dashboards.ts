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
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
    contractId: integer('contract_id').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localWeekday: smallint('local_weekday').notNull(),
    packageId: integer('package_id').notNull(),
    localId: integer('local_id').notNull(),
    activityId: integer('activity_id').notNull(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    registers: integer('registers').notNull(),
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
  (t) => [
    primaryKey({ name: 'activity_walks_pkey', columns: [t.contractId, t.userId, t.reportTime] }),
    index('activity_walks_contract_date_idx').on(t.contractId, t.localDate),
  ],
);
