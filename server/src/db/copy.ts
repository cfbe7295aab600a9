import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import type { Database, Orm } from './connection.js';
import { selectRows } from './connection.js';

/**
 * Bulk loading with COPY on either database: the demo generator, the scale command and the
 * ingestion benchmark's baseline. Rows travel in COPY's text format (escapeCopyValue), on
 * PostgreSQL as a stream through pg-copy-streams, on PGlite as `COPY … FROM '/dev/blob'`
 * with the text as the query's blob, one chunk of rows at a time so memory stays bounded (the
 * blob's bytes are handed to the database's worker thread, not copied: db/pglite.ts).
 *
 * `target` is a Database (its own connection, autocommit) or an Orm, which may be a
 * transaction: the rows are then part of it (the demo seed runs inside one).
 */

export type CopyRows = AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;

export interface CopyOptions {
  /** Rows per PGlite COPY statement (each is one blob in memory). */
  chunkRows?: number;
}

/** ~50 k rows of the report tables is ~8 MB of text: one blob, a fraction of a second. */
const DEFAULT_CHUNK_ROWS = 50_000;
/** PostgreSQL: the text is handed to the socket in pieces of about this many characters. */
const STREAM_PIECE_CHARS = 256 * 1024;

/** Loads `rows` (values in `columns` order) into `table`; answers the number of rows copied. */
export async function copyRows(
  target: Database | Orm,
  table: string,
  columns: readonly string[],
  rows: CopyRows,
  options: CopyOptions = {},
): Promise<number> {
  const statement = `copy ${quoteName(table)} (${columns.map(quoteName).join(', ')}) from stdin`;
  const client = clientOf(target);
  if (client.kind === 'pglite') {
    return copyIntoPglite(
      client.query,
      statement.replace(/stdin$/, `'/dev/blob'`),
      rows,
      options.chunkRows ?? DEFAULT_CHUNK_ROWS,
    );
  }
  if (client.kind === 'pg-client') return copyIntoPostgres(client.client, statement, rows);
  const connection = await client.pool.connect();
  try {
    return await copyIntoPostgres(connection, statement, rows);
  } finally {
    connection.release();
  }
}

type PgliteQuery = (text: string, params?: unknown[], options?: { blob?: Blob }) => Promise<{ affectedRows?: number }>;

type CopyClient =
  | { kind: 'pglite'; query: PgliteQuery }
  | { kind: 'pg-pool'; pool: pg.Pool }
  | { kind: 'pg-client'; client: pg.ClientBase };

/**
 * The driver's client under drizzle: `session.client` is what drizzle itself sends queries
 * to (the pool, a transaction's pooled connection, the PGlite worker's client or its
 * transaction's, db/pglite.ts).
 * It is marked private in drizzle's types, hence the cast.
 */
function clientOf(target: Database | Orm): CopyClient {
  const orm = 'orm' in target && 'kind' in target ? target.orm : target;
  const { session } = orm as unknown as { session: { client: unknown } };
  const client = session.client;
  if (client instanceof pg.Pool) return { kind: 'pg-pool', pool: client };
  if (client instanceof pg.Client) return { kind: 'pg-client', client };
  const query = (client as { query?: unknown }).query;
  if (typeof query !== 'function') throw new Error('copyRows: unknown database client');
  return { kind: 'pglite', query: query.bind(client) as PgliteQuery };
}

async function copyIntoPostgres(client: pg.ClientBase, statement: string, rows: CopyRows): Promise<number> {
  const stream = client.query(copyFrom(statement));
  await pipeline(Readable.from(copyText(rows, STREAM_PIECE_CHARS, Number.POSITIVE_INFINITY)), stream);
  return stream.rowCount;
}

async function copyIntoPglite(query: PgliteQuery, statement: string, rows: CopyRows, chunkRows: number) {
  let copied = 0;
  for await (const { text, count } of copyChunks(rows, chunkRows)) {
    await query(statement, [], { blob: new Blob([text]) });
    copied += count;
  }
  return copied;
}

/** The text of `rows`, in pieces of about `pieceChars` characters (and at most `pieceRows` rows). */
async function* copyText(rows: CopyRows, pieceChars: number, pieceRows: number): AsyncGenerator<string> {
  for await (const chunk of copyChunks(rows, pieceRows, pieceChars)) yield chunk.text;
}

