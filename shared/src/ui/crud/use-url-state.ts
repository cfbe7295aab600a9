import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useLocationNow } from './location-now';

/**
 * One URL state for any screen (ARCHITECTURE.md §6): a list's search, page, inactive toggle,
 * sort and filters, a Management screen's contract, a dashboard header's twelve filters.
 * A screen declares its parameters and their kinds; the hook reads only those (never a
 * lookup by an input key, so `?sort=toString` is ignored) and writes back only what differs
 * from the default. Any change but the page's own starts again at the first page.
 */
export type UrlParam =
  /** Free text ('' by default). */
  | { kind: 'text' }
  /** A page number ≥ 1 (1 by default); the only kind that does not reset the page. */
  | { kind: 'page' }
  /** `1` or absent. */
  | { kind: 'flag' }
  /** One of a fixed list of keys (a sort key, a category…); anything else is the default. */
  | { kind: 'oneOf'; values: readonly string[]; default?: string }
  /** A record's id: a positive whole number, or null. */
  | { kind: 'id' }
  /** A day as `YYYY-MM-DD`, or ''. */
  | { kind: 'date' };

export type UrlSchema = Readonly<Record<string, UrlParam>>;

type ValueOf<Param extends UrlParam> = Param extends { kind: 'page' }
  ? number
  : Param extends { kind: 'flag' }
    ? boolean
    : Param extends { kind: 'id' }
      ? number | null
      : string;

export type UrlState<Schema extends UrlSchema> = { -readonly [Key in keyof Schema]: ValueOf<Schema[Key]> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function defaultOf(param: UrlParam): string | number | boolean | null {
  switch (param.kind) {
    case 'page':
      return 1;
    case 'flag':
      return false;
    case 'id':
      return null;
    case 'oneOf':
      return param.default ?? '';
    default:
      return '';
  }
}

function readOne(param: UrlParam, raw: string | null): string | number | boolean | null {
  if (raw === null) return defaultOf(param);
  switch (param.kind) {
    case 'page': {
      const page = Number.parseInt(raw, 10);
      return Number.isFinite(page) && page > 0 && String(page) === raw ? page : 1;
    }
    case 'flag':
      return raw === '1';
    case 'id': {
      const id = Number(raw);
      return /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
    }
    case 'oneOf':
      return param.values.includes(raw) ? raw : defaultOf(param);
    case 'date':
      return DAY.test(raw) ? raw : '';
    default:
      return raw;
  }
}

/** The schema's own parameters, in declaration order. */
const keysOf = (schema: UrlSchema) => Object.keys(schema).filter((key) => Object.hasOwn(schema, key));

export function readUrlState<Schema extends UrlSchema>(params: URLSearchParams, schema: Schema): UrlState<Schema> {
  const state: Record<string, unknown> = {};
  for (const key of keysOf(schema)) state[key] = readOne(schema[key]!, params.get(key));
  return state as UrlState<Schema>;
}

/** The URL after `change`: the schema's keys written (defaults removed), every other parameter kept. */
export function writeUrlState<Schema extends UrlSchema>(
  current: URLSearchParams,
  schema: Schema,
  change: Partial<UrlState<Schema>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const merged: Record<string, unknown> = { ...readUrlState(current, schema) };
  const changed = keysOf(schema).filter((key) => Object.hasOwn(change, key));
  for (const key of changed) merged[key] = (change as Record<string, unknown>)[key];
  const resetsPage = changed.some((key) => schema[key]!.kind !== 'page');
  for (const key of keysOf(schema)) {
    const param = schema[key]!;
    if (param.kind === 'page' && resetsPage && !changed.includes(key)) merged[key] = 1;
    // Normalised through the reader: a value the schema refuses is its default.
    const value = readOne(param, merged[key] === null || merged[key] === undefined ? null : encode(merged[key]));
    if (value === defaultOf(param)) next.delete(key);
    else next.set(key, encode(value));
  }
  return next;
}

const encode = (value: unknown): string => (value === true ? '1' : String(value));

/**
 * `[state, update, after]`: `update(change)` writes the change into the URL (a new history entry,
 * or the current one replaced with `{ replace: true }`, e.g. a choice the screen made itself);
 * `after(change)` is the state that change will give, without writing it.
 */
export function useUrlState<Schema extends UrlSchema>(
  schema: Schema,
): [
  UrlState<Schema>,
  (change: Partial<UrlState<Schema>>, options?: { replace?: boolean }) => void,
  (change: Partial<UrlState<Schema>>) => UrlState<Schema>,
] {
  const [params, setParams] = useSearchParams();
  const schemaKey = JSON.stringify(schema);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the schema is compared by value
  const stable = useMemo(() => schema, [schemaKey]);
  const state = useMemo(() => readUrlState(params, stable), [params, stable]);
  const { pathname } = useLocation();
  const locationNow = useLocationNow();
  const update = useCallback(
    (change: Partial<UrlState<Schema>>, options?: { replace?: boolean }) => {
      // A write lands only while the person is still on this screen: once they have followed a
      // link elsewhere, whose screen may still be loading while this one is shown, a late write
      // (a default range that arrived, a search box's debounce that ran out) would write this
      // screen's path back and pull them to it.
      const now = locationNow()?.pathname;
      if (now !== undefined && now !== pathname) return;
      setParams((current) => writeUrlState(current, stable, change), { replace: options?.replace });
    },
    [setParams, stable, locationNow, pathname],
  );
  // The state a change will give, read as the update writes it (a screen may act on it first).
  const after = useCallback(
    (change: Partial<UrlState<Schema>>) => readUrlState(writeUrlState(params, stable, change), stable),
    [params, stable],
  );
  return [state, update, after];
}
