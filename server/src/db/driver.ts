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

/** The SQLSTATE of a database error (`code`), whichever driver raised it. */
export const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

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
