import { useCallback, useEffect, useState } from 'react';
import type { ListQuery, Page } from './resource-api';
import { resourceApi } from './resource-api';

export type ListStatus = 'loading' | 'ready' | 'error';

/** Loads one page of a list; a newer query cancels the one in flight. Nothing while not `enabled` (no context yet). */
export function useResourceList<Item>(endpoint: string, query: ListQuery, enabled = true) {
  const [page, setPage] = useState<Page<Item> | null>(null);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (!enabled) {
      setPage(null);
      setStatus('ready');
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    resourceApi<Item>(endpoint)
      .list(JSON.parse(key) as ListQuery, controller.signal)
      .then((answer) => {
        setPage(answer);
        setStatus('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('error');
      });
    return () => controller.abort();
  }, [endpoint, key, reloads, enabled]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { page, status, reload };
}
