import * as v from 'valibot';
import { PROFILES } from './permission.js';
import { workScheduleSchema } from './schemas/work-schedule.js';

/**
 * What the API answers besides items and dashboards (items.ts, dashboards.ts): the session,
 * the mobile app's batch result and catalogue, the node's health. Each a valibot schema, the
 * type inferred from it and the OpenAPI description generated from it (server/src/openapi).
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1));

/** The signed-in user as the spec names its fields (spec §3), stored under `user`. */
export const sessionUserSchema = v.object({
  id,
  email: v.string(),
  username: v.string(),
  first_name: v.optional(v.nullable(v.string())),
  /** URL of GET /api/users/{id}/picture, or null. */
  profile_picture: v.optional(v.nullable(v.string())),
  permission_set: v.object({
    value: v.picklist(PROFILES),
    label: v.string(),
    /** On a temporary password: only the password change, the sign-out and `me` answer (409 elsewhere). */
    first_access: v.optional(v.boolean()),
  }),
});
export type SessionUser = v.InferOutput<typeof sessionUserSchema>;

export const loginAnswerSchema = v.object({
  /** For `Authorization: Token <token>`. */
  token: v.string(),
  user: sessionUserSchema,
  /**
   * A mobile session's trusted-device token: the app keeps it per account and sends it as
   * `device` at its next sign-in (docs/ingestion.md). The browser gets it as a cookie instead.
   */
  device: v.optional(v.string()),
});
export type LoginResponse = v.InferOutput<typeof loginAnswerSchema>;

/** `{ user }`: GET /api/authentication/me and the password change. */
export const userAnswerSchema = v.object({ user: sessionUserSchema });

const uuid = v.pipe(v.string(), v.uuid());

/** What POST /api/mobile/reports answers. */
export const reportBatchAnswerSchema = v.object({
  /** Stored now. */
  accepted: v.array(uuid),
  /** Stored before (or earlier in this batch): nothing changed. */
  duplicates: v.array(uuid),
  /** Not stored; `index` is the row's position in the batch, `id` null when the row had no usable id. */
  rejected: v.array(
    v.object({
      id: v.nullable(uuid),
      index: v.pipe(v.number(), v.integer(), v.minValue(0)),
      code: v.string(),
      fields: v.optional(v.record(v.string(), v.string())),
    }),
  ),
});
export type ReportBatchAnswer = v.InferOutput<typeof reportBatchAnswerSchema>;

const named = { id, name: v.string() };

/** GET /api/mobile/catalogue?contract=: what the app's pickers offer, in effect active records only. */
export const mobileCatalogueSchema = v.object({
  contract: v.object({
    ...named,
    reportingPeriod: v.number(),
    reportingGoal: v.number(),
    workSchedule: workScheduleSchema,
  }),
  packages: v.array(v.object({ ...named, block: id, local: id, area: id })),
  locals: v.array(v.object({ ...named, area: id })),
  /** A package is named within its block ("Água fria" of Torre A and of Torre B): the picker shows both names. */
  blocks: v.array(v.object({ ...named, local: id })),
  areas: v.array(v.object(named)),
  activities: v.array(v.object({ ...named, package: id, local: id, area: id, measureUnit: v.string() })),
  functions: v.array(v.object(named)),
  equipment: v.array(v.object({ id, type: v.string(), specification: v.string(), company: v.string() })),
  occurrences: v.array(v.object({ ...named, category: v.string(), classification: v.string() })),
});
export type MobileCatalogue = v.InferOutput<typeof mobileCatalogueSchema>;
