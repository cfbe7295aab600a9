import { useCallback, useEffect, useState } from 'react';
import type { ListQuery, Page } from './resource-api';
import { resourceApi } from './resource-api';

export type ListStatus = 'loading' | 'ready' | 'error';

/** Loads one page of a list; a newer query cancels the one in flight. */
export function useResourceList<Item>(endpoint: string, query: ListQuery) {
  const [page, setPage] = useState<Page<Item> | null>(null);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
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
  }, [endpoint, key, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { page, status, reload };
}
