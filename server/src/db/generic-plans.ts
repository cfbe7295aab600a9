import { createHash } from 'node:crypto';
import { MAX_PREPARED_PER_CONNECTION, errorCode, planOf, sqlLiteral } from './driver.js';

/**
 * `generic` statements on PostgreSQL (driver.ts StatementPlan). The protocol cannot ask for a
 * statement's generic plan, and `plan_cache_mode` is a setting: so the statement is PREPAREd by
 * SQL once per connection, then each run is one exchange in the simple protocol,
 *
 *   set local plan_cache_mode = force_generic_plan; execute g…(values); set local plan_cache_mode to default
 *
 * with its values written as literals (driver.ts sqlLiteral, as PGlite's EXECUTEs are,
 * pglite-engine.ts). The setting lasts that exchange (an implicit transaction) or, inside a
 * transaction, until the statement after it.
 */

type Query = (...args: unknown[]) => unknown;

interface GenericRun {
  name: string;
  /** The PREPARE, on the connection's first run of it. */
  prepare: string | null;
  text: string;
}

/** Null: the statement runs as usual (not generic, no prepared statements, a value not plain, or past the cap). */
function genericRun(config: unknown, rest: unknown[], prepared: Set<string> | null): GenericRun | null {
  if (prepared === null || typeof config !== 'object' || config === null) return null;
  const { text, name, values } = config as { text?: unknown; name?: unknown; values?: unknown };
  if (name !== undefined || typeof text !== 'string' || planOf(text) !== 'generic') return null;
  const given: unknown = Array.isArray(rest[0]) ? rest[0] : values;
  const literals = (Array.isArray(given) ? given : []).map(sqlLiteral);
  if (literals.some((value) => value === null)) return null;
  const statement = `g${createHash('sha1').update(text).digest('hex')}`;
  if (prepared.has(`!${statement}`)) return null;
  const known = prepared.has(statement);
  if (!known && prepared.size >= MAX_PREPARED_PER_CONNECTION) return null;
  const execute = literals.length ? `execute ${statement}(${literals.join(', ')})` : `execute ${statement}`;
  return {
    name: statement,
    prepare: known ? null : `prepare ${statement} as ${text}`,
    text: `set local plan_cache_mode = force_generic_plan; ${execute}; set local plan_cache_mode to default`,
  };
}

const IN_FAILED_TRANSACTION = '25P02';
const NO_SUCH_STATEMENT = '26000';

/**
 * Runs `config` as a generic statement when it is one, as `query` would: its promise, and the
 * callback pg-pool passes, if any, called with its outcome. Null when it is not one: the
 * caller runs it as usual. `asUsual`: the statement run as usual, without the callback.
 */
export function runGeneric(
  query: Query,
  config: unknown,
  rest: unknown[],
  prepared: Set<string> | null,
  asUsual: () => unknown,
): Promise<unknown> | null {
  const run = genericRun(config, rest, prepared);
  if (!run || !prepared) return null;
  const last = rest[rest.length - 1];
  const callback = typeof last === 'function' ? (last as (error: unknown, result?: unknown) => void) : null;
  const { types, rowMode } = config as { types?: unknown; rowMode?: unknown };
  const running = (async () => {
    if (run.prepare) {
      try {
        await query(run.prepare);
      } catch (error) {
        // In an aborted transaction the statement itself fails as it should. Otherwise (a
        // parameter whose type only binding decides) it runs as usual from now on.
        if (errorCode(error) === IN_FAILED_TRANSACTION) throw error;
        prepared.add(`!${run.name}`);
        return asUsual();
      }
      prepared.add(run.name);
    }
    try {
      const results = (await query({ text: run.text, types, rowMode })) as unknown[];
      return results[1];
    } catch (error) {
      // Gone (a DEALLOCATE or DISCARD ran): prepared again next time.
      if (errorCode(error) === NO_SUCH_STATEMENT) prepared.delete(run.name);
      throw error;
    }
  })();
  if (callback)
    running.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error),
    );
  return running;
}