async function* copyChunks(
  rows: CopyRows,
  maxRows: number,
  maxChars = Number.POSITIVE_INFINITY,
): AsyncGenerator<{ text: string; count: number }> {
  let lines: string[] = [];
  let chars = 0;
  for await (const row of rows) {
    const line = copyLine(row);
    lines.push(line);
    chars += line.length;
    if (lines.length >= maxRows || chars >= maxChars) {
      yield { text: lines.join(''), count: lines.length };
      lines = [];
      chars = 0;
    }
  }
  if (lines.length > 0) yield { text: lines.join(''), count: lines.length };
}

/** One row of COPY's text format: values separated by tabs, ended by a newline. */
export function copyLine(row: readonly unknown[]): string {
  let line = '';
  for (let index = 0; index < row.length; index += 1) {
    if (index > 0) line += '\t';
    line += copyValue(row[index]);
  }
  return `${line}\n`;
}

/** A value as COPY's text format writes it: `\N` for null, dates as ISO instants. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeCopyText(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copyRows: ${value} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  throw new Error(`copyRows: cannot copy a value of type ${typeof value}`);
}

const SPECIAL = /[\\\t\n\r\0]/;

/**
 * Backslash, tab, newline and carriage return escaped as COPY reads them back; a NUL cannot
 * be stored in a text column at all, so it is refused rather than silently cut.
 */
export function escapeCopyText(text: string): string {
  if (!SPECIAL.test(text)) return text;
  if (text.includes('\0')) throw new Error('copyRows: text with a NUL character');
  return text.replace(/[\\\t\n\r]/g, (character) => ESCAPES.get(character) ?? character);
}

const ESCAPES = new Map([
  ['\\', '\\\\'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\r', '\\r'],
]);

/** `"name"`, or `"schema"."name"` for a dotted one. */
function quoteName(name: string): string {
  return name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

/**
 * Runs `load` with the foreign keys of `tables` dropped, then adds them back exactly as
 * they were (pg_get_constraintdef), which checks every loaded row in one query per key
 * instead of one lookup per row and key (the triggers COPY would fire: on PGlite 50 k report
 * rows took 2.9 s with them, 0.6 s without; docs/demo-data.md). All in one transaction (a
 * savepoint inside one): if the load or a check fails, or the process dies, the keys were
 * never gone. Takes the tables' exclusive locks until it ends: for loading, not for a live
 * site.
 */
export async function withForeignKeysCheckedAfter<Result>(
  orm: Orm,
  tables: readonly string[],
  load: (tx: Orm) => Promise<Result>,
): Promise<Result> {
  return orm.transaction(async (tx) => {
    const keys = await selectRows<{ table: string; name: string; definition: string }>(
      tx,
      sql`select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
          from pg_constraint
          where contype = 'f' and conrelid::regclass::text in (${sql.join(
            tables.map((table) => sql`${table}`),
            sql`, `,
          )})
          order by conrelid::regclass::text, conname`,
    );
    for (const key of keys) {
      await tx.execute(sql.raw(`alter table ${quoteName(key.table)} drop constraint ${quoteName(key.name)}`));
    }
    const result = await load(tx);
    for (const key of keys) {
      await tx.execute(
        sql.raw(`alter table ${quoteName(key.table)} add constraint ${quoteName(key.name)} ${key.definition}`),
      );
    }
    return result;
  });
}

/**
 * Runs `load` with the primary keys and indexes of `tables` dropped, then builds them again
 * from their own definitions (pg_get_constraintdef, pg_get_indexdef): one sort per index
 * instead of one insertion per row. In a transaction, like withForeignKeysCheckedAfter; the
 * scale command measures both (docs/demo-data.md). Foreign keys pointing at these tables'
 * keys would block the drop: the report tables have none.
 */
export async function withIndexesBuiltAfter<Result>(
  orm: Orm,
  tables: readonly string[],
  load: (tx: Orm) => Promise<Result>,
): Promise<Result> {
  return orm.transaction(async (tx) => {
    const names = sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    );
    const keys = await selectRows<{ table: string; name: string; definition: string }>(
      tx,
      sql`select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
          from pg_constraint
          where contype in ('p', 'u') and conrelid::regclass::text in (${names})
          order by 1, 2`,
    );
    const indexes = await selectRows<{ name: string; definition: string }>(
      tx,
      sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
          from pg_index i
          where i.indrelid::regclass::text in (${names})
            and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
          order by 1`,
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoteName(index.name)}`));
    for (const key of keys) {
      await tx.execute(sql.raw(`alter table ${quoteName(key.table)} drop constraint ${quoteName(key.name)}`));
    }
    const result = await load(tx);
    for (const key of keys) {
      await tx.execute(
        sql.raw(`alter table ${quoteName(key.table)} add constraint ${quoteName(key.name)} ${key.definition}`),
      );
    }
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    return result;
  });
}
