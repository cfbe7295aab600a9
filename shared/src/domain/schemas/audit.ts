import * as v from 'valibot';
import { ENTITIES, HIERARCHY } from '../hierarchy.js';
import { dayParam } from './filters.js';

/**
 * The audit trail's screen (/admin/audit, admins): who changed what, when. Each entry names
 * its record by the table the hierarchy gives it (`HIERARCHY[entity].endpoint`: `users`,
 * `packages`…) and carries the fields that changed, before and after.
 */

/** The entities an entry can name (`?entity=`): the hierarchy's tables, and the dashboards' annotations. */
export const AUDIT_ENTITIES = [...ENTITIES.map((entity) => HIERARCHY[entity].endpoint), 'annotations'];

/** Its actions: the kit's writes, the row actions, and the account's own. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'status',
  'finish',
  'reopen',
  'picture',
  'change_password',
  'delete',
] as const;

/** `?from=&to=`: site days, `to` included; an empty value is no bound. */
export const auditDatesSchema = v.pipe(
  v.unknown(),
  v.transform((input) =>
    input && typeof input === 'object'
      ? Object.fromEntries(
          Object.entries(input).filter(([key, value]) => (key === 'from' || key === 'to') && value !== ''),
        )
      : input,
  ),
  v.object({ from: v.optional(dayParam), to: v.optional(dayParam) }),
  v.forward(
    v.partialCheck([['from'], ['to']], ({ from, to }) => !from || !to || from <= to, 'from_after_to'),
    ['from'],
  ),
);

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const fields = v.nullable(v.record(v.string(), v.unknown()));

export const auditEntryItemSchema = v.object({
  id,
  /** The instant of the write (ISO 8601, UTC). */
  at: v.pipe(v.string(), v.isoTimestamp()),
  /** Who wrote it (null: an account since deleted, or the first admin's own creation). */
  actor: v.nullable(id),
  actorName: v.nullable(v.string()),
  action: v.string(),
  entity: v.string(),
  entityId: v.nullable(id),
  /** The fields that changed: before (null on a creation) and after; secrets as "[redacted]". */
  changes: v.nullable(v.object({ before: fields, after: fields })),
});
export type AuditEntryItem = v.InferOutput<typeof auditEntryItemSchema>;
