import { filtersToQuery } from '@canteiro/shared/domain';
import type { DashboardContext } from './context.js';

/**
 * Answers kept per server (docs/dashboards.md): a repeated view while nothing was written
 * costs one small query (the contract, its scope and the data version). The key is the
 * dashboard, the filters as the query names them, the data version read *before* computing
 * (a write committed after that read bumps the version, so its answer is never served under
 * the new one) and the site's day (activity status depends on today). Only answers for a
 * contract in the caller's scope are kept: out of scope the answer is the empty one.
 */
export class DashboardCache {
  private version: bigint | null = null;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly limit = 500) {}

  async answer<Answer>(name: string, context: DashboardContext, compute: () => Promise<Answer>): Promise<Answer> {
    if (!context.inScope || context.version === null) return compute();
    const version = BigInt(context.version);
    // An older version than one already seen: another request read it before a write; just compute.
    if (this.version !== null && version < this.version) return compute();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: context.timeZone }).format(new Date());
    const key = JSON.stringify([name, today, filtersToQuery(context.filters)]);
    const kept = this.entries.get(key);
    if (kept) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept as Promise<Answer>;
    }
    const answer = compute();
    this.entries.set(key, answer);
    answer.catch(() => this.entries.delete(key));
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
