import { boolean, check, foreignKey, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { EQUIPMENT_CLASSIFICATIONS, MEASURE_UNITS } from '@canteiro/shared/domain';
import { bigId, createdAt, isActive, oneOf } from './columns.js';
import { activities, areas, equipment, functions, locals, occurrences, packages, sameContract } from './catalogue.js';
import { contracts } from './organisation.js';
import { users } from './people.js';

/**
 * What reporters send from the mobile app, one row per observation. Dashboards always
 * read one contract over a time range, hence the (contract_id, report_time) indexes.
 */

const contractId = () =>
  integer('contract_id')
    .notNull()
    .references(() => contracts.id);
const reporterId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id);
const reportTime = () => timestamp('report_time', { withTimezone: true }).notNull();

export const activityReports = pgTable(
  'activity_reports',
  {
    id: bigId(),
    contractId: contractId(),
    packageId: integer('package_id').notNull(),
    localId: integer('local_id').notNull(),
    activityId: integer('activity_id').notNull(),
    functionId: integer('function_id').notNull(),
    occurrenceId: integer('occurrence_id')
      .notNull()
      .references(() => occurrences.id),
    /** Number of workers of that crew seen doing the occurrence. */
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    reportInfo: text('report_info'),
    reportTime: reportTime(),
    userId: reporterId(),
    isScheduled: boolean('is_scheduled').notNull().default(true),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_reports_contract_time_idx').on(t.contractId, t.reportTime),
    sameContract('activity_reports_package_fk', t.packageId, t.contractId, packages),
    sameContract('activity_reports_local_fk', t.localId, t.contractId, locals),
    sameContract('activity_reports_activity_fk', t.activityId, t.contractId, activities),
    sameContract('activity_reports_function_fk', t.functionId, t.contractId, functions),
    check('activity_reports_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

export const equipmentReports = pgTable(
  'equipment_reports',
  {
    id: bigId(),
    contractId: contractId(),
    packageId: integer('package_id').notNull(),
    areaId: integer('area_id').notNull(),
    activityId: integer('activity_id').notNull(),
    equipmentId: integer('equipment_id').notNull(),
    classification: text('classification').notNull(),
    notes: text('notes'),
    reportTime: reportTime(),
    userId: reporterId(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    index('equipment_reports_contract_time_idx').on(t.contractId, t.reportTime),
    sameContract('equipment_reports_package_fk', t.packageId, t.contractId, packages),
    sameContract('equipment_reports_area_fk', t.areaId, t.contractId, areas),
    sameContract('equipment_reports_activity_fk', t.activityId, t.contractId, activities),
    foreignKey({
      name: 'equipment_reports_equipment_fk',
      columns: [t.equipmentId, t.contractId],
      foreignColumns: [equipment.id, equipment.contractId],
    }),
    check('equipment_reports_classification_check', oneOf(t.classification, EQUIPMENT_CLASSIFICATIONS)),
  ],
);

export const quantityReports = pgTable(
  'quantity_reports',
  {
    id: bigId(),
    contractId: contractId(),
    packageId: integer('package_id').notNull(),
    areaId: integer('area_id').notNull(),
    activityId: integer('activity_id').notNull(),
    /** Quantity produced since the last report, in `unity`. */
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unity: text('unity').notNull(),
    reportTime: reportTime(),
    userId: reporterId(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quantity_reports_contract_time_idx').on(t.contractId, t.reportTime),
    sameContract('quantity_reports_package_fk', t.packageId, t.contractId, packages),
    sameContract('quantity_reports_area_fk', t.areaId, t.contractId, areas),
    sameContract('quantity_reports_activity_fk', t.activityId, t.contractId, activities),
    check('quantity_reports_quantity_check', sql`${t.quantity} >= 0`),
    check('quantity_reports_unity_check', oneOf(t.unity, MEASURE_UNITS)),
  ],
);
