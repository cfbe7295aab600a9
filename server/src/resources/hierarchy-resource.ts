import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { HIERARCHY, ancestorsOf, descendantsOf } from '@canteiro/shared/domain';
import type { CatalogueEntity, DeactivationImpact, Entity, FieldLabel, Locale } from '@canteiro/shared/domain';
import {
  activities,
  areas,
  blocks,
  disciplines,
  equipment,
  functions,
  locals,
  packages,
} from '../db/schema/catalogue.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { shownName } from '../db/catalogue-labels.js';
import { USERS_HELD_BY, basesScope, contractsScope, profileIn, userEffectivelyActive, worksScope } from '../scope.js';
import { users } from '../db/schema/people.js';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import type { Caller } from '../scope.js';
import type { Cell, ExportColumn } from '../crud/export.js';
import type { ListFilter, SearchColumn, SortKey } from '../crud/list-query.js';
import { textSort, valueSort } from '../crud/list-query.js';
import type { ReadModel } from '../crud/reads.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import type { EntityTable, RowAction } from '../crud/writes.js';

/**
 * The organisation (base, work, contract) and a contract's catalogue (Management): one
 * factory builds each resource from the entity's declaration (shared/domain/hierarchy.ts,
 * docs/hierarchy.md). From it come the joins (each ancestor's table once, through its
 * nearest holder), "active with all its ancestors", the scope of the level that holds it, the
 * filters by each direct parent, the item's parent ids and names, the sorts by a parent's
 * name and the values written. A resource gives only what is its own: columns, sorts,
 * search, option label, export columns.
 */

/** The table of each entity a catalogue record can hang from (or be). */
export const TABLES = {
  base: bases,
  work: works,
  contract: contracts,
  discipline: disciplines,
  area: areas,
  local: locals,
  block: blocks,
  package: packages,
  activity: activities,
  function: functions,
  equipment,
} satisfies Partial<Record<Entity, EntityTable>>;

/** The entities of the hierarchy that are a table of their own with this factory's shape. */
export type TableEntity = keyof typeof TABLES;

/** The scope filter of each level that can hold a record (HIERARCHY's `scopedBy`). */
const SCOPES: Record<'base' | 'work' | 'contract', (caller: Caller) => SQL | undefined> = {
  base: basesScope,
  work: worksScope,
  contract: contractsScope,
};

function scopeOf(entity: TableEntity): (caller: Caller) => SQL | undefined {
  const level = HIERARCHY[entity].scopedBy;
  if (level === null) throw new Error(`${entity} is held by no level`);
  return SCOPES[level];
}

function tableOf(entity: Entity): EntityTable & Record<string, unknown> {
  if (!Object.hasOwn(TABLES, entity)) throw new Error(`no table for ${entity}`);
  return TABLES[entity as TableEntity] as unknown as EntityTable & Record<string, unknown>;
}

/** `areas.discipline_id`: a table's column holding a parent's id (`<parent>Id` by convention). */
function parentColumn(entity: Entity, parent: Entity): AnyColumn {
  const column = tableOf(entity)[`${parent}Id`];
  if (!column) throw new Error(`${entity} has no column ${parent}Id`);
  return column as AnyColumn;
}

/** A parent's display name (every parent of the catalogue is named; a repeated one with its path). */
const nameOf = (entity: Entity): AnyColumn | SQL => shownName(entity, tableOf(entity).name as AnyColumn);

/** The derived parts of an entity's read model. */
function hierarchyReads(entity: TableEntity) {
  const table = tableOf(entity);
  const ancestors = ancestorsOf(entity);
  const parents = HIERARCHY[entity].parents;
  const joins = sql.join(
    ancestors.map(
      ({ entity: ancestor, via }) =>
        sql`join ${tableOf(ancestor)} on ${tableOf(ancestor).id} = ${parentColumn(via, ancestor)}`,
    ),
    sql` `,
  );
  return {
    table,
    parents,
    from: sql`${table} ${joins}`,
    joins,
    // Every ancestor, the chain's included: an activity hangs from its package too (docs/hierarchy.md).
    // A base has none: never inactive through one.
    ancestorsActive: ancestors.length
      ? sql`(${sql.join(
          ancestors.map(({ entity: ancestor }) => sql`${tableOf(ancestor).isActive}`),
          sql` and `,
        )})`
      : sql`true`,
    parentColumns: Object.fromEntries(
      parents.flatMap((parent) => [
        [parent, parentColumn(entity, parent)],
        [`${parent}Name`, nameOf(parent)],
      ]),
    ) as Record<string, AnyColumn | SQL>,
    parentSorts: Object.fromEntries(parents.map((parent) => [`${parent}Name`, textSort(nameOf(parent))])),
    filters: Object.fromEntries(parents.map((parent) => [parent, parentColumn(entity, parent)])),
  };
}

/**
 * A record with its ancestors joined, and "active with all of them": the rule the
 * lists, selects and parent checks apply, for whoever else must check a reference (the
 * mobile ingestion, server/src/mobile/references.ts).
 */
export function catalogueChain(entity: CatalogueEntity): { table: EntityTable; from: SQL; active: SQL } {
  const { table, from, ancestorsActive } = hierarchyReads(entity);
  return { table, from, active: sql`(${table.isActive} and ${ancestorsActive})` };
}

/**
 * How many records of each kind hanging from `entity`'s record `id` are active now, with all
 * their ancestors: what deactivating it hides (spec §4). One statement, a count per kind
 * (each over its own joins, restricted by the record's id); users count when the record is
 * their base, work or contract and they may sign in now. Kinds with none are left out.
 */
