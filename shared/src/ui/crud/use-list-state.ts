import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The list's state lives in the URL (ARCHITECTURE.md §6): back, forward and shared links restore it. */
export interface ListState {
  search: string;
  page: number;
  includeInactive: boolean;
}

export function readListState(params: URLSearchParams): ListState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: params.get('search') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    includeInactive: params.get('inactive') === '1',
  };
}

export function useListState(): [ListState, (change: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        const merged = { ...readListState(current), ...change };
        // A new search or filter starts again at the first page.
        if ('search' in change || 'includeInactive' in change) merged.page = change.page ?? 1;
        if (merged.search) next.set('search', merged.search);
        else next.delete('search');
        if (merged.page > 1) next.set('page', String(merged.page));
        else next.delete('page');
        if (merged.includeInactive) next.set('inactive', '1');
        else next.delete('inactive');
        return next;
      });
    },
    [setParams],
  );
  return [state, update];
}
