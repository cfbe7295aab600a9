import { RANK_ENDS } from './constants.js';
import { DASHBOARD_CLASSES } from './dashboards.js';
import type { DashboardClass } from './dashboards.js';

/** Project health's ranked lists (spec §2), as the answer names them. */
export const RANK_LISTS = ['packages', 'locals', 'functions', 'activities'] as const;
export type RankList = (typeof RANK_LISTS)[number];

interface Shares {
  index: Record<DashboardClass, number | null>;
}

/** `items` by `name`'s share, highest first; an item without one last; ties in the list's order. */
export function byShare<Item extends Shares>(items: readonly Item[], name: DashboardClass): Item[] {
  const value = (item: Item) => item.index[name] ?? -Infinity;
  return items
    .map((item, order) => ({ item, order }))
    .sort((a, b) => value(b.item) - value(a.item) || a.order - b.order)
    .map(({ item }) => item);
}

/**
 * The ends of a ranked list: its `ends` highest and lowest items by each class's share, in the
 * list's own order. Whichever share the screen ranks by, its top and bottom are there (byShare
 * orders them as the whole list would); the items between are answered on request.
 */
export function rankEnds<Item extends Shares>(items: readonly Item[], ends = RANK_ENDS): Item[] {
  if (items.length <= 2 * ends) return [...items];
  const kept = new Set<Item>();
  for (const name of DASHBOARD_CLASSES) {
    const ordered = byShare(items, name);
    for (const item of [...ordered.slice(0, ends), ...ordered.slice(-ends)]) kept.add(item);
  }
  return items.filter((item) => kept.has(item));
}
