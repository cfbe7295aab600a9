import * as v from 'valibot';
import { MEASURE_UNITS } from '../lists.js';
import type { CatalogueEntity } from '../hierarchy.js';
import { NAME_MAX, choiceField, dateField, idField, requiredText, requiredValue, statusField } from './organisation.js';

/**
 * Forms of a contract's catalogue (spec §3, §5), shared by the Management screens and the
 * server: name, contract and the parent of each level required; an activity's numbers
 * positive and its start not after its end.
 */

/** Largest planned man-hours and quantity an activity takes (the columns hold more). */
export const PLANNED_MAX = 1_000_000_000;

/** A number above 0 (planned man-hours, planned quantity). */
const positiveNumber = v.pipe(
  requiredValue,
  v.number('invalid_value'),
  v.finite('invalid_value'),
  v.gtValue(0, 'must_be_positive'),
  v.maxValue(PLANNED_MAX, 'invalid_value'),
);

const named = { name: requiredText(NAME_MAX), contract: idField, isActive: statusField };

export const disciplineSchema = v.object({ ...named });
export type DisciplineInput = v.InferOutput<typeof disciplineSchema>;

export const areaSchema = v.object({ ...named, discipline: idField });
export type AreaInput = v.InferOutput<typeof areaSchema>;

export const localSchema = v.object({ ...named, area: idField });
export type LocalInput = v.InferOutput<typeof localSchema>;

export const blockSchema = v.object({ ...named, local: idField });
export type BlockInput = v.InferOutput<typeof blockSchema>;

export const packageSchema = v.object({ ...named, block: idField });
export type PackageInput = v.InferOutput<typeof packageSchema>;

export const functionSchema = v.object({ ...named });
export type FunctionInput = v.InferOutput<typeof functionSchema>;

export const equipmentSchema = v.object({
  company: requiredText(NAME_MAX),
  type: requiredText(NAME_MAX),
  specification: requiredText(NAME_MAX),
  contract: idField,
  isActive: statusField,
});
export type EquipmentInput = v.InferOutput<typeof equipmentSchema>;

/** A real date of the form; a malformed one already has its own issue. */
const isDay = (value: unknown): value is string => typeof value === 'string' && v.is(dateField, value);

export const activitySchema = v.pipe(
  v.object({
    ...named,
    area: idField,
    local: idField,
    block: idField,
    package: idField,
    measureUnit: choiceField(MEASURE_UNITS),
    hhCount: positiveNumber,
    quantity: positiveNumber,
    startDate: dateField,
    endDate: dateField,
  }),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      ({ startDate, endDate }) => !isDay(startDate) || !isDay(endDate) || startDate <= endDate,
      'start_after_end',
    ),
    ['endDate'],
  ),
);
export type ActivityInput = v.InferOutput<typeof activitySchema>;

/**
 * Each catalogue entity's form, by entity: what its server resource validates and its
 * screen's form submits. A record known by its name alone needs nothing more of its own
 * (server/src/resources/named.ts, remote-management's module.tsx).
 */
export const CATALOGUE_SCHEMAS = {
  discipline: disciplineSchema,
  area: areaSchema,
  local: localSchema,
  block: blockSchema,
  package: packageSchema,
  activity: activitySchema,
  function: functionSchema,
  equipment: equipmentSchema,
} as const satisfies Record<CatalogueEntity, v.GenericSchema>;
