import { filtersToQuery } from '@canteiro/shared/domain';
import type { DashboardContext } from './context.js';
import { siteToday } from '../site-clock.js';
import { WireAnswer } from '../plugins/wire-answer.js';

interface Entry {
  contract: number;
  answer: Promise<unknown>;
  /** The answer serialized (and compressed, per coding) once per shape, the first time it is sent. */
  wires: Map<string, Promise<WireAnswer>>;
}

/**
 * Answers kept per server (docs/dashboards.md): a repeated view while nothing was written
 * costs one small query (the contract, its scope and the data versions). The key is the
 * dashboard, the filters as the query names them, the site's day (activity status depends on
 * today) and the versions read *before* computing: the global one (catalogue, occurrences,
 * users, contracts) and the contract's (its report rows). A write committed after that read
 * bumps a version, so its answer is never served under the new one. Reports arriving for one
 * contract drop that contract's answers only. Only answers for a contract in the caller's
 * scope are kept: out of scope the answer is the empty one. Beside each answer, its text and
 * compressed bytes once sent (`wire`): a repeated view is neither serialized nor compressed again.
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
      for (const [key, entry] of this.entries) if (entry.contract === contract) this.entries.delete(key);
      this.contracts.set(contract, version);
    }
    const today = siteToday(context.timeZone);
    // The versions are in the key too: an entry can only ever answer the versions it was computed under.
    const key = JSON.stringify([name, today, `${global}.${version}`, filtersToQuery(context.filters)]);
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const entry: Entry = { contract, answer: compute(), wires: new Map() };
    this.entries.set(key, entry);
    entry.answer.catch(() => this.entries.delete(key));
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
