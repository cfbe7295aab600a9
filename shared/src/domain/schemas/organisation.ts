import * as v from 'valibot';
import { ENTITIES } from '../hierarchy.js';
import { BRAZILIAN_STATES, REPORTING_PERIODS } from '../lists.js';
import { MAX_ID, MIN_REPORTING_GOAL_EXCLUSIVE } from '../constants.js';
import { workScheduleSchema } from './work-schedule.js';

/**
 * Forms of the organisation (base → work → contract), shared by the admin screens and the
 * server. Issue messages are field codes (errors.ts). The field builders below are reused
 * by the other entity schemas (occurrence, user, survey).
 */

/** Longest name, code and free text the forms accept. */
export const NAME_MAX = 150;
export const CODE_MAX = 50;
export const DESCRIPTION_MAX = 1000;

/** A value was given: not absent, null or an empty string (an empty select sends null). */
export const requiredValue = v.custom<unknown>(
  (input) => input !== undefined && input !== null && input !== '',
  'required',
);

/** Trimmed text that must not be empty. */
export const requiredText = (max: number) =>
  v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'too_long'));

/** One value of a fixed list (DOMAIN.md §2). */
export const choiceField = <const Options extends readonly (string | number)[]>(options: Options) =>
  v.pipe(requiredValue, v.picklist(options, 'invalid_value'));

/** The id of a parent record, as the selects send it (a number). */
export const idField = v.pipe(
  requiredValue,
  v.number('invalid_value'),
  v.integer('invalid_value'),
  v.minValue(1, 'invalid_value'),
  v.maxValue(MAX_ID, 'invalid_value'),
);

/** Status (isActive), required on forms as Yes/No (spec §5). */
export const statusField = v.pipe(requiredValue, v.boolean('invalid_value'));

/** A real calendar day as `YYYY-MM-DD` (2026-02-31 is refused), from year 1 (PostgreSQL has no year 0). */
export const dateField = v.pipe(requiredText(10), v.isoDate('invalid_value'), v.check(isCalendarDay, 'invalid_value'));

function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && !value.startsWith('0000');
}

export const baseSchema = v.object({
  name: requiredText(NAME_MAX),
  state: choiceField(BRAZILIAN_STATES),
  isActive: statusField,
});
export type BaseInput = v.InferOutput<typeof baseSchema>;

export const workSchema = v.pipe(
  v.object({
    name: requiredText(NAME_MAX),
    prj: requiredText(CODE_MAX),
    description: requiredText(DESCRIPTION_MAX),
    base: idField,
    startDate: dateField,
    endDate: dateField,
    isActive: statusField,
  }),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      // A malformed date already has its own issue.
      ({ startDate, endDate }) => !isCalendarDay(startDate) || !isCalendarDay(endDate) || startDate <= endDate,
      'start_after_end',
    ),
    ['endDate'],
  ),
);
export type WorkInput = v.InferOutput<typeof workSchema>;

/** A target in percent: a whole number from 1 to 100, or null (none). */
const targetField = v.optional(
  v.nullable(
    v.pipe(
      v.number('invalid_value'),
      v.integer('invalid_value'),
      v.minValue(1, 'invalid_value'),
      v.maxValue(100, 'invalid_value'),
    ),
  ),
);

export const contractSchema = v.object({
  name: requiredText(NAME_MAX),
  description: requiredText(DESCRIPTION_MAX),
  base: idField,
  work: idField,
  /** Reports per day per reporter: a whole number above 0 (spec §5). */
  reportingGoal: v.pipe(
    requiredValue,
    v.number('invalid_value'),
    v.integer('invalid_value'),
    v.gtValue(MIN_REPORTING_GOAL_EXCLUSIVE, 'must_be_positive'),
    v.maxValue(100_000, 'invalid_value'),
  ),
  reportingPeriod: choiceField(REPORTING_PERIODS),
  /** Hours per weekday (work-schedule.ts); left out, a new contract gets the default and an edit keeps its own. */
  workSchedule: v.optional(workScheduleSchema),
  /**
   * Targets in percent, 1–100 (docs/dashboards.md, "Targets"): the value-adding share and the
   * reporting compliance its charts are drawn against; null clears one, left out an edit keeps it.
   */
  valueAddingTarget: targetField,
  complianceTarget: targetField,
  isActive: statusField,
});
export type ContractInput = v.InferOutput<typeof contractSchema>;

/** PATCH /api/<entity>/:id/status */
export const statusSchema = v.object({ isActive: statusField });
export type StatusInput = v.InferOutput<typeof statusSchema>;

/**
 * What deactivating a record hides (spec §4, "deactivating affects related data"): for each
 * kind of record that hangs from it, how many are active now (with all their other
 * ancestors) and stop showing — in lists, selects, the app's catalogue, and for users, their
 * sign-in — until it is active again. Nothing is written; kinds with none are left out.
 */
export const deactivationImpactSchema = v.object({
  hides: v.array(v.object({ entity: v.picklist(ENTITIES), count: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
});
export type DeactivationImpact = v.InferOutput<typeof deactivationImpactSchema>;
