import * as v from 'valibot';
import { ACTIVITY_STATUSES } from './lists.js';
import type { Entity } from './hierarchy.js';
import { workScheduleSchema } from './schemas/work-schedule.js';

/**
 * The shape of each item as the API answers it (lists, reads, writes, report lists): one
 * valibot schema per item, from which the screens' types are inferred and the server's
 * OpenAPI description is generated (server/src/openapi). The server suite checks every
 * answer it receives against that description, so these shapes cannot drift from the SQL.
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** ISO 8601 instant in UTC (`2026-01-12T10:00:00.000Z`). */
const instant = v.pipe(v.string(), v.isoTimestamp());
/** A calendar day, `YYYY-MM-DD`. */
const day = v.pipe(v.string(), v.isoDate());
const name = v.string();
const nullableName = v.nullable(v.string());

/** The flags every record of the hierarchy carries. */
const state = {
  isActive: v.boolean(),
  createdAt: instant,
  /** An ancestor (base, work or contract) is inactive; a base has none: always false. */
  parentInactive: v.boolean(),
};

export const baseItemSchema = v.object({ id, name, state: v.string(), ...state });
export type BaseItem = v.InferOutput<typeof baseItemSchema>;

export const workItemSchema = v.object({
  id,
  name,
  prj: v.string(),
  description: v.string(),
  base: id,
  baseName: name,
  startDate: day,
  endDate: day,
  ...state,
});
export type WorkItem = v.InferOutput<typeof workItemSchema>;

export const contractItemSchema = v.object({
  id,
  name,
  description: v.string(),
  base: id,
  baseName: name,
  work: id,
  workName: name,
  reportingGoal: v.pipe(v.number(), v.integer()),
  reportingPeriod: v.pipe(v.number(), v.integer()),
  workSchedule: workScheduleSchema,
  /** Percent 1–100, or null: none set. */
  valueAddingTarget: v.nullable(v.pipe(v.number(), v.integer())),
  complianceTarget: v.nullable(v.pipe(v.number(), v.integer())),
  ...state,
});
export type ContractItem = v.InferOutput<typeof contractItemSchema>;

export const occurrenceItemSchema = v.object({
  id,
  name,
  category: v.string(),
  classification: v.string(),
  isActive: v.boolean(),
});
export type OccurrenceItem = v.InferOutput<typeof occurrenceItemSchema>;

export const userItemSchema = v.object({
  id,
  firstName: nullableName,
  email: v.string(),
  permission: v.string(),
  base: v.nullable(id),
  baseName: nullableName,
  work: v.nullable(id),
  workName: nullableName,
  contract: v.nullable(id),
  contractName: nullableName,
  /** URL of GET /api/users/{id}/picture, or null. */
  profilePicture: v.nullable(v.string()),
  firstAccess: v.boolean(),
  ...state,
});
export type UserItem = v.InferOutput<typeof userItemSchema>;

export const surveyItemSchema = v.object({
  id,
  user: id,
  userName: nullableName,
  reportTime: instant,
  experience: v.pipe(v.number(), v.integer()),
  usability: v.pipe(v.number(), v.integer()),
  resources: v.pipe(v.number(), v.integer()),
  suggestions: v.nullable(v.string()),
});
export type SurveyItem = v.InferOutput<typeof surveyItemSchema>;

/** What every record of a contract's catalogue carries (Management, spec §3). */
const catalogueItem = { id, contract: id, contractName: name, ...state };

export const disciplineItemSchema = v.object({ ...catalogueItem, name });
export type DisciplineItem = v.InferOutput<typeof disciplineItemSchema>;

export const areaItemSchema = v.object({ ...catalogueItem, name, discipline: id, disciplineName: name });
export type AreaItem = v.InferOutput<typeof areaItemSchema>;

export const localItemSchema = v.object({ ...catalogueItem, name, area: id, areaName: name });
export type LocalItem = v.InferOutput<typeof localItemSchema>;

export const blockItemSchema = v.object({ ...catalogueItem, name, local: id, localName: name });
export type BlockItem = v.InferOutput<typeof blockItemSchema>;

export const packageItemSchema = v.object({ ...catalogueItem, name, block: id, blockName: name });
export type PackageItem = v.InferOutput<typeof packageItemSchema>;

