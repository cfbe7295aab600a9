import { performance } from 'node:perf_hooks';
import { filtersToQuery } from '@canteiro/shared/domain';
import type { DashboardContext } from './context.js';
import { siteToday } from '../site-clock.js';
import { WireAnswer } from '../plugins/wire-answer.js';

/**
 * While a contract's reports stream in (docs/dashboards.md, "Kept answers while reports
 * arrive"): its data version seen to move STREAM_CHANGES times within STALE_MS. Then a view is
 * served as last computed while it is younger than STALE_MS, and computed anew at most once
 * every REFRESH_MS, in the background; outside such a stream every write is read at once.
 */
export const STREAM_CHANGES = 5;
/** How far behind its contract's reports a kept answer may be served while they stream in. */
export const STALE_MS = 1_000;
/** How often, at most, a view is computed anew while its contract's reports stream in. */
export const REFRESH_MS = 500;

interface Entry {
  contract: number;
  /** The contract's data version read before the answer was computed. */
  version: bigint;
  /** When that version was read (the cache's clock, ms). */
  at: number;
  answer: Promise<unknown>;
  /** Whether the answer is in: a view is computed anew only behind an answer that is. */
  answered: boolean;
  /** The answer serialized (and compressed, per coding) once per shape, the first time it is sent. */
  wires: Map<string, Promise<WireAnswer>>;
  /** The same view computed under a newer version while this one is served (a stream). */
  refresh?: Entry;
}

interface ContractSeen {
  /** The newest version seen. */
  version: bigint;
  /** When the version was last seen to move, within STALE_MS: the stream's pace. */
  changes: number[];
}

/**
 * Answers kept per server (docs/dashboards.md): a repeated view while nothing was written
 * costs one small query (the contract, its scope and the data versions). The key is the
 * dashboard, the filters as the query names them, the site's day (activity status depends on
 * today) and the global version read *before* computing (catalogue, occurrences, users,
 * contracts); each answer also holds its contract's version (its report rows), read then too.
 * A write committed after that read bumps a version, so its answer is not served under the new
 * one, with one exception: while the contract's reports stream in (STREAM_CHANGES), an answer
 * up to STALE_MS old is, and one recompute per view at a time runs behind it, so readers are
 * not held up by every batch. Reports arriving for one contract drop that contract's answers
 * only. Only answers for a contract in the caller's scope are kept: out of scope the answer is
 * the empty one. Beside each answer, its text and compressed bytes once sent (`wire`): a
 * repeated view is neither serialized nor compressed again.
 */
export class DashboardCache {
  /** The newest global version seen; every answer under an older one is gone. */
  private global: bigint | null = null;
  /** The newest version seen of each contract with kept answers, and its pace. */
  private readonly contracts = new Map<number, ContractSeen>();
  /** Answers by key, least recently used first. */
  private readonly entries = new Map<string, Entry>();
  private readonly limit: number;
  private readonly now: () => number;

  constructor({ limit = 500, now = () => performance.now() }: { limit?: number; now?: () => number } = {}) {
    this.limit = limit;
    this.now = now;
  }
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
    const now = this.now();
    const seen = this.seen(contract, version, now);
    if (!seen) return null;
    const streaming = seen.changes.length >= STREAM_CHANGES;
    const today = siteToday(context.timeZone);
    // The global version is in the key: an entry only ever answers the catalogue it was computed under.
    const key = JSON.stringify([name, today, `${global}`, filtersToQuery(context.filters)]);
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, kept);
      if (kept.version === version) return kept;
      if (streaming && now - kept.at < STALE_MS) {
        if (kept.answered && !kept.refresh && now - kept.at >= REFRESH_MS)
          this.refresh(key, kept, this.made(contract, version, now, compute));
        return kept;
      }
      // The refresh computed under this very version answers it; in a stream, one young enough does.
      const { refresh } = kept;
      if (refresh && (refresh.version === version || (streaming && now - refresh.at < STALE_MS)))
        return this.keep(key, refresh);
    }
    return this.keep(key, this.made(contract, version, now, compute));
  }

  /** The contract's newest version after this one is seen; null when this one is older. */
  private seen(contract: number, version: bigint, now: number): ContractSeen | null {
    const seen = this.contracts.get(contract);
    if (!seen) {
      const first = { version, changes: [] };
      this.contracts.set(contract, first);
      return first;
    }
    if (version < seen.version) return null;
    if (version > seen.version) {
      seen.version = version;
      seen.changes = [...seen.changes.filter((at) => now - at < STALE_MS), now];
      const streaming = seen.changes.length >= STREAM_CHANGES;
      // Answers that can no longer be served go: all of them, unless the contract streams.
      const servable = (entry: Entry | undefined) => streaming && entry !== undefined && now - entry.at < STALE_MS;
      for (const [key, entry] of this.entries) {
        if (entry.contract !== contract || servable(entry)) continue;
        if (servable(entry.refresh)) this.entries.set(key, entry.refresh!);
        else this.entries.delete(key);
      }
    }
    return seen;
  }

  private made(contract: number, version: bigint, at: number, compute: () => Promise<unknown>): Entry {
    const entry: Entry = { contract, version, at, answer: compute(), answered: false, wires: new Map() };
    entry.answer.then(
      () => (entry.answered = true),
      () => undefined,
    );
    return entry;
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

  /** `fresh` computed behind `kept`, taking its place once answered (unless something else has); dropped if it fails. */
  private refresh(key: string, kept: Entry, fresh: Entry): void {
    kept.refresh = fresh;
    fresh.answer.then(
      () => {
        if (this.entries.get(key) === kept) this.entries.set(key, fresh);
      },
      () => {
        if (kept.refresh === fresh) kept.refresh = undefined;
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
