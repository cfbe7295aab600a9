import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { bigint, boolean, integer, timestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Columns and expressions every area's tables share. */

export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
/** Report and log tables grow to millions of rows. */
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const isActive = () => boolean('is_active').notNull().default(true);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Duplicate rules compare names ignoring case (spec §8). */
export const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`;

/**
 * What lists sort text by: `canteiro_sort_key` (migration 0004) lower-cases, folds the
 * accents (Á → a, Ç → c) and turns null into '', and the C collation then compares the
 * result byte by byte, so "Área" sorts among the A's in the same order on PGlite and on
 * PostgreSQL whatever the database's collation. The sort indexes use this very expression
 * (the planner matches index expressions by their text); duplicate rules keep `lower`.
 */
export const sortKey = (column: AnyColumn | SQL): SQL => sql`canteiro_sort_key(${column}) collate "C"`;

/** `column IN ('a', 'b')` with literal values, as CHECK constraints need. */
export function oneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const literals = values.map((value) =>
    typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`,
  );
  return sql`${column} in (${sql.raw(literals.join(', '))})`;
}
