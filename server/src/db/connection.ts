import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';

export type DatabaseKind = 'pglite' | 'postgres';
/** The query builder, whichever driver is underneath. */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: DatabaseKind;
  orm: Orm;
  /** Dashboards read here: a replica when DATABASE_READ_URL is set, the primary otherwise. */
  readOrm: Orm;
  /** Applies the committed SQL migrations that are not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** server/drizzle, from src/db/ under tsx and from dist/db/ under node alike. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

/** Any constant works: it only has to be the same for every instance that migrates. */
const MIGRATION_LOCK_KEY = 4_715_302_118;

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/**
 * node-postgres returns bigint and numeric as strings, PGlite bigint as a number and
 * numeric as a string. Both become numbers here so the JSON is the same on either
 * database (counts and sums stay far below 2^53).
 */
const toNumber = (value: string): number => Number(value);

export type DatabaseSettings = Pick<Config, 'databaseUrl' | 'databaseReadUrl' | 'dataDir'>;

export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl, settings.databaseReadUrl)
    : openPglite(settings.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    // The admin lists' search indexes (migration 0001).
    extensions: { pg_trgm },
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber },
  });
  const orm = drizzlePglite(client);
  return {
    kind: 'pglite',
    orm,
    readOrm: orm,
    migrate: () => migratePglite(orm, { migrationsFolder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, readUrl: string | null): Promise<Database> {
  // Global on purpose: drizzle's node-postgres session falls back to pg.types for these.
  pg.types.setTypeParser(INT8_OID, toNumber);
  pg.types.setTypeParser(NUMERIC_OID, toNumber);
  const pool = new pg.Pool({ connectionString: url });
  const readPool = readUrl ? new pg.Pool({ connectionString: readUrl }) : null;
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

/**
 * Drops every table and applies all the migrations from the first, so the committed
 * migrations are what runs. Only for a database the tests or the benchmark own outright;
 * a new PGlite is empty already.
 */
export async function migrateFromScratch(db: Database): Promise<void> {
  if (db.kind === 'postgres') {
    await db.orm.execute(sql`drop schema if exists drizzle cascade`);
    await db.orm.execute(sql`drop schema if exists public cascade`);
    await db.orm.execute(sql`create schema public`);
  }
  await db.migrate();
}

/** Empties every table of the application (not drizzle's migration journal). */
export async function truncateAll(orm: Orm): Promise<void> {
  const tables = await selectRows<{ tablename: string }>(
    orm,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = tables.map((table) => `"${table.tablename}"`);
  if (names.length > 0) await orm.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type cannot say. */
export async function selectRows<Row>(orm: Orm, query: SQL): Promise<Row[]> {
  const result = (await orm.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
