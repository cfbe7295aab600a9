import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '@canteiro/shared/core/query';
import type { ListQuery } from './resource-api';
import { resourceApi } from './resource-api';

export type ListStatus = 'loading' | 'ready' | 'error';

/** The cache keys of a resource: every read of `/api/<endpoint>…` starts with `[endpoint]`. */
export const resourceKeys = {
  all: (endpoint: string) => [endpoint] as const,
  list: (endpoint: string, query: ListQuery) => [endpoint, 'list', query] as const,
  options: (endpoint: string, params: Record<string, unknown>) => [endpoint, 'options', params] as const,
  one: (endpoint: string, id: number) => [endpoint, 'one', id] as const,
};

/**
 * After a write to a resource: every list, options list and record of it that a screen shows
 * is asked for again (in any module: the cache is the core's one client).
 */
export function invalidateResource(endpoint: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: resourceKeys.all(endpoint) });
}

/**
 * Loads one page of a list (TanStack Query, the core's client). A newer query cancels the one
 * in flight; the previous page stays shown while the next loads. Nothing while not `enabled`
 * (no context yet). `reload` asks again with the same query (the retry button).
 */
export function useResourceList<Item>(endpoint: string, query: ListQuery, enabled = true) {
  const result = useQuery(
    {
      queryKey: resourceKeys.list(endpoint, query),
      queryFn: ({ signal }) => resourceApi<Item>(endpoint).list(query, signal),
      enabled,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  const { refetch } = result;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (!enabled) return { page: null, status: 'ready' as ListStatus, reload };
  const status: ListStatus = result.isFetching ? 'loading' : result.isError ? 'error' : 'ready';
  return { page: result.data ?? null, status, reload };
}
