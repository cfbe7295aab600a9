import { sql } from 'drizzle-orm';
import { RANK_LISTS, previousPeriod } from '@canteiro/shared/domain';
import type { DashboardClass, RankList, RankMovement } from '@canteiro/shared/domain';
import type { DashboardContext } from './context.js';
import { contextOverDays, figureRows } from './context.js';
import { classFacts } from './fragments.js';

/**
 * How each ranked item moved against the period before (docs/dashboards.md):
 * the shares of every package, local, function and activity in the days just before the
 * filters' (one GROUPING SETS pass over the same facts), then, per class, the item's
 * position among the items seen in both periods, before and now.
 */

/** An item's worker-observations by class in the period before. */
interface Before {
  va: number;
  hw: number;
  ew: number;
  quantity: number;
}

/** `grouping(package_id, local_id, function_id, activity_id)` of each list's set. */
const GROUPING: Record<RankList, number> = { packages: 0b0111, locals: 0b1011, functions: 0b1101, activities: 0b1110 };

/**
 * Every ranked item's sums in the period before, by list; null when the filters do not bound
 * both ends (no period before) or the contract is out of scope.
 */
export async function sharesBefore(context: DashboardContext): Promise<Record<RankList, Map<number, Before>> | null> {
  const days = previousPeriod(context.filters);
  if (days === null || !context.inScope) return null;
  const before = contextOverDays(context, days);
  // [grouping, id, va, hw, ew, quantity] per line: one JSON value, not thousands of driver rows.
  const [row] = await figureRows<{ lines: [number, number, number, number, number, number][] | null }>(
    context.orm,
    sql`select json_agg(json_build_array(g, id, va, hw, ew, quantity)) as lines from (
        select grouping(package_id, local_id, function_id, activity_id) as g,
          coalesce(package_id, local_id, function_id, activity_id) as id,
          sum(va) as va, sum(hw) as hw, sum(ew) as ew, sum(quantity) as quantity
        from (${classFacts(before)}) facts
        group by grouping sets ((package_id), (local_id), (function_id), (activity_id))) sets
      where id is not null and quantity > 0`,
  );
  const lists = Object.fromEntries(RANK_LISTS.map((list) => [list, new Map<number, Before>()])) as Record<
    RankList,
    Map<number, Before>
  >;
  const listOf = new Map(RANK_LISTS.map((list) => [GROUPING[list], list]));
  for (const [grouping, id, va, hw, ew, quantity] of row?.lines ?? []) {
    lists[listOf.get(grouping)!].set(id, { va, hw, ew, quantity });
  }
  return lists;
}

const BEFORE_KEY: Record<DashboardClass, keyof Before> = { valueAdding: 'va', hiddenWaste: 'hw', evidentWaste: 'ew' };

/**
 * Each item's movement by class: its position among the items seen in both periods ordered by
 * that class's share before, minus its position among them now (positive: it climbed). Ties keep
 * the list's order (the server's rank order), as the screen's re-sort does. Null for an item not
 * seen before.
 */
export function movements<Item extends { id: number; index: Record<DashboardClass, number | null> }>(
  items: Item[],
  before: Map<number, Before>,
): (RankMovement | null)[] {
  // The items seen in both periods, in the list's order (an index into `common` is that order).
  const common = items.flatMap((item) => {
    const then = before.get(item.id);
    return then ? [{ item, then }] : [];
  });
  // Each entry's position when ordered by `values` (highest first, no share last, ties in list order).
  const positions = (values: Float64Array): Int32Array => {
    const ordered = Array.from(common, (_, index) => index).sort((a, b) => values[b]! - values[a]! || a - b);
    const position = new Int32Array(common.length);
    ordered.forEach((index, place) => (position[index] = place));
    return position;
  };
  const moved = new Map<number, RankMovement>();
  const byClass = (['valueAdding', 'hiddenWaste', 'evidentWaste'] as const).map((name) => {
    const now = positions(Float64Array.from(common, ({ item }) => item.index[name] ?? -Infinity));
    const then = positions(Float64Array.from(common, ({ then }) => then[BEFORE_KEY[name]] / then.quantity));
    return (index: number) => then[index]! - now[index]!;
  });
  const [valueAdding, hiddenWaste, evidentWaste] = byClass as [
    (index: number) => number,
    (index: number) => number,
    (index: number) => number,
  ];
  common.forEach(({ item }, index) =>
    moved.set(item.id, {
      valueAdding: valueAdding(index),
      hiddenWaste: hiddenWaste(index),
      evidentWaste: evidentWaste(index),
    }),
  );
  return items.map((item) => moved.get(item.id) ?? null);
}
