import { eq, sql } from 'drizzle-orm';
import type { AnyColumn, Column, SQL } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import type { Caller } from '../scope.js';
import type { Cursor, ListQuery, ListShape, SearchColumn } from './list-query.js';
import { afterCursor, allOf, orderBy, searchCondition, textSort } from './list-query.js';
import { countRows } from './totals.js';

/**
 * How a resource is read: one SQL `from` (the table and the parents whose names it shows),
 * the item's columns, and the caller's scope. Lists, reads by id, options and exports are
 * all built from it, so they can never disagree about what a caller may see.
 */
export interface ReadModel extends ListShape {
  /** Its id (a number, or a uuid for reports) and active flag; a table without one (reports: facts) lists every row. */
  table: { id: AnyColumn; isActive?: AnyColumn };
  /** `users left join bases on ...`: conditions may use any table of it. */
  from: SQL;
  /**
   * `from` without its first table (the one `table.id` belongs to): its joins only. Given, a
   * page joins them to its ids first in the FROM list (selectPage).
   */
  joins?: SQL;
  /** `"users"."id" as "id", ...`: the item, with the spec's field names. */
  columns: SQL;
  search: readonly SearchColumn[];
  scope(caller: Caller): SQL | undefined;
  /**
   * True when every ancestor (base, work, contract) is active (docs/scoping.md). Given, the
   * items carry `parentInactive` and selects offer only rows active with all their ancestors.
   */
  ancestorsActive?: SQL;
  /** Shown in selects; a resource without it has no `/options`. */
  optionLabel?: AnyColumn | SQL;
  /**
   * What an export reads of each row, when it shows less than the item (with `id`): a
   * million-row export pays for every column it reads (reports, docs/reports.md).
   */
  exportColumns?: SQL;
  /**
   * True: its pages (without a search) run their generic plan from the first run on
   * (db/driver.ts StatementPlan). Only for a list whose best page plan is the same for every
   * caller and page: a walk of the sort index its scope's column leads.
   */
  genericPagePlan?: boolean;
}

/** The item's columns, with `parentInactive` when the resource has ancestors. */
function itemColumns(model: ReadModel): SQL {
  return model.ancestorsActive
    ? sql`${model.columns}, not ${model.ancestorsActive} as "parentInactive"`
    : model.columns;
}