export const activityItemSchema = v.object({
  ...catalogueItem,
  name,
  area: id,
  areaName: name,
  local: id,
  localName: name,
  block: id,
  blockName: name,
  package: id,
  packageName: name,
  measureUnit: v.string(),
  hhCount: v.number(),
  quantity: v.number(),
  startDate: day,
  endDate: day,
  /** Planned days, both ends included. */
  term: v.pipe(v.number(), v.integer()),
  isFinished: v.boolean(),
  /** Derived when read, on the site's clock (DOMAIN.md §3). */
  status: v.picklist(ACTIVITY_STATUSES),
});
export type ActivityItem = v.InferOutput<typeof activityItemSchema>;

export const functionItemSchema = v.object({ ...catalogueItem, name });
export type FunctionItem = v.InferOutput<typeof functionItemSchema>;

export const equipmentItemSchema = v.object({
  ...catalogueItem,
  company: v.string(),
  type: v.string(),
  specification: v.string(),
});
export type EquipmentItem = v.InferOutput<typeof equipmentItemSchema>;

/** `GET /api/<entity>/options`: what a select offers, sorted by name. */
export const optionSchema = v.object({ id, name });
export type OptionItem = v.InferOutput<typeof optionSchema>;

/* The report lists (GET /api/reports/{activity,equipment,quantity}, docs/reports.md). */

/** What every report row carries: the device's id, its contract, the instant (UTC) and its site day and time, the reporter (docs/reports.md "Items"). */
const reportItem = {
  id: v.pipe(v.string(), v.uuid()),
  contract: id,
  reportTime: instant,
  localDate: day,
  /** `HH:MM` on the site's clock. */
  localTime: v.string(),
  user: id,
  userName: nullableName,
};

export const reportItemSchema = v.object(reportItem);
export type ReportItem = v.InferOutput<typeof reportItemSchema>;

export const activityReportItemSchema = v.object({
  ...reportItem,
  package: id,
  packageName: name,
  local: id,
  localName: name,
  activity: id,
  activityName: name,
  function: id,
  functionName: name,
  occurrence: id,
  occurrenceName: name,
  classification: v.string(),
  quantity: count,
  notes: v.nullable(v.string()),
  reportInfo: v.nullable(v.string()),
  isScheduled: v.boolean(),
});
export type ActivityReportItem = v.InferOutput<typeof activityReportItemSchema>;

/** Where an equipment or quantity row was seen: its package, area and activity, by id and name. */
const areaChain = {
  package: id,
  packageName: name,
  area: id,
  areaName: name,
  activity: id,
  activityName: name,
};

export const equipmentReportItemSchema = v.object({
  ...reportItem,
  ...areaChain,
  equipment: id,
  equipmentName: name,
  company: v.string(),
  classification: v.string(),
  notes: v.nullable(v.string()),
});
export type EquipmentReportItem = v.InferOutput<typeof equipmentReportItemSchema>;

export const quantityReportItemSchema = v.object({
  ...reportItem,
  ...areaChain,
  /** Up to three decimals. */
  quantity: v.number(),
  unity: v.string(),
});
export type QuantityReportItem = v.InferOutput<typeof quantityReportItemSchema>;

/**
 * What the rows a report list keeps add up to (GET /api/reports/<kind>/sums, docs/reports.md):
 * the rows, and for the activity rows the workers seen and their man-hours (workers × the
 * contract's reporting period), so a chart's figure opened as its rows can be checked.
 */
export const reportSumsSchema = v.object({
  rows: v.number(),
  /** Σ workers seen; null for equipment and quantity rows. */
  workers: v.nullable(v.number()),
  /** Σ HH; null for equipment and quantity rows. */
  hh: v.nullable(v.number()),
});
export type ReportSums = v.InferOutput<typeof reportSumsSchema>;

/** A page of a list: `GET /api/<entity>` and the report lists. */
export const pageSchema = <Item extends v.GenericSchema>(item: Item) =>
  v.object({ items: v.array(item), total: count, page: id, pageSize: id });

/** Each entity's item, as every answer of its resource holds it (server/src/crud/docs.ts). */
export const ITEM_SCHEMAS = {
  base: baseItemSchema,
  work: workItemSchema,
  contract: contractItemSchema,
  occurrence: occurrenceItemSchema,
  user: userItemSchema,
  survey: surveyItemSchema,
  discipline: disciplineItemSchema,
  area: areaItemSchema,
  local: localItemSchema,
  block: blockItemSchema,
  package: packageItemSchema,
  activity: activityItemSchema,
  function: functionItemSchema,
  equipment: equipmentItemSchema,
} as const satisfies Record<Entity, v.GenericSchema>;
