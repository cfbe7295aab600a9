import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MAX_PREPARED_PER_CONNECTION, errorCode, sqlLiteral, toNumber } from './driver.js';
import type { StatementPlan } from './driver.js';

/**
 * The PGlite instance itself and its fast paths. Runs inside the database's worker thread
 * (pglite-worker.ts), never on the server's main thread: PGlite computes synchronously.
 */

const asText = (value: string): string => value;
/**
 * What drizzle's PGlite session asks for with every query: dates, timestamps, intervals and
 * their arrays (1182 date[], 1115 timestamp[], 1185 timestamptz[], 1187 interval[], 1231
 * numeric[]) as the database's text. Drizzle's parsers are functions, which cannot cross to
 * the worker: the same ones are set once on the instance, and the rows are the same.
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

/** PGlite's options, and how the statement is planned (driver.ts StatementPlan; `kept` when not said). */
export type EngineQueryOptions = QueryOptions & { plan?: StatementPlan };

/** What a statement runs on: the instance, or one of its transactions. */
export type Target = Pick<Transaction, 'query' | 'exec'>;

export interface Engine {
  pg: PGlite;
  /** Runs a statement as drizzle would, SELECTs prepared once (runPrepared). */
  query(target: Target, text: string, params: unknown[], options: EngineQueryOptions): Promise<Results>;
}

/**
 * Opens PGlite in `dataDir`; `loadFrom`, a dump of another data folder (PGlite's
 * dumpDataDir, a tarball), gives a new database — in memory, or in a new empty folder — that
 * starts as that one did: no initdb, no migrations (the test suite's migrated template,
 * test/helpers.ts).
 */
export async function openEngine(dataDir: string, loadFrom?: string): Promise<Engine> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    ...(loadFrom ? { loadDataDir: new Blob([readFileSync(loadFrom)]) } : {}),
    // The admin lists' search indexes (migration 0001).
    extensions: { pg_trgm },
    // Drizzle passes these with every query, and PGlite then copies its whole parser table
    // for each result: ~75 µs of a ~130 µs `select 1` (docs/benchmarks.md).
    parsers: {
      ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText])),
      [pgliteTypes.INT8]: toNumber,
      [pgliteTypes.NUMERIC]: toNumber,
    },
  });
  const statements: PreparedStatements = new Map();
  return {
    pg,
    query: async (target, text, params, options) =>
      ((await runPrepared(target, statements, text, params, options)) as Results | null) ??
      target.query(text, params, options),
  };
}

/** Statements prepared in one PGlite (its single session): digest of the text → prepared, or false when it cannot be. */
type PreparedStatements = Map<string, boolean>;

/**
 * Runs a SELECT as `EXECUTE` of a statement PREPAREd once (PGlite's query() parses and plans
 * every time, in five exchanges with the database): the session lookup went from ~400 µs to
 * ~90 µs, and exec() instead of query() saves ~100 µs more (docs/benchmarks.md).
 * Null when the statement is not a plain SELECT, its values are not plain scalars, or it
 * cannot be prepared: the caller then runs it as usual.
 */
async function runPrepared(
  target: Target,
  statements: PreparedStatements,
  text: string,
  params: unknown[],
  options: EngineQueryOptions,
): Promise<unknown> {
  if (options.plan === 'per-call' || options.blob || !/^\s*(select|with)\b/i.test(text)) return null;
  const values = params.map(sqlLiteral);
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
    const rowMode = options.rowMode ? { rowMode: options.rowMode } : undefined;
    if (options.plan !== 'generic') return (await target.exec(execute, rowMode))[0];
    // The generic plan from the first run: the setting lasts this exchange (an implicit
    // transaction) or, inside a transaction, until the statement after it.
    const results = await target.exec(
      `set local plan_cache_mode = force_generic_plan; ${execute}; set local plan_cache_mode to default`,
      rowMode,
    );
    return results[1];
  } catch (error) {
    // Gone (a DEALLOCATE or DISCARD ran): prepared again next time; this once, unprepared.
    if (errorCode(error) !== NO_SUCH_STATEMENT) throw error;
    statements.delete(name);
    return null;
  }
}

const IN_FAILED_TRANSACTION = '25P02';
const NO_SUCH_STATEMENT = '26000';
