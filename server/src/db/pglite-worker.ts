import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { openEngine } from './pglite-engine.js';
import type { Engine, Target } from './pglite-engine.js';
import { carryError } from './pglite-protocol.js';
import type { CarriedResults, Reply, Request, Started } from './pglite-protocol.js';
import { Scheduler } from './pglite-scheduler.js';

/**
 * The embedded database's thread (started by pglite-thread.ts): PGlite computes
 * synchronously, so here a long query, a COPY or an export batch keeps this thread busy, not
 * the server's. One statement at a time, as PGlite allows: a transaction's statements as they
 * come while it holds the session; other statements and BEGINs in the scheduler's order, the
 * quickest first (pglite-scheduler.ts).
 */

interface OpenTransaction {
  tx: Transaction;
  commit(): void;
  rollback(reason: unknown): void;
  /** PGlite's transaction(): settles once COMMIT or ROLLBACK has run. */
  ended: Promise<void>;
}

const port = parentPort!;
const { dataDir, loadFrom } = workerData as { dataDir: string; loadFrom?: string };
const transactions = new Map<number, OpenTransaction>();
const scheduler = new Scheduler(() => {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    onRequest(received.message as Request);
  }
});
/** What a rollback rejects the transaction with (PGlite then runs ROLLBACK). */
const ROLLED_BACK = Symbol('rolled back');

let engine: Engine;
try {
  engine = await openEngine(dataDir, loadFrom);
} catch (error) {
  port.postMessage({ started: false, error: carryError(error) } satisfies Started);
  process.exit(1);
}
port.on('message', onRequest);
port.postMessage({ started: true } satisfies Started);

function onRequest(request: Request): void {
  handle(request).then(
    (result) => {
      const blob = (result as CarriedResults | null)?.blob;
      try {
        port.postMessage({ id: request.id, result } satisfies Reply, blob ? [blob] : []);
      } catch (error) {
        // A value that cannot be cloned: the caller gets an error rather than no answer.
        fail(request, error);
      }
    },
    (error: unknown) => fail(request, error),
  );
}

function fail(request: Request, error: unknown): void {
  // WebAssembly.RuntimeError (a trap, an abort): the only errors named so.
  const fatal = error instanceof Error && error.name === 'RuntimeError';
  port.postMessage({ id: request.id, error: carryError(error), fatal } satisfies Reply);
  // A trap leaves the engine in no known state: the main thread starts a new worker.
  if (fatal) process.exit(1);
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { tx, text, params, rowMode, plan } = request;
      const options = { rowMode, blob: request.blob ? new Blob([request.blob]) : undefined, plan };
      if (tx !== null) return carried(await engine.query(transaction(tx), text, params, options));
      return scheduler.submit(text, request.sentAt, async () =>
        carried(await engine.query(engine.pg, text, params, options)),
      );
    }
    case 'exec': {
      const { tx, text, rowMode } = request;
      const exec = async (target: Target) => Promise.all((await target.exec(text, { rowMode })).map(carried));
      return tx === null ? scheduler.submit(text, request.sentAt, () => exec(engine.pg)) : exec(transaction(tx));
    }
    case 'begin':
      return new Promise((opened, failed) => {
        scheduler.submit('begin', request.sentAt, () => begin(request.tx, opened)).catch(failed);
      });
    case 'commit':
    case 'rollback':
      return end(request.tx, request.op === 'commit');
    case 'ping':
      return null;
    case 'close':
      await engine.pg.close();
      port.close();
      return null;
  }
}

function transaction(tx: number): Target {
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function carried(result: Results): Promise<CarriedResults> {
  if (!result.blob) return result as CarriedResults;
  return { ...result, blob: await result.blob.arrayBuffer() };
}

/**
 * Opens transaction `id`; `opened` is called once BEGIN has run. The transaction stays open
 * across requests until end(); the promise settles then, when the session is free again.
 */
function begin(id: number, opened: (value: null) => void): Promise<void> {
  const ended: Promise<void> = engine.pg.transaction(
    (tx) =>
      new Promise<void>((commit, rollback) => {
        transactions.set(id, { tx, commit, rollback, ended });
        opened(null);
      }),
  );
  return ended.finally(() => transactions.delete(id));
}

async function end(id: number, commit: boolean): Promise<null> {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  if (commit) open.commit();
  else open.rollback(ROLLED_BACK);
  try {
    await open.ended;
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
  return null;
}
