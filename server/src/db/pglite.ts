import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './connection.js';
import { migrationsFolder, planOf } from './driver.js';
import { PgliteThread } from './pglite-thread.js';

/**
 * The embedded database: PGlite (PostgreSQL in WebAssembly) in a worker thread of this
 * process (docs/embedded-database.md). PGlite computes synchronously: on the main thread a
 * long query, a COPY or an export batch stopped every other request until it ended.
 */

/**
 * What drizzle's PGlite session sends its queries to, in place of the PGlite instance: each
 * call is one message to the worker, which runs it with the instance's parsers and the
 * prepared-SELECT path (pglite-engine.ts). Drizzle's own parsers (functions, which cannot
 * cross threads) are left out: the instance has the same ones. `transaction` holds the
 * worker's single session for this caller until the callback ends, as PGlite's does.
 */
export class PgliteClient {
  constructor(
    readonly thread: PgliteThread,
    /** The transaction this client's statements belong to, and the worker that holds it. */
    private readonly tx: { id: number; generation: number } | null = null,
  ) {}

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    const send = (blob: ArrayBuffer | undefined) =>
      this.thread.call(
        {
          op: 'query',
          tx: this.tx?.id ?? null,
          text,
          params: params ?? [],
          rowMode: options?.rowMode,
          blob,
          plan: planOf(text),
        },
        blob ? [blob] : [],
        this.tx?.generation,
      ) as Promise<Results>;
    // COPY … FROM '/dev/blob' (db/copy.ts): the bytes are handed over, not copied again.
    return options?.blob ? options.blob.arrayBuffer().then(send) : send(undefined);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.thread.call(
      { op: 'exec', tx: this.tx?.id ?? null, text, rowMode: options?.rowMode },
      [],
      this.tx?.generation,
    ) as Promise<Results[]>;
  }

  /** Drizzle nests with savepoints on the transaction's client, never with this. */
  async transaction<Result>(callback: (tx: PgliteClient) => Promise<Result>): Promise<Result> {
    if (this.tx) throw new Error('a transaction inside a transaction is a savepoint');
    const tx = await this.thread.begin();
    let result: Result;
    try {
      result = await callback(new PgliteClient(this.thread, tx));
    } catch (error) {
      // A worker that died took the transaction with it: the callback's error is the news.
      await this.thread.call({ op: 'rollback', tx: tx.id }, [], tx.generation).catch(() => undefined);
      throw error;
    }
    await this.thread.call({ op: 'commit', tx: tx.id }, [], tx.generation);
    return result;
  }
}

export async function openPglite(dataDir: string, loadFrom?: string): Promise<Database> {
  const thread = new PgliteThread(dataDir, loadFrom);
  await thread.start();
  const orm = drizzlePglite({ client: new PgliteClient(thread) as unknown as PGlite });
  return {
    kind: 'pglite',
    orm,
    replica: null,
    ping: async () => {
      await thread.call({ op: 'ping' });
    },
    migrate: async () => {
      await migratePglite(orm, { migrationsFolder });
      // PGlite runs no autovacuum, so nothing else gathers the planner's statistics: without
      // them a list page hash-joined whole tables (docs/benchmarks.md).
      await orm.execute(sql`analyze`);
      // Nor does anything else mark the users' pages all-visible, which a user list's page needs
      // to be read from its sort index alone (migration 0024); the table is small.
      await orm.execute(sql`vacuum users`);
    },
    close: () => thread.close(),
  };
}
