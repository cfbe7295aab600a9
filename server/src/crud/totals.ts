import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { buildQuery } from '../db/query-text.js';

/**
 * The `total` of list pages, remembered per database snapshot.
 *
 * An exact `count(*)` is most of a list request on PGlite (about 20 of 31 ms with 100 000
 * users), and paging through a list asks the same count again and again. A snapshot
 * (`pg_current_snapshot()`: xmin, xmax and the transactions in progress) changes as soon as
 * any transaction starts writing or commits — through this server, a script, a test or
 * another server — so a total is reused only while the rows it counted cannot have changed.
 * On PostgreSQL under steady writes it rarely hits and costs one trivial query.
 */

/** Distinct lists (query text and parameters: scope, search, filters) kept per snapshot. */
const MAX_ENTRIES = 500;

/** Per database: two databases may well be at the same snapshot. */
interface Remembered {
  snapshot: string;
  totals: Map<string, number>;
}
const databases = new WeakMap<Orm, Remembered>();
const stats = { hits: 0, misses: 0 };

function rememberedOf(orm: Orm): Remembered {
  let remembered = databases.get(orm);
  if (!remembered) {
    remembered = { snapshot: '', totals: new Map() };
    databases.set(orm, remembered);
  }
  return remembered;
}

function keyOf(query: SQL): string {
  // The text built once per shape (buildQuery): only the values are new on each request.
  const { sql: text, params } = buildQuery(query);
  return `${text}\u0000${JSON.stringify(params, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`;
}

function remember(remembered: Remembered, snapshot: string, key: string, total: number): void {
  // Totals of an older snapshot can no longer be asked for.
  if (snapshot !== remembered.snapshot) {
    remembered.totals.clear();
    remembered.snapshot = snapshot;
  }
  if (remembered.totals.size >= MAX_ENTRIES) remembered.totals.delete(remembered.totals.keys().next().value!);
  remembered.totals.set(key, total);
}

/**
 * `count(*)` of `from` where `where`, from memory when nothing was written since it was
 * counted. `snapshot`: the one the caller's own query just ran in (saves asking for it).
 */
export async function countRows(orm: Orm, from: SQL, where: SQL, snapshot?: string): Promise<number> {
  const counting = sql`select count(*)::int from ${from} where ${where}`;
  const key = keyOf(counting);
  const remembered = rememberedOf(orm);
  const current =
    snapshot ??
    (await selectRows<{ snapshot: string }>(orm, sql`select pg_current_snapshot()::text as snapshot`))[0]?.snapshot;
  if (current && current === remembered.snapshot) {
    const known = remembered.totals.get(key);
    if (known !== undefined) {
      stats.hits += 1;
      return known;
    }
  }
  stats.misses += 1;
  // One statement: the total and the snapshot it was counted in.
  const [counted] = await selectRows<{ snapshot: string; total: number }>(
    orm,
    sql`select pg_current_snapshot()::text as snapshot, (${counting}) as total`,
  );
  if (!counted) return 0;
  remember(remembered, counted.snapshot, key, counted.total);
  return counted.total;
}

/** How often totals came from memory (tests and the benchmark). */
export function totalsStats(): Readonly<typeof stats> {
  return { ...stats };
}
