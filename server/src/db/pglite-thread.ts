import { Worker } from 'node:worker_threads';
import { DatabaseUnavailable } from './driver.js';
import { epochNow, reviveError } from './pglite-protocol.js';
import type { Call, CarriedResults, Reply, Request, Started } from './pglite-protocol.js';

/**
 * The embedded database's worker thread, seen from the server: sends requests, matches the
 * replies, and starts the worker again after it died (a crash, out of memory). Calls under
 * way when it dies fail with DatabaseUnavailable (503); the next call starts a new worker on
 * the same data folder. A `memory://` database died with its worker: then every call fails.
 */

/** The worker's entry beside this file: .ts under tsx (tests, `pnpm dev`), .js in dist/. */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

function newWorker(dataDir: string, loadFrom: string | undefined): Worker {
  const workerData = { dataDir, loadFrom };
  if (!fromSource) return new Worker(WORKER_URL, { workerData });
  // Node 20 does not apply the parent's `--import tsx` to a worker's modules: the worker
  // registers tsx itself, then loads the TypeScript entry.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** After a failed restart, calls fail at once for this long rather than each starting PGlite again. */
const RESTART_BACKOFF_MS = 5000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class PgliteThread {
  private worker: Worker | null = null;
  private starting: Promise<Worker> | null = null;
  /** Each worker's number: a transaction belongs to the one that opened it. */
  private readonly generations = new WeakMap<Worker, number>();
  private started = 0;
  private lastTransaction = 0;
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private closed = false;
  /** Why calls fail for good: closed, or an in-memory database gone with its worker. */
  private gone: string | null = null;
  /** No restart before this (performance.now()), after one failed. */
  private restartAfter = 0;

  constructor(
    private readonly dataDir: string,
    /** A dump the in-memory database starts from (openEngine). */
    private readonly loadFrom?: string,
  ) {}

  /** Starts the worker; rejects with the engine's own error when it cannot open (as PGlite.create did). */
  async start(): Promise<void> {
    await this.launch();
  }

  /**
   * Sends one request. `generation`: the worker a transaction was opened on; if that one has
   * died, the transaction is gone with it.
   */
  call(request: Call, transfer: ArrayBuffer[] = [], generation?: number): Promise<unknown> {
    if (this.gone !== null) return Promise.reject(new DatabaseUnavailable(this.gone));
    const worker = this.worker;
    if (worker && (generation === undefined || this.generations.get(worker) === generation)) {
      return this.send(worker, request, transfer);
    }
    if (generation !== undefined) {
      return Promise.reject(new DatabaseUnavailable('the embedded database stopped during the transaction'));
    }
    return this.relaunch().then((started) => this.send(started, request, transfer));
  }

  /**
   * Opens a transaction; answers its number (never reused, whichever the worker) and the
   * worker that holds it, which its statements then name.
   */
  async begin(): Promise<{ id: number; generation: number }> {
    if (this.gone !== null) throw new DatabaseUnavailable(this.gone);
    const id = (this.lastTransaction += 1);
    const worker = this.worker ?? (await this.relaunch());
    await this.send(worker, { op: 'begin', tx: id }, []);
    return { id, generation: this.generations.get(worker)! };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.gone = 'the embedded database is closed';
    const worker = this.worker ?? (await this.starting?.catch(() => null)) ?? null;
    if (!worker) return;
    // PGlite closes first, so the data folder is left consistent; then the thread ends.
    await this.send(worker, { op: 'close' }, []).catch(() => undefined);
    await worker.terminate();
  }

  /** Ends the worker at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  private send(worker: Worker, request: Call, transfer: ArrayBuffer[]): Promise<unknown> {
    const id = (this.lastId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Only a worker with calls under way keeps the process alive, as PGlite in-process did not.
      if (this.pending.size === 1) worker.ref();
      try {
        worker.postMessage({ ...request, id, sentAt: epochNow() } as Request, transfer);
      } catch (error) {
        // A value that cannot be cloned (e.g. a function among the parameters).
        this.settled(worker, id);
        reject(error);
      }
    });
  }

  private settled(worker: Worker, id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) worker.unref();
    return pending;
  }

  private receive(worker: Worker, reply: Reply): void {
    const pending = this.settled(worker, reply.id);
    if (!pending) return;
    if ('error' in reply) {
      const error = reviveError(reply.error);
      pending.reject(reply.fatal ? new DatabaseUnavailable('the embedded database failed', { cause: error }) : error);
      return;
    }
    const result = reply.result as CarriedResults | null;
    pending.resolve(result?.blob ? { ...result, blob: new Blob([result.blob]) } : result);
  }

  private relaunch(): Promise<Worker> {
    if (!this.starting) {
      if (performance.now() < this.restartAfter) {
        return Promise.reject(new DatabaseUnavailable('the embedded database could not start again'));
      }
      this.starting = this.launch().finally(() => {
        this.starting = null;
      });
      this.starting.catch(() => {
        this.restartAfter = performance.now() + RESTART_BACKOFF_MS;
      });
    }
    return this.starting.catch((error: unknown) => {
      throw error instanceof DatabaseUnavailable
        ? error
        : new DatabaseUnavailable('the embedded database could not start again', { cause: error });
    });
  }

  private launch(): Promise<Worker> {
    const worker = newWorker(this.dataDir, this.loadFrom);
    return new Promise((resolve, reject) => {
      let failure: unknown = null;
      const onError = (error: unknown) => {
        failure = error;
      };
      const onExit = (code: number) => reject(failure ?? new Error(`the embedded database's worker exited (${code})`));
      worker.on('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (started: Started) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!started.started) {
          reject(reviveError(started.error));
          void worker.terminate();
          return;
        }
        this.adopt(worker);
        resolve(worker);
      });
    });
  }

  private adopt(worker: Worker): void {
    this.worker = worker;
    this.generations.set(worker, (this.started += 1));
    if (this.closed) void worker.terminate();
    if (this.pending.size === 0) worker.unref();
    let crash: unknown = null;
    worker.on('message', (reply: Reply) => this.receive(worker, reply));
    worker.on('error', (error) => {
      crash = error;
    });
    worker.once('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      if (!this.closed && this.dataDir.startsWith('memory://')) {
        this.gone = 'the embedded database stopped, and its data was only in memory';
      }
      const stopped = new DatabaseUnavailable(
        this.closed ? 'the embedded database is closed' : `the embedded database stopped (exit code ${code})`,
        crash ? { cause: crash } : undefined,
      );
      for (const [id, pending] of [...this.pending]) {
        this.pending.delete(id);
        pending.reject(stopped);
      }
    });
  }
}
