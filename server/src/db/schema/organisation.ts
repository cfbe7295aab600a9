import {
  type AnyPgColumn,
  check,
  date,
  foreignKey,
  index,
  integer,
  smallint,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { BRAZILIAN_STATES, DEFAULT_WORK_SCHEDULE, REPORTING_PERIODS } from '@canteiro/shared/domain';
import type { WorkSchedule } from '@canteiro/shared/domain';
import { createdAt, id, isActive, lower, oneOf, sortKey } from './columns.js';

/** The hierarchy every other record hangs from: base → work → contract. */

/**
 * The few inactive rows of a level, by id: a user is in effect active when none of its
 * ancestors is inactive (scope.ts userAncestorsActive), and every users page and session
 * lookup asks for them. Without it PostgreSQL read all 1 008 contracts on every users page
 * (92 of the page walk's 106 buffer reads; docs/benchmarks.md).
 */
function inactiveIndex(table: string, t: { id: AnyPgColumn; isActive: AnyPgColumn }) {
  return index(`${table}_inactive_idx`)
    .on(t.id)
    .where(sql`not ${t.isActive}`);
}

export const bases = pgTable(
  'bases',
  {
    id: id(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bases_name_unique').on(lower(t.name)),
    check('bases_state_check', oneOf(t.state, BRAZILIAN_STATES)),
    inactiveIndex('bases', t),
  ],
);

export const works = pgTable(
  'works',
  {
    id: id(),
    name: text('name').notNull(),
    prj: text('prj').notNull(),
    description: text('description').notNull(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('works_base_name_unique').on(t.baseId, lower(t.name)),
    uniqueIndex('works_prj_unique').on(lower(t.prj)),
    // Lets contracts and users prove their work belongs to their base.
    unique('works_id_base_unique').on(t.id, t.baseId),
    check('works_dates_check', sql`${t.startDate} <= ${t.endDate}`),
    inactiveIndex('works', t),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    baseId: integer('base_id')
      .notNull()
      .references(() => bases.id),
    workId: integer('work_id').notNull(),
    /** Reports expected per day per reporter. */
    reportingGoal: integer('reporting_goal').notNull(),
    /** Minutes between two site walks; also the hours one observed worker counts for. */
    reportingPeriod: integer('reporting_period').notNull(),
    /** Hours per ISO weekday, validated by the shared workScheduleSchema (compliance, docs/dashboards.md). */
    workSchedule: jsonb('work_schedule').$type<WorkSchedule>().notNull().default(DEFAULT_WORK_SCHEDULE),
    /** The contract's targets, percent 1–100 (docs/dashboards.md, "Targets"): drawn on its charts; null when none. */
    valueAddingTarget: smallint('value_adding_target'),
    complianceTarget: smallint('compliance_target'),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'contracts_work_base_fk',
      columns: [t.workId, t.baseId],
      foreignColumns: [works.id, works.baseId],
    }),
    uniqueIndex('contracts_work_name_unique').on(t.workId, lower(t.name)),
    unique('contracts_id_work_unique').on(t.id, t.workId),
    // A base or work user's contract list walks its scope in the list's order and stops at the
    // page (the sort key of lists, crud/list-query.ts), instead of sorting every contract of it.
    index('contracts_base_sort_idx').on(t.baseId, sortKey(t.name), t.id),
    index('contracts_work_sort_idx').on(t.workId, sortKey(t.name), t.id),
    check('contracts_reporting_goal_check', sql`${t.reportingGoal} > 0`),
    check('contracts_reporting_period_check', oneOf(t.reportingPeriod, REPORTING_PERIODS)),
    check('contracts_work_schedule_check', sql`jsonb_typeof(${t.workSchedule}) = 'object'`),
    check('contracts_value_adding_target_check', sql`${t.valueAddingTarget} between 1 and 100`),
    check('contracts_compliance_target_check', sql`${t.complianceTarget} between 1 and 100`),
    inactiveIndex('contracts', t),
  ],
);
