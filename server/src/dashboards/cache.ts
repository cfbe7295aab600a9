import { filtersToQuery } from '@canteiro/shared/domain';
import type { DashboardContext } from './context.js';
import { siteToday } from '../site-clock.js';
import { WireAnswer } from '../plugins/wire-answer.js';

interface Entry {
  contract: number;
  /**
   * The contract's data version the answer holds at least: the newest read by a request it
   * answers, each read before the computation started.
   */
  version: bigint;
  answer: Promise<unknown>;
  /**
   * A queued computation's work, to start once the one before it is answered: the newest
   * joiner's. Gone once started.
   */
  run?: () => Promise<unknown>;
  /** Whether the answer is in. */
  answered: boolean;
  /** The computation queued behind this one, for requests that read a newer version meanwhile. */
  next?: Entry;
  /** The answer serialized (and compressed, per coding) once per shape, the first time it is sent. */
  wires: Map<string, Promise<WireAnswer>>;
}

/**
 * Answers kept per server (docs/dashboards.md): a repeated view while nothing was written
 * costs one small query (the contract, its scope and the data versions). The key is the
 * dashboard, the filters as the query names them, the site's day (activity status depends on
 * today) and the global version read *before* computing (catalogue, occurrences, users,
 * contracts); each answer also holds the contract's version (its report rows) read then. A write
 * committed after that read moves a version, so its answer is never served under the new one:
 * every request is answered by a computation that started after it read its versions.
 *
 * While reports arrive (docs/dashboards.md, "Kept answers while reports arrive"), a view is
 * computed one at a time: a request that reads a newer contract version while the view is being
 * computed waits for the one computation queued behind it, which starts when that one is
 * answered and serves every request that joined it. Reports arriving for one contract drop that
 * contract's answers only. Only answers for a contract in the caller's scope are kept: out of
 * scope the answer is the empty one. Beside each answer, its text and compressed bytes once
 * sent (`wire`): a repeated view is neither serialized nor compressed again.
 */
export class DashboardCache {
  /** The newest global version seen; every answer under an older one is gone. */
  private global: bigint | null = null;
  /** The newest version seen of each contract with kept answers. */
  private readonly contracts = new Map<number, bigint>();
  /** Answers by key, least recently used first. */
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limit = 500) {}

  async answer<Answer>(name: string, context: DashboardContext, compute: () => Promise<Answer>): Promise<Answer> {
    const entry = this.entry(name, context, compute);
    return (entry ? entry.answer : compute()) as Promise<Answer>;
  }

  /**
   * The answer as it goes on the wire: `serialize` (the route's own serializer, of the `shape`
   * the query asked for) runs once per kept answer and shape, and the WireAnswer compresses once
   * per coding. Not kept, it is made each time.
   */
  async wire(
    name: string,
    context: DashboardContext,
    compute: () => Promise<unknown>,
    serialize: (answer: unknown) => string,
    shape = '',
  ): Promise<WireAnswer> {
    const entry = this.entry(name, context, compute);
    if (!entry) return new WireAnswer(serialize(await compute()));
    let wire = entry.wires.get(shape);
    if (!wire) {
      const made = entry.answer.then((answer) => new WireAnswer(serialize(answer)));
      entry.wires.set(shape, made);
      made.catch(() => {
        if (entry.wires.get(shape) === made) entry.wires.delete(shape);
      });
      wire = made;
    }
    return wire;
  }

  /** The kept entry of this view, made (and `compute` started) when missing; null when not to be kept. */
  private entry(name: string, context: DashboardContext, compute: () => Promise<unknown>): Entry | null {
    if (!context.inScope || context.version === null) return null;
    const global = BigInt(context.version.global);
    const version = BigInt(context.version.contract);
    const contract = context.filters.contract;
    // An older version than one already seen: another request read it before a write; just compute.
    if (this.global !== null && global < this.global) return null;
    if (global !== this.global) {
      this.entries.clear();
      this.contracts.clear();
      this.global = global;
    }
    const seen = this.contracts.get(contract);
    if (seen !== undefined && version < seen) return null;
    if (version !== seen) {
      // Answers of an older version go; one being computed, or with one behind it, stays: the
      // next request queues behind that one instead of computing beside it.
      for (const [key, entry] of this.entries)
        if (entry.contract === contract && entry.answered && !entry.next) this.entries.delete(key);
      this.contracts.set(contract, version);
    }
    const today = siteToday(context.timeZone);
    // The global version is in the key: an entry only ever answers the catalogue it was computed under.
    const key = JSON.stringify([name, today, `${global}`, filtersToQuery(context.filters)]);
    const kept = this.entries.get(key);
    if (!kept) return this.keep(key, this.started(contract, version, compute));
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, kept);
    return this.answering(key, kept, version, compute);
  }

  /** The entry of `key`'s chain from `entry` on that answers `version`: computed, computing, or queued. */
  private answering(key: string, entry: Entry, version: bigint, compute: () => Promise<unknown>): Entry {
    if (version <= entry.version) return entry;
    const { next } = entry;
    if (next?.run) {
      // Joins the queued computation, which will run with the newest context that joined it
      // (the replica it may read must have caught up with that version: replica.ts).
      next.version = version;
      next.run = compute;
      return next;
    }
    if (next) return this.answering(key, next, version, compute);
    // Started before this version was read, so its answer cannot hold it: a new computation,
    // now if none is running, else queued behind the running one.
    return entry.answered
      ? this.keep(key, this.started(entry.contract, version, compute))
      : this.queue(key, entry, version, compute);
  }

  /** A computation started now. */
  private started(contract: number, version: bigint, compute: () => Promise<unknown>): Entry {
    const entry: Entry = { contract, version, answer: compute(), answered: false, wires: new Map() };
    entry.answer.then(
      () => (entry.answered = true),
      () => undefined,
    );
    return entry;
  }

  /** The computation queued behind `before`: it starts once `before` is answered (or has failed). */
  private queue(key: string, before: Entry, version: bigint, compute: () => Promise<unknown>): Entry {
    const next: Entry = {
      contract: before.contract,
      version,
      run: compute,
      answered: false,
      wires: new Map(),
      answer: before.answer
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          const run = next.run!;
          next.run = undefined;
          return run();
        }),
    };
    before.next = next;
    next.answer.then(
      () => {
        next.answered = true;
        // It takes the view's place, unless something newer has.
        const current = this.entries.get(key);
        if (current && current.contract === next.contract && current.version < next.version)
          this.entries.set(key, next);
      },
      () => {
        // Failed: the next reader computes anew instead of being given the failure again.
        if (before.next === next) before.next = undefined;
      },
    );
    return next;
  }

  /** `entry` kept under `key` (dropped again if it fails), the least recently used dropped beyond the limit. */
  private keep(key: string, entry: Entry): Entry {
    this.entries.set(key, entry);
    entry.answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
