import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './connection.js';
import { MAX_PREPARED_PER_CONNECTION, errorCode, migrationsFolder, toNumber } from './driver.js';

/** The embedded database: PGlite (PostgreSQL in WebAssembly) in this process. */

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

export async function openPglite(dataDir: string): Promise<Database> {
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
