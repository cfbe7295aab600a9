import { useCallback, useEffect, useMemo } from 'react';
import * as v from 'valibot';
import type { TFunction } from 'i18next';
import {
  DATE_PRESETS,
  FILTER_DIMENSIONS,
  FILTER_PARAMETERS,
  HIERARCHY,
  RANGE_TYPES,
  datePresetOf,
  filtersToQuery,
  presetDays,
  reportFiltersSchema,
  weekDays,
} from '@canteiro/shared/domain';
import type { FilterDimension, FilterParameter, Locale } from '@canteiro/shared/domain';
import { useUrlState } from '@canteiro/shared/ui';
import { followFilters, followedFiltersOf } from './followed-filters';
import type { FollowedFilters } from './followed-filters';
import type { ListState, SortOrder, UrlSchema, UrlState } from '@canteiro/shared/ui';

/**
 * The Dashboards header's state (docs/dashboards.md): every filter in the URL under the API's own
 * parameter names (docs/reports.md), so a shared link, a reload and the API call say the
 * same; read by the kit's URL-state hook, checked by the one shared `reportFiltersSchema`.
 * A report screen adds its list's `search`, `page`, `sort` and `order` to the same URL.
 */
export const HEADER_SCHEMA = {
  contract: { kind: 'id' },
  // Text, not the hook's `date` kind: a bad value reaches the schema and is named beside its field.
  from: { kind: 'text' },
  to: { kind: 'text' },
  fromTime: { kind: 'text' },
  toTime: { kind: 'text' },
  weekdays: { kind: 'text' },
  ...(Object.fromEntries(FILTER_DIMENSIONS.map((name) => [name, { kind: 'id' }])) as Record<
    FilterDimension,
    { kind: 'id' }
  >),
  // Text too: a class that is none reaches the schema and is named beside its field.
  classification: { kind: 'text' },
  week: { kind: 'text' },
  range: { kind: 'oneOf', values: RANGE_TYPES },
  // A relative period ("last 4 weeks"): the dates are resolved on the reader's today, never written.
  period: { kind: 'oneOf', values: DATE_PRESETS },
} as const satisfies UrlSchema;

export type HeaderValues = UrlState<typeof HEADER_SCHEMA>;

/** Where a dimension's options come from: the chosen contract's catalogue (occurrences are everyone's). */
export const optionsOf = (dimension: FilterDimension, contract: number | null) =>
  dimension === 'occurrence'
    ? { endpoint: HIERARCHY.occurrence.endpoint, params: {} }
    : { endpoint: HIERARCHY[dimension].endpoint, params: { contract: contract ?? undefined } };

/**
 * Every filter cleared but the contract and the range type, the dates set to `from`–`to`
 * (the contract's default range): derived from the schema, so a new filter is cleared too.
 */
export function clearedFilters(from: string, to: string): Partial<HeaderValues> {
  const cleared: Record<string, string | null> = {};
  for (const [name, field] of Object.entries(HEADER_SCHEMA)) {
    if (name === 'contract' || name === 'range') continue;
    cleared[name] = field.kind === 'id' ? null : '';
  }
  return { ...cleared, from, to } as Partial<HeaderValues>;
}
/** The reader's today on their own clock, `YYYY-MM-DD` (a relative period's anchor). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The header's parameters but the contract, as the URL writes them ('' when absent): a contract's followed state. */
function followedOf(values: HeaderValues): FollowedFilters {
  const followed: FollowedFilters = {};
  for (const name of Object.keys(HEADER_SCHEMA) as (keyof HeaderValues)[]) {
    if (name === 'contract') continue;
    const value = values[name];
    followed[name] = value === null ? '' : String(value);
  }
  return followed;
}

/**
 * The filters to show with `contract` when it is chosen instead of the one of `current`: the
 * ones last read under it in this tab (followed-filters.ts); else the current ones but the
 * catalogue's (another contract's ids mean nothing there), the days and times kept.
 */
export function restoredFilters(contract: number, current: HeaderValues): Partial<HeaderValues> {
  const saved = followedFiltersOf(contract);
  const restored: Record<string, string | number | null> = {};
  for (const [name, field] of Object.entries(HEADER_SCHEMA)) {
    if (name === 'contract') continue;
    if (saved === null) {
      if (field.kind === 'id') restored[name] = null;
      continue;
    }
    const value = Object.hasOwn(saved, name) ? saved[name]! : '';
    restored[name] = field.kind === 'id' ? (/^\d+$/.test(value) ? Number(value) : null) : value;
  }
  // A relative period keeps its name, not the days it resolved to today.
  if (saved === null && current.period) Object.assign(restored, { from: '', to: '' });
  return restored as Partial<HeaderValues>;
}

/** Whether any filter but the contract and the range type holds a value. */
export function hasFilters(values: HeaderValues): boolean {
  return Object.entries(followedOf(values)).some(([name, value]) => name !== 'range' && value !== '');
}

export type HeaderUpdate = (change: Partial<HeaderValues>, options?: { replace?: boolean }) => void;

