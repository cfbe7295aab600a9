import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { Column, Name, Param, SQL, StringChunk, Table, sql } from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
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

/** Distinct statements one connection keeps prepared; later ones run unprepared. */
const MAX_PREPARED_PER_CONNECTION = 1000;

const asText = (value: string): string => value;
/**
 * What drizzle's PGlite session asks for with every query: dates, timestamps, intervals and
 * their arrays (1182 date[], 1115 timestamp[], 1185 timestamptz[], 1187 interval[], 1231
 * numeric[]) as the database's text.
 */
const DRIZZLE_TEXT_TYPES = [
  pgliteTypes.DATE,
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  1182,
  1115,
  1185,
  1187,
  1231,
];

type PgliteQueries = Pick<PGlite, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>;

/** Statements prepared in one PGlite (its single session): digest of the text → prepared, or false when it cannot be. */
type PreparedStatements = Map<string, boolean>;

/**
 * A value as an SQL string literal, or null when it is not a plain scalar (those keep the
 * driver's own serialisation). Safe because standard_conforming_strings is on (checked at
 * open): inside '…' only a quote is special, and it is doubled. An untyped literal takes the
 * type of the parameter it fills, as a bound value does.
 */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint')
    return null;
  const text = String(value);
  return text.includes('\0') ? null : `'${text.replaceAll("'", "''")}'`;
}

/**
 * Runs a SELECT as `EXECUTE` of a statement PREPAREd once (PGlite's query() parses and plans
 * every time, in five exchanges with the database): the session lookup went from ~400 µs to
 * ~90 µs, and exec() instead of query() saves ~100 µs more (docs/benchmarks.md, issue 9).
 * Null when the statement is not a plain SELECT, its values are not plain scalars, or it
 * cannot be prepared: the caller then runs it as usual.
 */
async function runPrepared(
  target: Pick<Transaction, 'query' | 'exec'>,
  statements: PreparedStatements,
  text: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): Promise<unknown> {
  if (!/^\s*(select|with)\b/i.test(text)) return null;
  const values = (params ?? []).map(literal);
  if (values.some((value) => value === null)) return null;
  const name = `q${createHash('sha1').update(text).digest('hex')}`;
  const known = statements.get(name);
  if (known === false) return null;
  if (known === undefined) {
    if (statements.size >= MAX_PREPARED_PER_CONNECTION) return null;
    try {
      await target.query(`prepare ${name} as ${text}`);
    } catch (error) {
      // In an aborted transaction the query itself fails as it should. Otherwise (e.g. a
      // parameter whose type only binding decides) it runs unprepared from now on.
      if (errorCode(error) !== IN_FAILED_TRANSACTION) statements.set(name, false);
      return null;
    }
    statements.set(name, true);
  }
  const execute = values.length ? `execute ${name}(${values.join(', ')})` : `execute ${name}`;
  try {
    // exec: the simple protocol, one exchange with the database instead of query()'s five.
    const [result] = await target.exec(execute, options?.rowMode ? { rowMode: options.rowMode } : undefined);
    return result;
  } catch (error) {
    // Gone (a DEALLOCATE or DISCARD ran): prepared again next time; this once, unprepared.
    if (errorCode(error) !== NO_SUCH_STATEMENT) throw error;
    statements.delete(name);
    return null;
  }
}

const IN_FAILED_TRANSACTION = '25P02';
const NO_SUCH_STATEMENT = '26000';
const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/**
 * What drizzle's PGlite session goes through. Drizzle passes its parsers with every query,
 * and PGlite then copies its whole parser table for each result: ~75 µs of a ~130 µs
 * `select 1` (docs/benchmarks.md, issue 9). The same parsers are set once on the instance
 * (openPglite), so queries go without them: the rows are the same. SELECTs are prepared once
 * (runPrepared). Transactions get the same treatment.
 */
function fasterQueries<Client extends PgliteQueries | Transaction>(
  client: Client,
  statements: PreparedStatements | null,
): Client {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          const prepared = statements && (await runPrepared(target, statements, text, params, options));
          return prepared ?? target.query(text, params, options && { ...options, parsers: undefined });
        };
      }
      if (key === 'transaction' && 'transaction' in target && target.transaction) {
        const transaction = target.transaction.bind(target);
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          transaction((tx: Transaction) => callback(fasterQueries(tx, statements)));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    // The admin lists' search indexes (migration 0001).
    extensions: { pg_trgm },
    parsers: {
      ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText])),
      [pgliteTypes.INT8]: toNumber,
      [pgliteTypes.NUMERIC]: toNumber,
    },
  });
  const [quoting] = (await client.query<{ on: string }>(`select current_setting('standard_conforming_strings') as on`))
    .rows;
  const orm = drizzlePglite({ client: fasterQueries(client, quoting?.on === 'on' ? new Map() : null) });
  return {
    kind: 'pglite',
    orm,
    readOrm: orm,
    migrate: async () => {
      await migratePglite(orm, { migrationsFolder });
      // PGlite runs no autovacuum, so nothing else gathers the planner's statistics: without
      // them a list page hash-joined whole tables (docs/benchmarks.md, issue 9).
      await orm.execute(sql`analyze`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, readUrl: string | null): Promise<Database> {
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
  // What orm.execute does, with the text built by buildQuery (its cache) instead of drizzle.
  // `session` is drizzle's (marked internal): the same object orm.execute goes through.
  const { session } = orm as unknown as { session: PgSession };
  const prepared = session.prepareQuery(buildQuery(query), undefined, undefined, false);
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
 * the activity list (docs/benchmarks.md, issue 9). Only the text is reused: values are
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
