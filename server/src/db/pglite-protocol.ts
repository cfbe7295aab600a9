import type { Results, RowMode } from '@electric-sql/pglite';
import type { StatementPlan } from './driver.js';

/**
 * The messages between the server's main thread (pglite.ts) and the database's worker thread
 * (pglite-worker.ts). One request, one reply with the same `id`. `tx` names a transaction the
 * worker holds open between requests (null: outside any), numbered by the main thread.
 */

export type Request = Sent &
  (
    | {
        id: number;
        op: 'query';
        tx: number | null;
        text: string;
        params: unknown[];
        rowMode: RowMode | undefined;
        /** COPY … FROM '/dev/blob': the blob's bytes, transferred. */
        blob: ArrayBuffer | undefined;
        /** How it is planned (db/driver.ts StatementPlan). */
        plan: StatementPlan;
      }
    | { id: number; op: 'exec'; tx: number | null; text: string; rowMode: RowMode | undefined }
    | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
    | { id: number; op: 'close' }
    /** Answered by the thread at once, outside PGlite's session: is the database's thread alive and free to listen? */
    | { id: number; op: 'ping' }
  );

/** When the main thread sent it (epoch ms, both threads' clock): how long it has waited. */
export interface Sent {
  sentAt: number;
}

/** A request before the thread numbers and stamps it. */
export type Call = Request extends infer Each ? (Each extends Request ? Omit<Each, 'id' | 'sentAt'> : never) : never;

/** Now, in ms since the epoch, to the microsecond, the same on every thread. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** `fatal`: the engine is broken (a WebAssembly trap): the worker exits after this reply. */
export type Reply = { id: number; result: unknown } | { id: number; error: CarriedError; fatal: boolean };

/** The worker's first message. */
export type Started = { started: true } | { started: false; error: CarriedError };

/** A Results whose blob (COPY … TO '/dev/blob') travels as bytes. */
export type CarriedResults = Omit<Results, 'blob'> & { blob?: ArrayBuffer };

/**
 * An error as it crosses threads. Structured cloning keeps an Error's message but drops its
 * own properties, and the server reads those: PGlite's DatabaseError carries the SQLSTATE
 * (`code`), `constraint`, `detail`, `table`… (crud/writes.ts maps 23505 by constraint name).
 */
export interface CarriedError {
  name: string;
  message: string;
  stack: string | undefined;
  /** Its own properties that can be cloned (PGlite's also name the query and its params). */
  fields: Record<string, unknown>;
  cause: CarriedError | undefined;
}

export function carryError(error: unknown, depth = 0): CarriedError {
  if (!(error instanceof Error)) {
    return { name: 'Error', message: String(error), stack: undefined, fields: {}, cause: undefined };
  }
  const fields: CarriedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (key !== 'cause') fields[key] = cloneable(value);
  }
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
    cause: error.cause !== undefined && depth < 5 ? carryError(error.cause, depth + 1) : undefined,
  };
}

/** The value if it can cross threads, else left out (an error is rare: the try is cheap enough). */
function cloneable(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/** The error again, with the same message, name and properties (`code`, `constraint`…). */
export function reviveError(carried: CarriedError): Error {
  const error = new Error(
    carried.message,
    carried.cause === undefined ? undefined : { cause: reviveError(carried.cause) },
  ) as Error & Record<string, unknown>;
  // PGlite's DatabaseError has its own `name` (the protocol message's, 'error'): among the fields.
  Object.assign(error, carried.fields);
  if (!Object.hasOwn(carried.fields, 'name') && carried.name !== 'Error') error.name = carried.name;
  if (carried.stack !== undefined) error.stack = carried.stack;
  return error;
}