/** The checked filters: the query to send, or why not (a field code per parameter), or still no contract. */
export interface CheckedFilters {
  /** The API's query parameters (`filtersToQuery`), null while no contract is chosen or a filter is refused. */
  query: Record<string, string> | null;
  /** Parameter → field code of the shared schema (`from_after_to` on `from`, `invalid_value`…). */
  errors: Partial<Record<FilterParameter, string>>;
}

/** The header's values through the shared schema, as the server reads them. */
export function checkFilters(values: HeaderValues): CheckedFilters {
  if (values.contract === null) return { query: null, errors: {} };
  const raw: Record<string, string> = {};
  for (const name of FILTER_PARAMETERS) {
    const value = values[name];
    if (value !== null && value !== '') raw[name] = String(value);
  }
  const result = v.safeParse(reportFiltersSchema, raw);
  if (result.success) return { query: filtersToQuery(result.output), errors: {} };
  const errors: Partial<Record<FilterParameter, string>> = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const name = FILTER_PARAMETERS.find((parameter) => parameter === key);
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return { query: null, errors };
}

/** A weekday range `a-b` (or one day `n`) as its two ends; null ends when absent or unreadable. */
export function weekdayEnds(weekdays: string): { first: number | null; last: number | null } {
  const match = /^([1-7])(?:-([1-7]))?$/.exec(weekdays);
  if (!match) return { first: null, last: null };
  return { first: Number(match[1]), last: Number(match[2] ?? match[1]) };
}

/** The two ends back to the parameter: one end alone reaches to the week's edge. */
export function weekdaysParam(first: number | null, last: number | null): string {
  if (first === null && last === null) return '';
  const [a, b] = [first ?? 1, last ?? 7];
  return a === b ? String(a) : `${a}-${b}`;
}

/** The header's values of the URL's state (its other keys, a list's, left out). */
function headerOf(url: Record<string, unknown>): HeaderValues {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(HEADER_SCHEMA)) picked[name] = url[name];
  return picked as HeaderValues;
}

/** A relative period's dates, on today's clock: the URL keeps the period, the screen its days. */
function withPresetDays(raw: HeaderValues): HeaderValues {
  const preset = datePresetOf(raw.period);
  return preset ? { ...raw, ...presetDays(preset, localToday()) } : raw;
}

/** The header's filters and, for a report screen, its list's search, page and order. */
export function useHeaderState(sortKeys: readonly string[] = []) {
  const sortKey = sortKeys.join(',');
  const schema = useMemo(
    () =>
      ({
        ...HEADER_SCHEMA,
        search: { kind: 'text' },
        page: { kind: 'page' },
        sort: { kind: 'oneOf', values: sortKey ? sortKey.split(',') : [] },
        order: { kind: 'oneOf', values: ['asc', 'desc'], default: 'asc' },
      }) satisfies UrlSchema,
    [sortKey],
  );
  const [url, setUrl, urlAfter] = useUrlState(schema);
  const raw = useMemo(() => headerOf(url), [url]);
  // The contract's state follows the user to the module's other screens (followed-filters.ts).
  const followed = raw.contract === null ? null : JSON.stringify(followedOf(raw));
  useEffect(() => {
    if (raw.contract !== null && followed !== null)
      followFilters(raw.contract, JSON.parse(followed) as FollowedFilters);
  }, [raw.contract, followed]);
  const values = useMemo(() => withPresetDays(raw), [raw]);
  const checked = useMemo(() => checkFilters(values), [values]);
  // Any filter change starts the list again at its first page (the URL-state hook's rule).
  const update: HeaderUpdate = useCallback((change, options) => setUrl(change, options), [setUrl]);
  /**
   * The query a change will give, read from the address it will write (the URL-state hook's own
   * reading and writing): its answer may be asked for before the screen has drawn the change.
   */
  const queryAfter = useCallback(
    (change: Partial<HeaderValues>) => checkFilters(withPresetDays(headerOf(urlAfter(change)))).query,
    [urlAfter],
  );
  const list: ListState = {
    search: url.search,
    page: url.page,
    includeInactive: false,
    sort: url.sort,
    order: url.sort && url.order === 'desc' ? 'desc' : 'asc',
    filters: {},
    context: values.contract,
  };
  const updateList = useCallback(
    (change: { search?: string; page?: number; sort?: string; order?: SortOrder }) => setUrl(change),
    [setUrl],
  );
  return { values, update, queryAfter, ...checked, list, updateList };
}

/**
 * A week as the header writes it: "Semana 44 (26/10–01/11)" / "Week 44 (10/26–11/01)", its
 * Monday and Sunday in the language's day and month order.
 */
export function weekLabel(week: string, t: TFunction, locale: Locale): string {
  const days = weekDays(week);
  if (!days) return week;
  return t('dash:header.weekLabel', {
    week: Number(week.slice(6)),
    from: shortDay(days.from, locale),
    to: shortDay(days.to, locale),
  });
}

/** A day as day and month in the language's order: "26/10" / "10/26". */
export function shortDay(day: string, locale: Locale): string {
  const [, month, date] = day.split('-');
  return locale === 'en-US' ? `${month}/${date}` : `${date}/${month}`;
}
