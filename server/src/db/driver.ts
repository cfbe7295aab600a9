import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What both drivers share: where the migrations are, how numbers come back, how errors are read. */

/** server/drizzle, from src/db/ under tsx and from dist/db/ under node alike. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
/**
 * node-postgres returns bigint and numeric as strings, PGlite bigint as a number and
 * numeric as a string. Both become numbers here so the JSON is the same on either
 * database (counts and sums stay far below 2^53).
 */
export const toNumber = (value: string): number => Number(value);

/** Distinct statements one connection keeps prepared; later ones run unprepared. */
export const MAX_PREPARED_PER_CONNECTION = 1000;

/**
 * How a SELECT is planned (`selectRows(…, { plan })`):
 * - `kept`: prepared once per connection; PostgreSQL plans its first five runs for their
 *   values, then keeps a generic plan if that one looks no dearer;
 * - `per-call`: never prepared, planned for its values on every run (the dashboards);
 * - `generic`: prepared, and run with its generic plan from the first run on. For a statement
 *   whose best plan is the same whatever its values, where PostgreSQL's estimates would keep
 *   planning it on every run: a list page, whose OFFSET it guesses at a tenth of the list
 *   when it is a value (0.6 of ~1.5 ms of a users page; docs/benchmarks.md). Without
 *   prepared statements (DATABASE_PREPARED_STATEMENTS=false) it runs as `kept` does there.
 */
export type StatementPlan = 'kept' | 'per-call' | 'generic';

/**
 * The texts asked for another plan than `kept`; both drivers look here before naming a
 * SELECT (postgres.ts, pglite.ts). Bounded: past the cap the oldest text leaves (a text is
 * added again, synchronously, before each run of it).
 */
const plans = new Map<string, Exclude<StatementPlan, 'kept'>>();
const MAX_PLANNED = 5000;

export function choosePlan(text: string, plan: StatementPlan): void {
  if (plan === 'kept') {
    plans.delete(text);
    return;
  }
  if (plans.get(text) === plan) return;
  if (plans.size >= MAX_PLANNED) plans.delete(plans.keys().next().value as string);
  plans.set(text, plan);
}

export const planOf = (text: string): StatementPlan => plans.get(text) ?? 'kept';

/**
 * A value as an SQL literal for an `EXECUTE name(…)`, or null when it is not a plain scalar
 * (the statement then runs with bound values). Quoted even for numbers: an untyped literal
 * takes the type of the parameter it fills, as a bound value does. Quotes are doubled; a
 * value with a backslash is written `E'…'` with the backslashes doubled, so it reads the same
 * whatever `standard_conforming_strings` is (node-postgres' escapeLiteral does the same).
 */
export function sqlLiteral(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'bigint')
    return null;
  const text = String(value);
  if (text.includes('\0')) return null;
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * The SQLSTATE of a database error (`code`), whichever driver raised it, also when drizzle
 * wrapped it (DrizzleQueryError keeps the driver's error as its `cause`).
 */
export function errorCode(error: unknown): unknown {
  return codeBearer(error)?.code;
}

/** The first error of the chain with a `code` of its own: the driver's, under drizzle's wrapper. */
function codeBearer(error: unknown): { code: unknown; message?: unknown } | null {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 10; depth += 1) {
    if ((cause as { code?: unknown }).code !== undefined) return cause as { code: unknown };
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/** The driver's error behind drizzle's wrapper: SQLSTATE and constraint name. */
export function databaseError(error: unknown): { code?: string; constraint?: string } | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : '' };
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * The database cannot be reached (down, restarting, failed over, too slow to answer): the
 * request is answered 503 `database_unavailable`, and the node keeps running.
 */
export class DatabaseUnavailable extends Error {
  readonly code = 'database_unavailable';
  constructor(message = 'database unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * SQLSTATEs of a database that is away rather than of a bad statement: connection exceptions
 * (class 08), operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now), a statement cancelled by `statement_timeout` (57014), too many connections
 * (53300), a primary that became read-only (25006).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25006']);
/** Node's socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** What node-postgres and pg-pool say, without a code, when a connection is gone or never came. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Connection ended|Client was closed/i;

/** Whether an error (or any error in its `cause` chain) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== null;
}

/**
 * Why the database is unreachable, for the log: the error of the chain that says so, its
 * code and message only. Not the failed query around it: drizzle's message carries the whole
 * statement and its values (~1.5 KB a line, and values are people's e-mails and names), one
 * line per request refused while a database restarts.
 */
export function unavailableReason(error: unknown): { code?: string; reason: string } | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth += 1) {
    // The error that carries the code, and its message (drizzle's wrapper carries none).
    const bearer = codeBearer(cause);
    const code = bearer?.code;
    const known =
      typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code));
    if (cause instanceof DatabaseUnavailable || known || UNAVAILABLE_MESSAGES.test(cause.message)) {
      const message = bearer?.message;
      const reason = typeof message === 'string' ? message : cause.message;
      return typeof code === 'string' ? { code, reason } : { reason };
    }
  }
  return null;
}
