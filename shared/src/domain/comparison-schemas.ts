import * as v from 'valibot';
import { PROFILES } from './permission.js';

/**
 * Comparisons of two periods (DOMAIN.md §5): a share's difference, and the annotation that
 * carries one (annotations.ts). Apart from dashboards.ts, which lists both in its answers.
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const day = v.pipe(v.string(), v.isoDate());

/** A share's change against the period before (DOMAIN.md §5): after − before, its 95 % interval; `real` when that excludes 0. */
export const shareDifferenceSchema = v.object({
  difference: v.number(),
  low: v.number(),
  high: v.number(),
  real: v.boolean(),
});

/** One side of the comparison: its days, its value-adding share (null without HH) and its sample. */
const windowSchema = v.object({ from: day, to: day, share: v.nullable(v.number()), workers: v.number() });

/**
 * An event marked on a contract's time axis (annotations.ts, docs/dashboards.md "Annotations"),
 * as `GET /api/annotations` and project health list it.
 */
export const annotationSchema = v.object({
  id,
  contract: id,
  from: day,
  to: day,
  label: v.string(),
  /** Who wrote it, at their level now (who may remove it: annotations.ts `mayChangeAnnotation`). */
  author: v.object({ id, name: v.string(), profile: v.picklist(PROFILES) }),
  createdAt: v.string(),
  updatedAt: v.string(),
  /**
   * The value-adding share before and after (annotations.ts `annotationWindows`), under the filters of the
   * request but its days, and the change's 95 % interval; null where either share is.
   */
  comparison: v.object({
    days: v.number(),
    before: windowSchema,
    after: windowSchema,
    change: v.nullable(shareDifferenceSchema),
  }),
});
export type Annotation = v.InferOutput<typeof annotationSchema>;
