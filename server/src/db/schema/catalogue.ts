import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn, ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MEASURE_UNITS, OCCURRENCE_CATEGORIES, OCCURRENCE_CLASSIFICATIONS } from '@canteiro/shared/domain';
import { createdAt, id, isActive, lower, oneOf, sortKey } from './columns.js';
import { contracts } from './organisation.js';

/**
 * What a contract is made of (disciplines … equipment) and the global occurrence list.
 * A child and its parent always share the contract: the composite foreign keys make the
 * database refuse an area of contract A under a discipline of contract B, so scoping by
 * contract can never leak through a parent.
 */

const contractId = () =>
  integer('contract_id')
    .notNull()
    .references(() => contracts.id);

/**
 * What a contract's list needs: the trigram index its "contains" search uses, and
 * (contract_id, sort key, id) for its default order within the contract: the list's very
 * ORDER BY (`sortKey`, ties by id), so a page is read in index order and stops at its limit.
 */
const listIndexes = (table: string, t: { id: AnyPgColumn; contractId: AnyPgColumn }, column: ExtraConfigColumn) => [
  index(`${table}_search_idx`).using('gin', column.op('gin_trgm_ops')),
  index(`${table}_sort_idx`).on(t.contractId, sortKey(column), t.id),
];

/** The (id, contract_id) pair children point at. */
const idWithinContract = (table: string, t: { id: AnyPgColumn; contractId: AnyPgColumn }) =>
  unique(`${table}_id_contract_unique`).on(t.id, t.contractId);

/** `child.(parentColumn, contract_id)` → `parent.(id, contract_id)`. */
export const sameContract = (
  name: string,
  child: AnyPgColumn,
  childContract: AnyPgColumn,
  parent: { id: AnyPgColumn; contractId: AnyPgColumn },
) => foreignKey({ name, columns: [child, childContract], foreignColumns: [parent.id, parent.contractId] });

export const occurrences = pgTable(
  'occurrences',
  {
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    classification: text('classification').notNull(),
    isActive: isActive(),
  },
  (t) => [
    uniqueIndex('occurrences_name_unique').on(lower(t.name)),
    check('occurrences_category_check', oneOf(t.category, OCCURRENCE_CATEGORIES)),
    check('occurrences_classification_check', oneOf(t.classification, OCCURRENCE_CLASSIFICATIONS)),
  ],
);

export const disciplines = pgTable(
  'disciplines',
  { id: id(), name: text('name').notNull(), contractId: contractId(), isActive: isActive(), createdAt: createdAt() },
  (t) => [
    // The duplicate rule's index (`${endpoint}_${fields}_unique`, shared/domain/hierarchy.ts).
    uniqueIndex('disciplines_contract_name_unique').on(t.contractId, lower(t.name)),
    idWithinContract('disciplines', t),
    ...listIndexes('disciplines', t, t.name),
  ],
);

export const areas = pgTable(
  'areas',
  {
    id: id(),
    name: text('name').notNull(),
    contractId: contractId(),
    disciplineId: integer('discipline_id').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    sameContract('areas_discipline_fk', t.disciplineId, t.contractId, disciplines),
    uniqueIndex('areas_contract_name_unique').on(t.contractId, lower(t.name)),
    idWithinContract('areas', t),
    index('areas_discipline_idx').on(t.disciplineId),
    ...listIndexes('areas', t, t.name),
  ],
);

export const locals = pgTable(
  'locals',
  {
    id: id(),
    name: text('name').notNull(),
    contractId: contractId(),
    areaId: integer('area_id').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    sameContract('locals_area_fk', t.areaId, t.contractId, areas),
    uniqueIndex('locals_contract_name_unique').on(t.contractId, lower(t.name)),
    idWithinContract('locals', t),
    index('locals_area_idx').on(t.areaId),
    ...listIndexes('locals', t, t.name),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    id: id(),
    name: text('name').notNull(),
    contractId: contractId(),
    localId: integer('local_id').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    sameContract('blocks_local_fk', t.localId, t.contractId, locals),
    uniqueIndex('blocks_contract_name_unique').on(t.contractId, lower(t.name)),
    idWithinContract('blocks', t),
    index('blocks_local_idx').on(t.localId),
    ...listIndexes('blocks', t, t.name),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: id(),
    name: text('name').notNull(),
    contractId: contractId(),
    blockId: integer('block_id').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    sameContract('packages_block_fk', t.blockId, t.contractId, blocks),
    uniqueIndex('packages_contract_block_name_unique').on(t.contractId, t.blockId, lower(t.name)),
    idWithinContract('packages', t),
    index('packages_block_idx').on(t.blockId),
    // A name repeated within the contract is shown with its path (db/catalogue-labels.ts).
    index('packages_contract_name_idx').on(t.contractId, lower(t.name)),
    ...listIndexes('packages', t, t.name),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    name: text('name').notNull(),
    contractId: contractId(),
    areaId: integer('area_id').notNull(),
    localId: integer('local_id').notNull(),
    blockId: integer('block_id').notNull(),
    packageId: integer('package_id').notNull(),
    measureUnit: text('measure_unit').notNull(),
    /** Planned man-hours. */
    hhCount: numeric('hh_count', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Planned quantity, in measureUnit. */
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Planned duration in calendar days, both ends included; status is derived at read time. */
    term: integer('term').generatedAlwaysAs(sql`end_date - start_date + 1`),
    isFinished: boolean('is_finished').notNull().default(false),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    sameContract('activities_area_fk', t.areaId, t.contractId, areas),
    sameContract('activities_local_fk', t.localId, t.contractId, locals),
    sameContract('activities_block_fk', t.blockId, t.contractId, blocks),
    sameContract('activities_package_fk', t.packageId, t.contractId, packages),
    uniqueIndex('activities_contract_package_name_unique').on(t.contractId, t.packageId, lower(t.name)),
    idWithinContract('activities', t),
    index('activities_area_idx').on(t.areaId),
    index('activities_local_idx').on(t.localId),
    index('activities_block_idx').on(t.blockId),
    index('activities_package_idx').on(t.packageId),
    index('activities_contract_name_idx').on(t.contractId, lower(t.name)),
    ...listIndexes('activities', t, t.name),
    check('activities_measure_unit_check', oneOf(t.measureUnit, MEASURE_UNITS)),
    check('activities_hh_count_check', sql`${t.hhCount} > 0`),
    check('activities_quantity_check', sql`${t.quantity} > 0`),
    check('activities_dates_check', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/** A trade (pedreiro, servente, …) of the crews a reporter sees. */
export const functions = pgTable(
  'functions',
  { id: id(), name: text('name').notNull(), contractId: contractId(), isActive: isActive(), createdAt: createdAt() },
  (t) => [
    uniqueIndex('functions_contract_name_unique').on(t.contractId, lower(t.name)),
    idWithinContract('functions', t),
    ...listIndexes('functions', t, t.name),
  ],
);

export const equipment = pgTable(
  'equipment',
  {
    id: id(),
    company: text('company').notNull(),
    type: text('type').notNull(),
    specification: text('specification').notNull(),
    contractId: contractId(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    // Equipment has no name: its specification serves as one (docs/hierarchy.md).
    uniqueIndex('equipment_contract_company_specification_unique').on(
      t.contractId,
      lower(t.company),
      lower(t.specification),
    ),
    idWithinContract('equipment', t),
    ...listIndexes('equipment', t, t.specification),
    index('equipment_company_search_idx').using('gin', t.company.op('gin_trgm_ops')),
  ],
);