/** Its own flag and every ancestor's: what selects may offer (everything, for a table without flags). */
export function effectivelyActive(model: ReadModel): SQL {
  const own = model.table.isActive ? sql`${model.table.isActive}` : sql`true`;
  return model.ancestorsActive ? sql`(${own} and ${model.ancestorsActive})` : own;
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** `expression as "alias", ...` from an object, so items keep the spec's field names. */
export function columnList(columns: Record<string, AnyColumn | SQL>): SQL {
  return sql.join(
    Object.entries(columns).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
    sql`, `,
  );
}

/**
 * A timestamp as ISO 8601 in UTC (`2026-01-12T10:00:00.000Z`). Formatted by the database
 * so both drivers answer the same text, whatever their own date parsing.
 */
export const isoTimestamp = (column: AnyColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A date column as `YYYY-MM-DD`. */
export const isoDate = (column: AnyColumn): SQL => sql`to_char(${column}, 'YYYY-MM-DD')`;

export function listConditions(model: ReadModel, caller: Caller, query: ListQuery): SQL {
  return allOf([
    model.scope(caller),
    // Without includeInactive a list shows what is in effect active: own flag and ancestors (docs/scoping.md).
    query.includeInactive || (!model.table.isActive && !model.ancestorsActive) ? undefined : effectivelyActive(model),
    searchCondition(model.search, query.search),
    ...query.filters,
  ]);
}

export interface PageSlice {
  where: SQL;
  query: ListQuery;
  limit: number;
  offset: number;
}

/**
 * One page of items. The ids are picked first (sorted, limited, offset) and only those rows
 * are joined and shaped, so neither the skipped rows nor the table size cost the columns.
 * `= any(array(…))` makes the planner pick the ids first, then fetch those rows by key: with
 * `in (…)` it could hash-join the whole table with all its parents before keeping 20 rows
 * (2 ms a page with 300 activities on PGlite; docs/benchmarks.md).
 * Each row also carries the database snapshot the page was read in (`__snapshot`, removed
 * here), so the total can be taken from memory without another round trip (totals.ts).
 * Exported for the benchmark's EXPLAIN (bench/list-pages.ts, BENCH_EXPLAIN=1).
 */
export function pageQuery(model: ReadModel, { where, query, limit, offset }: PageSlice): SQL {
  const order = orderBy(query.sort, model.table.id, query.descending);
  const pick = sql`select ${model.table.id} as id from ${model.from} where ${where} order by ${order} limit ${limit} offset ${offset}`;
  const snapshot = sql`(select pg_current_snapshot()::text) as "__snapshot"`;
  return model.joins
    ? // The page's ids first in the FROM list, then its table and the joins, row by row: with
      // ten tables the planner keeps that written order (join_collapse_limit is 8), and with
      // `= any(array(…))` it hash-joined every contract to shape 20 activities (docs/benchmarks.md).
      sql`with "page" as materialized (${pick})
          select ${itemColumns(model)}, ${snapshot}
          from "page" join ${(model.table.id as Column).table} on ${model.table.id} = "page"."id" ${model.joins}
          order by ${order}`
    : sql`select ${itemColumns(model)}, ${snapshot} from ${model.from}
          where ${model.table.id} = any(array(${pick})) order by ${order}`;
}

async function selectPage<Row>(
  orm: Orm,
  model: ReadModel,
  slice: PageSlice,
): Promise<{ items: Row[]; snapshot: string | undefined }> {
  const plan = model.genericPagePlan && !slice.query.search ? 'generic' : 'kept';
  const rows = await selectRows<Row & { __snapshot: string }>(orm, pageQuery(model, slice), { plan });
  return {
    items: rows.map(({ __snapshot: _snapshot, ...item }) => item as Row),
    snapshot: rows[0]?.__snapshot,
  };
}

/**
 * A page and its total. The total is counted only when the page cannot tell it: a page that
 * is not full ends the list (total = rows before it + its rows), and a full one takes the
 * total remembered for its snapshot when nothing was written since (totals.ts).
 */
export async function listPage<Item>(
  orm: Orm,
  model: ReadModel,
  caller: Caller,
  query: ListQuery,
): Promise<Page<Item>> {
  const where = listConditions(model, caller, query);
  const offset = (query.page - 1) * query.pageSize;
  const { items, snapshot } = await selectPage<Item>(orm, model, { where, query, limit: query.pageSize, offset });
  const endsHere = items.length < query.pageSize && (items.length > 0 || offset === 0);
  const total = endsHere ? offset + items.length : await countRows(orm, model.from, where, snapshot);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** One item, or null when it does not exist for this caller. */
export async function findItem<Item>(orm: Orm, model: ReadModel, caller: Caller, id: number): Promise<Item | null> {
  const [item] = await selectRows<Item>(
    orm,
    sql`select ${itemColumns(model)} from ${model.from} where ${allOf([eq(model.table.id, id), model.scope(caller)])}`,
  );
  return item ?? null;
}

export interface Option {
  id: number;
  name: string;
}

/** What a select may offer: in scope, in effect active, narrowed by the filters given; by name as lists sort it. */
export function listOptions(
  orm: Orm,
  model: ReadModel & { optionLabel: AnyColumn | SQL },
  caller: Caller,
  filters: SQL[],
): Promise<Option[]> {
  const label = model.optionLabel;
  return selectRows<Option>(
    orm,
    sql`select ${model.table.id} as id, ${label} as name from ${model.from}
        where ${allOf([model.scope(caller), effectivelyActive(model), ...filters])}
        order by ${orderBy(textSort(label), model.table.id, false)}`,
  );
}

/** Rows read per query while exporting. */
export const EXPORT_BATCH = 1000;

/**
 * Every item matching the list's filters, in the list's order, a batch at a time: keyset
 * pagination on (sort key, id), so memory stays flat and no row is read twice.
 */
export async function* exportItems<Item>(
  orm: Orm,
  model: ReadModel,
  caller: Caller,
  query: ListQuery,
): AsyncGenerator<Item[]> {
  const where = listConditions(model, caller, query);
  const order = orderBy(query.sort, model.table.id, query.descending);
  let cursor: Cursor | null = null;
  for (;;) {
    const condition: SQL = cursor
      ? allOf([where, afterCursor(query.sort, model.table.id, query.descending, cursor)])
      : where;
    // No OFFSET here: the keyset condition walks the sort index, so the rows are read in place.
    const rows = await selectRows<Item & Cursor>(
      orm,
      sql`select ${model.exportColumns ?? itemColumns(model)}, cast(${query.sort.expression} as text) as "sortKey" from ${model.from}
          where ${condition} order by ${order} limit ${EXPORT_BATCH}`,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    cursor = { sortKey: last.sortKey, id: last.id };
    yield rows.map(({ sortKey: _sortKey, ...item }) => item as Item);
    if (rows.length < EXPORT_BATCH) return;
  }
}
