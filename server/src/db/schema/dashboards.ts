import { bigint, boolean, check, pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The version of the data the dashboards read (docs/dashboards.md): one row, set to a fresh
 * value of the sequence `dashboard_data_version_seq` by a statement trigger on every write to
 * the report tables and the catalogue they name (migration 0007). A dashboard answer is
 * cached under the version read before it was computed, so an answer is served only while
 * nothing was written since. The value comes from a sequence no table owns: `truncate …
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
