import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './connection.js';
import { INT8_OID, MAX_PREPARED_PER_CONNECTION, NUMERIC_OID, migrationsFolder, toNumber } from './driver.js';

/** A PostgreSQL server (DATABASE_URL), through node-postgres pools. */

/** Any constant works: it only has to be the same for every instance that migrates. */
const MIGRATION_LOCK_KEY = 4_715_302_118;

export async function openPostgres(url: string, readUrl: string | null): Promise<Database> {
  // Global on purpose: drizzle's node-postgres session falls back to pg.types for these.
  pg.types.setTypeParser(INT8_OID, toNumber);
  pg.types.setTypeParser(NUMERIC_OID, toNumber);
  const pool = preparingPool(url);
  const readPool = readUrl ? preparingPool(readUrl) : null;
  const orm = drizzleNodePg(pool);
  // Fail at start, not at the first request, when the server is unreachable.
  await orm.execute(sql`select 1`);
  return {
    kind: 'postgres',
    orm,
    readOrm: readPool ? drizzleNodePg(readPool) : orm,
    migrate: async () => {
      // Several instances may start together: one migrates, the others wait for it.
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(connection), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

/**
 * A pool whose connections prepare every SELECT they run (named after a digest of its text):
 * PostgreSQL then parses and plans each distinct statement once per connection instead of
 * on every request. Measured on the session lookup: ~230–440 µs unprepared, ~40–70 µs
 * prepared (docs/benchmarks.md, issue 9). The statements differ by text only (scope,
 * filters, sort), never by value, so their number stays small; past a cap they simply run
 * unprepared. PostgreSQL re-plans a prepared statement itself when a table it reads changes.
 */
function preparingPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url });
  pool.on('connect', (client) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const named = preparedName(config, prepared);
      return query(named ? { ...(config as object), name: named } : config, ...rest);
    };
  });
  return pool;
}

function preparedName(config: unknown, prepared: Set<string>): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const { text, name } = config as QueryConfig;
  if (name !== undefined || typeof text !== 'string' || !/^\s*(select|with)\b/i.test(text)) return null;
  const digest = `q${createHash('sha1').update(text).digest('base64url')}`;
  if (!prepared.has(digest)) {
    if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return null;
    prepared.add(digest);
  }
  return digest;
}
