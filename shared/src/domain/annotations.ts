import * as v from 'valibot';
import { annotationSchema } from './comparison-schemas.js';
import { grantableProfiles, isPermissionLevel } from './permission.js';
import type { Profile } from './permission.js';
import { addDays } from './schemas/filters.js';
import { dateField, idField, requiredText } from './schemas/organisation.js';

/**
 * Annotations (docs/dashboards.md, "Annotations"): an event marked on a contract's time axis —
 * "Falta de material", 10 to 14 October — drawn on every time axis of its dashboards, listed
 * in project health's answer, each with the before/after comparison of DOMAIN.md §5.
 */

/** Longest label: it is drawn on a chart. */
export const ANNOTATION_LABEL_MAX = 120;
/** Longest annotation, in days (a year: an event, not a period of the contract). */
export const ANNOTATION_DAYS_MAX = 366;
/** The most annotations an answer lists (the newest first kept): a chart holds no more. */
export const ANNOTATIONS_LISTED = 50;

const daysFrom = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const annotationDays = {
  from: dateField,
  to: dateField,
  label: requiredText(ANNOTATION_LABEL_MAX),
};

const inOrder = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;
const notTooLong = ({ from, to }: { from?: string; to?: string }) =>
  !from || !to || from > to || daysFrom(from, to) <= ANNOTATION_DAYS_MAX;

/** The body of `POST /api/annotations`; `from` ≤ `to` and at most a year, each reported on `to`. */
export const annotationInputSchema = v.pipe(
  v.strictObject({ contract: idField, ...annotationDays }),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, 'from_after_to'), ['to']),
  v.forward(v.partialCheck([['from'], ['to']], notTooLong, 'invalid_value'), ['to']),
);
export type AnnotationInput = v.InferOutput<typeof annotationInputSchema>;

/** The body of `PUT /api/annotations/:id`: its days and label (an annotation stays on its contract). */
export const annotationChangeSchema = v.pipe(
  v.strictObject(annotationDays),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, 'from_after_to'), ['to']),
  v.forward(v.partialCheck([['from'], ['to']], notTooLong, 'invalid_value'), ['to']),
);
export type AnnotationChange = v.InferOutput<typeof annotationChangeSchema>;

/**
 * The two windows an annotation is judged on (DOMAIN.md §5, "before/after an intervention"):
 * as many days before `from` as from `from` on, that many being the annotation's days rounded
 * up to whole weeks — the same weekdays on each side (a site's Saturday is not its Tuesday),
 * and the whole event inside the "after" one.
 */
export function annotationWindows(annotation: { from: string; to: string }): {
  days: number;
  before: { from: string; to: string };
  after: { from: string; to: string };
} {
  const days = Math.ceil(daysFrom(annotation.from, annotation.to) / 7) * 7;
  return {
    days,
    before: { from: addDays(annotation.from, -days), to: addDays(annotation.from, -1) },
    after: { from: annotation.from, to: addDays(annotation.from, days - 1) },
  };
}

/**
 * Who may change or remove an annotation (docs/dashboards.md): its author, or someone of a higher
 * level who sees its contract — an admin anyone's, as an admin manages everyone
 * (`grantableProfiles`). Seeing the contract is the server's check; this is the level's.
 */
export function mayChangeAnnotation(
  caller: { id: number; profile: string },
  author: { id: number; profile: string },
): boolean {
  if (caller.id === author.id) return true;
  return isPermissionLevel(caller.profile) && grantableProfiles(caller.profile).includes(author.profile as Profile);
}

/** `GET /api/annotations`: those of the contract that meet the filters' days, by `from`. */
export const annotationListSchema = v.object({ items: v.array(annotationSchema) });
export type AnnotationList = v.InferOutput<typeof annotationListSchema>;
