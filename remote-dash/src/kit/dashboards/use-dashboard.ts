import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@canteiro/shared/core';
import { queryClient } from '@canteiro/shared/core/query';
import type { DashboardAnswers, DashboardName } from '@canteiro/shared/domain';

export type DashboardStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The query as one stable string (parameter order does not make a new request, nor a different query). */
export const queryKey = (query: Record<string, string>) =>
  new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();

/** The cache key of a dashboard's answer: `['dashboards', name, query]`. */
export const dashboardKey = (name: DashboardName, key: string | null) => ['dashboards', name, key] as const;

/**
 * How long an answer is taken as it is when a screen's query comes to it. A filter change's
 * answer, asked for at the change, is often in before the router has drawn the change (a
 * transition) and the screen's query moves to it: with no freshness at all, that query asked
 * for it a second time (~6 changes in 10) and drew the screen busy again once it was drawn.
 * An explicit reload (the retry, the new reports' button) always asks.
 */
export const ANSWER_FRESH_MS = 5_000;

/**
 * The answer of `name` for the query `key` (a `queryKey`): its cache key, request and
 * freshness, the same for the change's ask (prefetchDashboard) and the screen's query.
 */
const answerQuery = <Name extends DashboardName>(name: Name, key: string | null) => ({
  queryKey: dashboardKey(name, key),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api
      .get(`dashboards/${name}`, { searchParams: new URLSearchParams(key ?? ''), signal })
      .json<DashboardAnswers[Name]>(),
  staleTime: ANSWER_FRESH_MS,
});

/**
 * Asks for `name`'s answer to `query` now, into the cache `useDashboard` reads: a filter change
 * sends its request at the change, not once the screen has drawn it (docs/frontend.md, "A
 * filter change"). The screen's query then finds it on its way: one request, not two.
 */
export function prefetchDashboard(name: DashboardName, query: Record<string, string>): void {
  void queryClient.prefetchQuery(answerQuery(name, queryKey(query)));
}

/**
 * `GET /api/dashboards/<name>` with the header's query (docs/dashboards.md), through the
 * shared client (its session, time-out and 403 handling) and the core's query cache. Idle
 * while `query` is null (no contract yet, or a refused filter). While a new query loads the
 * previous answer of the same dashboard stays, so the screen can dim it rather than blank it
 * (never another dashboard's); the answer of an older query arriving late is dropped (its
 * request is aborted). `reload` asks again with the same query (the retry).
 */
export function useDashboard<Name extends DashboardName>(
  name: Name,
  query: Record<string, string> | null,
): { answer: DashboardAnswers[Name] | null; status: DashboardStatus; reload(): void } {
  const key = query ? queryKey(query) : null;
  const result = useQuery(
    {
      ...answerQuery(name, key),
      enabled: key !== null,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === name ? previous : undefined),
    },
    queryClient,
  );
  const { refetch } = result;
  const reload = useCallback(() => void refetch(), [refetch]);
  const status: DashboardStatus =
    key === null ? 'idle' : result.isFetching ? 'loading' : result.isError ? 'error' : 'ready';
  return { answer: status === 'error' ? null : (result.data ?? null), status, reload };
}
