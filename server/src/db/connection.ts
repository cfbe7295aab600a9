import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import type { Config, DatabaseTuning } from '../config.js';
import { choosePlan, errorCode, migrationsFolder } from './driver.js';
import type { StatementPlan } from './driver.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';
import { buildQuery } from './query-text.js';

export type DatabaseKind = 'pglite' | 'postgres';
/** The query builder, whichever driver is underneath. */
export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: DatabaseKind;
  /** The primary: every write, and every read that must see them. */
  orm: Orm;
  /** A streaming replica (DATABASE_READ_URL) the dashboards may read from; null without one. */
  replica: Replica | null;
  /**
   * Readiness (`/api/health`): resolves when the database answers. PostgreSQL: a `select 1`.
   * PGlite: its thread answers between two statements, without waiting for the session (a
   * transaction may hold it for a few hundred ms: the database is there, and busy).
   */
  ping(): Promise<void>;
  /** Applies the committed SQL migrations that are not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A read replica. It may be behind, paused or down: the caller checks it has what it needs
 * (dashboards/replica.ts) and reports a failure, after which `available()` is false for a while.
 */
export interface Replica {
  orm: Orm;
  available(): boolean;
  failed(error: unknown): void;
}

/** Where the drivers tell what happened to their connections (the app's logger, or nothing). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

const SILENT: DatabaseLog = { warn: () => undefined };

export type DatabaseSettings = Pick<Config, 'databaseUrl' | 'databaseReadUrl' | 'dataDir'> &
  Partial<Pick<Config, 'databaseMigrationUrl' | 'database'>> & {
    /** PGlite only: a dump (dumpDataDir) a new database (in memory, or in an empty folder) starts from. */
    pgliteLoad?: string;
  };

/** The defaults of config.ts, for callers that name only where the database is (tests, tools). */
const DEFAULT_TUNING: DatabaseTuning = {
  poolSize: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 0,
  preparedStatements: true,
};

export async function openDatabase(settings: DatabaseSettings, log: DatabaseLog = SILENT): Promise<Database> {
  return settings.databaseUrl
    ? openPostgres({
        url: settings.databaseUrl,
        readUrl: settings.databaseReadUrl,
        migrationUrl: settings.databaseMigrationUrl ?? null,
        tuning: settings.database ?? DEFAULT_TUNING,
        log,
      })
    : openPglite(settings.dataDir, settings.pgliteLoad);
}

/**
 * The migrations this server's code has and its database has not applied, by name
 * (`0012_dashboard_hourly_rollup`). drizzle's migrator applies every migration newer than the
 * latest one recorded in `drizzle.__drizzle_migrations`; the same rule says what is pending.
 */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const journal = readMigrationJournal();
  let applied: number | null = null;
  try {
    const [latest] = await selectRows<{ created: number | null }>(
      orm,
      sql`select max(created_at)::float8 as created from drizzle.__drizzle_migrations`,
    );
    applied = latest?.created ?? null;
  } catch (error) {
    // No journal table (or schema) yet: nothing was ever applied.
    if (!['42P01', '3F000'].includes(String(errorCode(error)))) throw error;
  }
  return journal.filter((entry) => applied === null || entry.when > applied).map((entry) => entry.tag);
}

function readMigrationJournal(): { tag: string; when: number }[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  const { entries } = JSON.parse(readFileSync(file, 'utf8')) as { entries: { tag: string; when: number }[] };
  return entries;
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

/**
 * Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type cannot say.
 * A SELECT is prepared once per connection (postgres.ts, pglite-engine.ts) and planned as
 * `plan` says (driver.ts StatementPlan).
 */
export async function selectRows<Row>(
  orm: Orm,
  query: SQL,
  { plan = 'kept' }: { plan?: StatementPlan } = {},
): Promise<Row[]> {
  // What orm.execute does, with the text built by buildQuery (its cache) instead of drizzle.
  // `session` is drizzle's (marked internal): the same object orm.execute goes through.
  const { session } = orm as unknown as { session: PgSession };
  const built = buildQuery(query);
  choosePlan(built.sql, plan);
  const prepared = session.prepareQuery(built, undefined, undefined, false);
  const result = (await prepared.execute()) as unknown as { rows: Row[] };
  return result.rows;
}