export async function hiddenBy(orm: Orm, entity: TableEntity, id: number): Promise<DeactivationImpact['hides']> {
  const kinds = descendantsOf(entity);
  const counts = kinds.map((kind) => {
    if (kind === 'user') {
      // Those whose sign-in depends on the record (scope.ts): a contract's contract users and reporters…
      const level = entity as keyof typeof USERS_HELD_BY;
      const holder = { base: users.baseId, work: users.workId, contract: users.contractId }[level];
      return holder
        ? sql`(select count(*)::int from ${users} where ${holder} = ${id}
            and ${profileIn(USERS_HELD_BY[level])} and ${userEffectivelyActive})`
        : null;
    }
    if (!Object.hasOwn(TABLES, kind)) return null;
    const { table, from, ancestorsActive } = hierarchyReads(kind as TableEntity);
    return sql`(select count(*)::int from ${from}
      where ${tableOf(entity).id} = ${id} and ${table.isActive} and ${ancestorsActive})`;
  });
  const asked = kinds.flatMap((kind, index) => (counts[index] ? [{ kind, count: counts[index] }] : []));
  if (asked.length === 0) return [];
  const [row] = await selectRows<Record<string, number>>(
    orm,
    sql`select ${sql.join(
      asked.map(({ kind, count }) => sql`${count} as ${sql.identifier(kind)}`),
      sql`, `,
    )}`,
  );
  return asked.flatMap(({ kind }) => (row![kind]! > 0 ? [{ entity: kind, count: row![kind]! }] : []));
}

export interface HierarchyOptions<Item, Input extends object> {
  /** The item's own columns, by the spec's field names (id, parents, isActive and createdAt are added). */
  columns: Record<string, AnyColumn | SQL>;
  /** Its own sorts (a parent's name and createdAt are added). */
  sorts: Record<string, SortKey>;
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  search: readonly SearchColumn[];
  optionLabel: AnyColumn | SQL;
  /** Filters by value beyond the parents (an activity's `?status=`). */
  filters?: Record<string, ListFilter>;
  schema: v.GenericSchema<unknown, Input>;
  /**
   * Export columns of its own, after the id; the parents' names, status and creation follow,
   * except a parent this list names itself (header = the parent), which keeps its place.
   */
  exportColumns: readonly ExportColumn<Item>[];
  fileName: Record<Locale, string>;
  actions?: readonly RowAction[];
  /** Columns the database computes (left out of the audit). */
  derived?: readonly string[];
}

export function hierarchyResource<Item, Input extends object>(
  entity: TableEntity,
  options: HierarchyOptions<Item, Input>,
): ApiResource<Item, Input> {
  const derived = hierarchyReads(entity);
  const { table, parents } = derived;
  const read: ReadModel = {
    table: { id: table.id, isActive: table.isActive },
    from: derived.from,
    joins: derived.joins,
    columns: columnList({
      id: table.id,
      ...options.columns,
      ...derived.parentColumns,
      isActive: table.isActive,
      createdAt: isoTimestamp(table.createdAt as AnyColumn),
    }),
    search: options.search,
    sorts: {
      ...options.sorts,
      ...derived.parentSorts,
      createdAt: valueSort(table.createdAt as AnyColumn, 'timestamptz'),
    },
    defaultSort: options.defaultSort ?? { key: 'name', order: 'asc' },
    filters: { ...derived.filters, ...options.filters },
    scope: scopeOf(entity),
    ancestorsActive: derived.ancestorsActive,
    optionLabel: options.optionLabel,
  };
  const cell = (item: Item, key: string): Cell => (item as Record<string, Cell>)[key];
  return {
    entity,
    read,
    write: {
      table,
      createSchema: options.schema,
      // The schema's output names the columns; a parent `area` is written to `areaId`.
      values: (input) =>
        Object.fromEntries(
          Object.entries(input).map(([key, value]) => [
            (parents as readonly string[]).includes(key) ? `${key}Id` : key,
            value,
          ]),
        ),
      ...(options.derived ? { derived: options.derived } : {}),
    },
    ...(options.actions ? { actions: options.actions } : {}),
    export: {
      fileName: options.fileName,
      columns: [
        { header: 'id', value: (item) => cell(item, 'id') },
        ...options.exportColumns,
        ...parents
          .filter((parent) => !options.exportColumns.some((column) => column.header === parent))
          .map((parent): ExportColumn<Item> => ({
            header: parent as FieldLabel,
            value: (item) => cell(item, `${parent}Name`),
          })),
        { header: 'isActive', value: (item) => cell(item, 'isActive') },
        // A base has no ancestor to be inactive through.
        ...(parents.length
          ? [{ header: 'parentInactive', value: (item: Item) => cell(item, 'parentInactive') } as const]
          : []),
        { header: 'createdAt', value: (item) => cell(item, 'createdAt'), format: 'datetime' },
      ],
    },
  };
}

/** What a record known by its name has of its own: the name, searched, sorted and offered in selects. */
export function byName<Item extends { name: string }>(
  name: AnyColumn,
): Pick<HierarchyOptions<Item, object>, 'columns' | 'sorts' | 'search' | 'optionLabel' | 'exportColumns'> {
  return {
    columns: { name },
    sorts: { name: textSort(name) },
    search: [name],
    optionLabel: name,
    exportColumns: [{ header: 'name', value: (item) => item.name }],
  };
}
