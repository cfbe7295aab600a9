import { useCallback, useEffect, useState } from 'react';
import { api } from '@canteiro/shared/core';
import type { DashboardAnswers, DashboardName } from '@canteiro/shared/domain';

export type DashboardStatus = 'idle' | 'loading' | 'ready' | 'error';

interface Fetched<Name extends DashboardName> {
  /** Which dashboard and query the answer is of: a screen never shows another one's. */
  name: Name;
  answer: DashboardAnswers[Name] | null;
  status: DashboardStatus;
}

/** The query as one stable string (parameter order does not make a new request). */
const queryKey = (query: Record<string, string>) =>
  new URLSearchParams(Object.entries(query).sort(([a], [b]) => a.localeCompare(b))).toString();

/**
 * `GET /api/dashboards/<name>` with the header's query (docs/dashboards.md), through the
 * shared client (its session, time-out and 403 handling). Idle while `query` is null (no
 * contract yet, or a refused filter). While a new query loads the previous answer stays, so
 * the screen can dim it rather than blank it; the answer of an older query arriving late is
 * dropped (its request is aborted). `reload` asks again with the same query (the retry).
 */
export function useDashboard<Name extends DashboardName>(
  name: Name,
  query: Record<string, string> | null,
): { answer: DashboardAnswers[Name] | null; status: DashboardStatus; reload(): void } {
  const key = query ? queryKey(query) : null;
  const [fetched, setFetched] = useState<Fetched<Name>>({ name, answer: null, status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setFetched((previous) => ({ name, answer: previous.name === name ? previous.answer : null, status: 'idle' }));
      return;
    }
    const controller = new AbortController();
    setFetched((previous) => ({ name, answer: previous.name === name ? previous.answer : null, status: 'loading' }));
    api
      .get(`dashboards/${name}`, { searchParams: new URLSearchParams(key), signal: controller.signal })
      .json<DashboardAnswers[Name]>()
      .then(
        (answer) => {
          if (!controller.signal.aborted) setFetched({ name, answer, status: 'ready' });
        },
        () => {
          if (!controller.signal.aborted) setFetched({ name, answer: null, status: 'error' });
        },
      );
    return () => controller.abort();
  }, [name, key, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const current = fetched.name === name ? fetched : { answer: null, status: 'idle' as const };
  return { answer: current.answer, status: current.status, reload };
}
