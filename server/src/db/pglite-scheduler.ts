import { epochNow } from './pglite-protocol.js';

/**
 * The order in which PGlite's single session takes work (in the database's worker thread):
 * statements outside a transaction, and BEGINs (a transaction holds the session until it
 * ends), one at a time. PGlite alone runs them in arrival order, so a `select 1`
 * (`/api/health`, a session lookup) arriving behind four export batches of ~30–50 ms each
 * waited for all of them (docs/embedded-database.md).
 *
 * Here the next is the one with the highest response ratio, (waited + usual) / usual, where
 * usual is the running average duration of the same statement text: a quick statement
 * overtakes slow ones at once, and a slow one waiting grows in ratio until it goes first,
 * so none waits for ever (behind a steady stream of 1 ms statements, a 50 ms one waits
 * about as long as ~25 of them take). A statement never seen counts as quick, once.
 */

/** Statement texts whose durations are kept; past it, new texts count as quick. */
const MAX_KNOWN = 2000;
/** Weight of the latest duration in the running average. */
const SMOOTHING = 0.3;
/** Shortest usual duration counted, ms: below it, statements are all just quick. */
const QUICK_MS = 1;

interface Job {
  key: string;
  /** When it was asked for (epochNow), which may be well before this thread could read it. */
  sentAt: number;
  run(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class Scheduler {
  private readonly waiting: Job[] = [];
  private busy = false;
  private collecting = false;
  /** Statement text → its usual duration, ms. */
  private readonly usual = new Map<string, number>();

  /**
   * `collect` submits the requests that arrived and were not read yet. PGlite computes
   * synchronously and answers through promises alone: between two jobs the thread's event
   * loop never turns, so without it the choice would only be among the jobs already read.
   */
  constructor(private readonly collect: () => void) {}

  /** Runs `run` when the session is free and its turn comes; `key` names the statement. */
  submit<Result>(key: string, sentAt: number, run: () => Promise<Result>): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, sentAt, run, resolve, reject } as Job);
      if (!this.busy && !this.collecting) this.next();
    });
  }

  private next(): void {
    this.collecting = true;
    try {
      this.collect();
    } finally {
      this.collecting = false;
    }
    const job = this.pick();
    if (!job) return;
    this.busy = true;
    const started = performance.now();
    job
      .run()
      .then(job.resolve, job.reject)
      .finally(() => {
        this.learn(job.key, performance.now() - started);
        this.busy = false;
        this.next();
      });
  }

  private pick(): Job | undefined {
    if (this.waiting.length <= 1) return this.waiting.pop();
    const now = epochNow();
    let best = 0;
    let bestRatio = 0;
    this.waiting.forEach((job, index) => {
      const usual = Math.max(QUICK_MS, this.usual.get(job.key) ?? 0);
      const ratio = (now - job.sentAt + usual) / usual;
      if (ratio > bestRatio) {
        best = index;
        bestRatio = ratio;
      }
    });
    return this.waiting.splice(best, 1)[0];
  }

  private learn(key: string, took: number): void {
    const before = this.usual.get(key);
    if (before !== undefined) this.usual.set(key, before + SMOOTHING * (took - before));
    else if (this.usual.size < MAX_KNOWN) this.usual.set(key, took);
  }
}
