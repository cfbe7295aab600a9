import { useCallback, useMemo } from 'react';
import type { UrlParam, UrlSchema, UrlState } from './use-url-state';
import { useUrlState } from './use-url-state';

export type SortOrder = 'asc' | 'desc';

/**
 * A list's state, kept in the URL by the one URL-state hook (`use-url-state.ts`): back,
 * forward and shared links restore it.
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
  /** The record the screen works in (a Management screen's contract, `?contract=`), or null. */
  context: number | null;
}

/** What a list's URL may carry besides the fixed keys: its sort keys and filters, with their kinds. */
export interface ListStateShape {
  sortKeys?: readonly string[];
  /** Filter parameter → its kind (a fixed list of values, or a record's id). */
  filters?: Readonly<Record<string, UrlParam>>;
  /** The context's parameter (`contract`): a record's id. */
  context?: string;
}

/** The URL schema of a list: `search`, `page`, `inactive`, `sort`, `order` and its filters. */
export function listSchema(shape: ListStateShape): UrlSchema {
  return {
    ...shape.filters,
    ...(shape.context ? { [shape.context]: { kind: 'id' } } : {}),
    search: { kind: 'text' },
    page: { kind: 'page' },
    inactive: { kind: 'flag' },
    sort: { kind: 'oneOf', values: shape.sortKeys ?? [] },
    order: { kind: 'oneOf', values: ['asc', 'desc'], default: 'asc' },
  };
}

export function useListState(
  shape: ListStateShape = {},
): [ListState, (change: Partial<ListState>, options?: { replace?: boolean }) => void] {
  const shapeKey = JSON.stringify(shape);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape is compared by value
  const schema = useMemo(() => listSchema(shape), [shapeKey]);
  const filterNames = useMemo(() => Object.keys(shape.filters ?? {}), [shapeKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const [url, setUrl] = useUrlState(schema);
  const state: ListState = {
    search: url.search as string,
    page: url.page as number,
    includeInactive: url.inactive as boolean,
    sort: url.sort as string,
    // An order without a sort key means nothing: the default order is ascending.
    order: url.sort && url.order === 'desc' ? 'desc' : 'asc',
    filters: Object.fromEntries(
      filterNames.flatMap((name) => {
        const value = url[name];
        return value === null || value === '' ? [] : [[name, String(value)]];
      }),
    ),
    context: shape.context ? (url[shape.context] as number | null) : null,
  };
  const update = useCallback(
    (change: Partial<ListState>, options?: { replace?: boolean }) => {
      const next: Partial<UrlState<UrlSchema>> = {};
      if (change.search !== undefined) next.search = change.search;
      if (change.page !== undefined) next.page = change.page;
      if (change.includeInactive !== undefined) next.inactive = change.includeInactive;
      if (change.sort !== undefined) next.sort = change.sort;
      if (change.order !== undefined) next.order = change.order;
      if (change.context !== undefined && shape.context) next[shape.context] = change.context;
      if (change.filters) {
        for (const name of filterNames) {
          if (!Object.hasOwn(change.filters, name)) continue;
          const value = change.filters[name];
          next[name] = shape.filters?.[name]?.kind === 'id' ? (value ? Number(value) : null) : (value ?? '');
        }
      }
      setUrl(next, options);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape is compared by value
    [setUrl, filterNames, shapeKey],
  );
  return [state, update];
}
