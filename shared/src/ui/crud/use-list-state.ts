import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortOrder = 'asc' | 'desc';

/**
 * The list's state lives in the URL (ARCHITECTURE.md §6): back, forward and shared links
 * restore it. One mechanism for all of it: search, page, inactive, sort and the filters.
 */
export interface ListState {
  search: string;
  page: number;
  includeInactive: boolean;
  /** A sort key the server accepts for this list; empty means the list's default order. */
  sort: string;
  order: SortOrder;
  /** Filter parameter → its value (`?category=hidden_waste`). Only the list's own filters are read. */
  filters: Record<string, string>;
}

/** What a list's URL may carry besides the fixed keys: its sort keys and filter names, read as own keys only. */
export interface ListStateShape {
  sortKeys?: readonly string[];
  filterNames?: readonly string[];
}

export function readListState(params: URLSearchParams, shape: ListStateShape = {}): ListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const name of shape.filterNames ?? []) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    search: params.get('search') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    includeInactive: params.get('inactive') === '1',
    // A key the list does not know (an old link, a typo) is the default order, never a 400.
    sort: shape.sortKeys?.includes(sort) ? sort : '',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    filters,
  };
}

/** Everything but the page starts the list again at its first page. */
const RESETS_PAGE: readonly (keyof ListState)[] = ['search', 'includeInactive', 'sort', 'order', 'filters'];

export function useListState(shape: ListStateShape = {}): [ListState, (change: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const shapeKey = JSON.stringify(shape);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape is compared by value
  const stableShape = useMemo(() => shape, [shapeKey]);
  const state = readListState(params, stableShape);
  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        const merged = { ...readListState(current, stableShape), ...change };
        if (RESETS_PAGE.some((key) => key in change)) merged.page = change.page ?? 1;
        const put = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
        put('search', merged.search);
        put('page', merged.page > 1 ? String(merged.page) : undefined);
        put('inactive', merged.includeInactive ? '1' : undefined);
        put('sort', merged.sort);
        put('order', merged.sort && merged.order === 'desc' ? 'desc' : undefined);
        for (const name of stableShape.filterNames ?? []) put(name, merged.filters[name]);
        return next;
      });
    },
    [setParams, stableShape],
  );
  return [state, update];
}
