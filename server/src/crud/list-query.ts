import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_PAGE_SIZE, MAX_SEARCH } from '@canteiro/shared/domain';
import { Column, and, eq, ilike, is, or, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { sortKey } from '../db/schema/columns.js';
import { ApiError, parseBody } from '../errors.js';

/**
 * The query string every admin list, options list and export understands:
 * `?search=&page=1&pageSize=20&includeInactive=false&sort=name&order=asc` plus the
 * resource's id filters (`?base=&work=&contract=`, ...).
 */

/** A whole number written in decimal digits, within [min, max]. */
const whole = (min: number, max: number) =>
  v.pipe(
    v.string('invalid_value'),
    v.regex(/^\d{1,10}$/, 'invalid_value'),
    v.transform(Number),
    v.minValue(min, 'invalid_value'),
    v.maxValue(max, 'invalid_value'),
  );

/** An id as the URL gives it (path or query): text that names a row that can exist. */
export const idText = whole(1, MAX_ID);

const listQuerySchema = v.object({
  search: v.optional(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(MAX_SEARCH, 'too_long')), ''),
  page: v.optional(whole(1, 1_000_000), '1'),
  pageSize: v.optional(whole(1, MAX_PAGE_SIZE), String(DEFAULT_PAGE_SIZE)),
  includeInactive: v.optional(v.picklist(['true', 'false'], 'invalid_value'), 'false'),
  sort: v.optional(v.string('invalid_value')),
  order: v.optional(v.picklist(['asc', 'desc'], 'invalid_value')),
});

/** An order a list may be sorted by: a never-null expression and its SQL type (for the export's keyset). */
export interface SortKey {
  expression: SQL;
  type: 'text' | 'integer' | 'numeric' | 'date' | 'timestamptz';
}

export interface ListShape {
  sorts: Record<string, SortKey>;
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** Query parameter → the id column it filters (`?base=3` → works.base_id = 3), or a column and its list. */
  filters?: Record<string, AnyColumn | ListFilter>;
}

/** A filter by one value of a fixed list (`?permission=work`), of a column or of an expression (`?status=late`). */
export interface ListFilter {
  column: AnyColumn | SQL;
  values: readonly string[];
}

/**
 * Sort by a text column, ignoring case and accents ("Área" among the A's, "Ç" as C), the
 * same on PGlite and PostgreSQL (`sortKey`, db/schema/columns.ts). The sort indexes are
 * built on this very expression; the export's keyset compares it in the same collation.
 */
export const textSort = (column: AnyColumn | SQL): SortKey => ({
  expression: sortKey(column),
  type: 'text',
});

/** Sort by a never-null column (or expression) of another type. */
export const valueSort = (column: AnyColumn | SQL, type: Exclude<SortKey['type'], 'text'>): SortKey => ({
  expression: sql`${column}`,
  type,
});

export interface ListQuery {
  search: string;
  page: number;
  pageSize: number;
  includeInactive: boolean;
  sort: SortKey;
  descending: boolean;
  /** The filters given, as conditions. */
  filters: SQL[];
}

/**
 * The value of one of the object's own keys, never of its prototype: `?sort=toString` or
 * `?sort=__proto__` must find nothing. Every key that comes from input is looked up this way.
 */
export function ownValue<Value>(record: Readonly<Record<string, Value>>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Reads and checks the query string; 400 validation_failed with a code per parameter. */
export function parseListQuery(shape: ListShape, query: unknown): ListQuery {
  const raw = (query ?? {}) as Record<string, unknown>;
  const input = parseBody(listQuerySchema, raw);
  const sort = ownValue(shape.sorts, input.sort ?? shape.defaultSort.key);
  if (!sort) throw new ApiError(400, 'validation_failed', { sort: 'invalid_value' });

  const filters: SQL[] = [];
  const filterErrors: Record<string, string> = {};
  for (const [name, filter] of Object.entries(shape.filters ?? {})) {
    const value = ownValue(raw, name);
    if (value === undefined || value === '') continue;
    const byId = is(filter, Column);
    const parsed = byId ? v.safeParse(idText, value) : v.safeParse(v.picklist(filter.values), value);
    if (parsed.success) filters.push(byId ? eq(filter, parsed.output) : sql`${filter.column} = ${parsed.output}`);
    else filterErrors[name] = 'invalid_value';
  }
  if (Object.keys(filterErrors).length > 0) throw new ApiError(400, 'validation_failed', filterErrors);

  return {
    search: input.search,
    page: input.page,
    pageSize: input.pageSize,
    includeInactive: input.includeInactive === 'true',
    sort,
    descending: (input.order ?? shape.defaultSort.order) === 'desc',
    filters,
  };
}

/** `%term%` with the term's own % and _ taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/**
 * A text column searched with ILIKE, or a column stored lower-cased, searched with the cheaper
 * LIKE, or a condition of its own given the pattern (reports look a referenced name up in the
 * small catalogue table instead of joining it to every row: docs/reports.md).
 */
export type SearchColumn = AnyColumn | SQL | { lowercased: AnyColumn } | { matching(pattern: string): SQL };

/** Case-insensitive "contains" over the resource's text columns (pg_trgm indexes serve it). */
export function searchCondition(columns: readonly SearchColumn[], term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(
    ...columns.map((column) => {
      if ('matching' in column) return column.matching(pattern);
      return 'lowercased' in column ? sql`${column.lowercased} like lower(${pattern})` : ilike(column, pattern);
    }),
  );
}

/** The ORDER BY of a list: its sort key, then the id, in the same direction so pages never overlap. */
export function orderBy(sort: SortKey, id: AnyColumn, descending: boolean): SQL {
  const direction = sql.raw(descending ? 'desc' : 'asc');
  return sql`${sort.expression} ${direction}, ${id} ${direction}`;
}

/** Rows after (sortKey, id) in that order: the export reads in pages without OFFSET. */
export function afterCursor(sort: SortKey, id: AnyColumn, descending: boolean, cursor: Cursor): SQL {
  const comparison = sql.raw(descending ? '<' : '>');
  const type = sql.raw(sort.type);
  return sql`(${sort.expression}, ${id}) ${comparison} (cast(${cursor.sortKey} as ${type}), ${cursor.id})`;
}

export interface Cursor {
  sortKey: string;
  /** A serial id, or a uuid (reports). */
  id: number | string;
}

export const allOf = (conditions: readonly (SQL | undefined)[]): SQL => and(...conditions) ?? sql`true`;
