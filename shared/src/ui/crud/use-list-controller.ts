import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@canteiro/shared/domain';
import type { ListQuery, Page } from './resource-api';
import type { ListState } from './use-list-state';
import type { ListStatus } from './use-resource-list';
import { invalidateResource, useResourceList } from './use-resource-list';

export interface ListControllerOptions {
  /** `things`, `reports/activity`: the list is GET /api/<endpoint>. */
  endpoint: string;
  /** The list's state as the URL holds it (`useListState`, or a report's header state). */
  state: ListState;
  /** Writes a change of the list's state to the URL. */
  update: (change: Partial<ListState>, options?: { replace?: boolean }) => void;
  /** Sent with every page and the export: the list's filters, its context, a report's header query. */
  filters?: Record<string, string | number | undefined>;
  /** False: nothing is asked (no context chosen yet, a refused filter). */
  enabled?: boolean;
  pageSize?: number;
}

export interface ListController<Item> {
  /** What is asked for (and what the export sends). */
  query: ListQuery;
  /** The page shown: the last answer, kept while the next one loads; null before the first. */
  page: Page<Item> | null;
  items: Item[];
  total: number;
  status: ListStatus;
  /** Asks again with the same query (the retry button). */
  reload(): void;
  /** After a write: this resource's lists and options everywhere are asked for again. */
  invalidate(): Promise<void>;
  /** The search box's text; it reaches the URL (and the query) SEARCH_DEBOUNCE_MS after the last key. */
  searchText: string;
  setSearchText(text: string): void;
  setPage(page: number): void;
  setSort(sort: { sort: string; order: ListState['order'] }): void;
}

/**
 * A list's headless controller (react-admin's `useListController` is the model): the query
 * from the URL-held state (search, page, sort, order, filters), the debounced search box, one
 * page through the core's query cache (a newer query cancels the older; the previous page
 * stays while the next loads), a page past the end moved to the last one, reload and
 * invalidation. The CRUD screens (`ResourceScreen`) and the report lists (remote-dash's
 * `ReportScreen`) draw it with the kit's table and pager.
 */
export function useListController<Item>({
  endpoint,
  state,
  update,
  filters = {},
  enabled = true,
  pageSize = DEFAULT_PAGE_SIZE,
}: ListControllerOptions): ListController<Item> {
  const query: ListQuery = {
    search: state.search,
    page: state.page,
    pageSize,
    includeInactive: state.includeInactive,
    sort: state.sort || undefined,
    order: state.sort ? state.order : undefined,
    filters,
  };
  const { page, status, reload } = useResourceList<Item>(endpoint, query, enabled);

  const [searchText, setSearchText] = useState(state.search);
  // The URL may change under us (back/forward): the box follows it.
  useEffect(() => setSearchText(state.search), [state.search]);
  useEffect(() => {
    if (searchText === state.search) return;
    const timer = setTimeout(() => update({ search: searchText.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state.search, update]);

  // A page past the end (rows went inactive, a stale link) moves to the last one.
  useEffect(() => {
    if (page && page.total > 0 && state.page > Math.ceil(page.total / pageSize))
      update({ page: Math.ceil(page.total / pageSize) });
  }, [page, state.page, pageSize, update]);

  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setSort = useCallback((sort: { sort: string; order: ListState['order'] }) => update(sort), [update]);
  const invalidate = useCallback(() => invalidateResource(endpoint), [endpoint]);
  return {
    query,
    page,
    items: page?.items ?? [],
    total: page?.total ?? 0,
    status,
    reload,
    invalidate,
    searchText,
    setSearchText,
    setPage,
    setSort,
  };
}
