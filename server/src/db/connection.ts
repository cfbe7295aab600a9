import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Column, Name, Param, SQL, StringChunk, Table, sql } from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import type { Config, DatabaseTuning } from '../config.js';
import { errorCode, migrationsFolder, planPerCall } from './driver.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

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
    /** PGlite only: a dump (dumpDataDir) a `memory://` database starts from. */
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
 * A SELECT is prepared once per connection (postgres.ts, pglite-engine.ts) unless `prepare`
 * is false: then PostgreSQL plans it for its values on every run.
 */
export async function selectRows<Row>(
  orm: Orm,
  query: SQL,
  { prepare = true }: { prepare?: boolean } = {},
): Promise<Row[]> {
  // What orm.execute does, with the text built by buildQuery (its cache) instead of drizzle.
  // `session` is drizzle's (marked internal): the same object orm.execute goes through.
  const { session } = orm as unknown as { session: PgSession };
  const built = buildQuery(query);
  if (!prepare) planPerCall(built.sql);
  const prepared = session.prepareQuery(built, undefined, undefined, false);
  const result = (await prepared.execute()) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Distinct statement shapes whose text is kept; past it, new shapes are built every time. */
const MAX_SHAPES = 2000;
/** Shape → text: a shape is the query's text with its values left out (see buildQuery). */
const texts = new Map<string, string>();
/** A number per table and column met, so a shape names them without building their text. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
const buildStats = { cached: 0, built: 0 };

/**
 * Collects a query's shape (its text chunks, tables and columns, `?` for each value) and its
 * values in the order drizzle numbers them ($1, $2, …). False when a chunk is anything else
 * (a placeholder, an array, a subquery, a value drizzle maps to SQL…): drizzle builds those.
 */
function collectShape(chunks: readonly unknown[], shape: string[], params: unknown[]): boolean {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean') {
      shape.push('?');
      params.push(chunk);
    } else if (chunk instanceof StringChunk) {
      shape.push(`s${chunk.value.join('')}`);
    } else if (chunk instanceof SQL) {
      if (
        (chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams ||
        !collectShape(chunk.queryChunks, shape, params)
      )
        return false;
    } else if (chunk instanceof Param) {
      if (chunk.value === null) {
        params.push(null);
      } else if (typeof chunk.value === 'object') {
        return false;
      } else {
        const value: unknown = chunk.encoder.mapToDriverValue(chunk.value);
        if (typeof value === 'object' && value !== null) return false;
        params.push(value);
      }
      shape.push('?');
    } else if (chunk instanceof Name) {
      shape.push(`n${chunk.value}`);
    } else if (chunk instanceof Column || chunk instanceof Table) {
      let id = objectIds.get(chunk);
      if (id === undefined) {
        id = nextObjectId += 1;
        objectIds.set(chunk, id);
      }
      shape.push(`o${id}`);
    } else {
      return false;
    }
  }
  return true;
}

/**
 * The query's text and values, as drizzle's `sqlToQuery` gives them, with the text built once
 * per shape: a list's SQL differs between requests only by its values (scope ids, search
 * pattern, filters, page), and drizzle rebuilding ~3 KB of text cost ~0.5 ms a request on
 * the activity list (docs/benchmarks.md). Only the text is reused: values are
 * always this query's own, numbered in the same order drizzle numbers them.
 */
export function buildQuery(query: SQL): Query {
  const shape: string[] = [];
  const params: unknown[] = [];
  if (collectShape([query], shape, params)) {
    const key = shape.join('\u0000');
    const text = texts.get(key);
    if (text !== undefined) {
      buildStats.cached += 1;
      return { sql: text, params };
    }
    const built = dialect.sqlToQuery(query);
    if (texts.size < MAX_SHAPES) texts.set(key, built.sql);
    buildStats.built += 1;
    return { sql: built.sql, params: built.params };
  }
  buildStats.built += 1;
  const built = dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params };
}

/** How often buildQuery reused a text (tests). */
export function queryBuildStats(): Readonly<typeof buildStats> {
  return { ...buildStats };
}
