import * as v from 'valibot';
import { OCCURRENCE_CATEGORIES, OCCURRENCE_CLASSIFICATIONS } from '../lists.js';
import { NAME_MAX, choiceField, requiredText, statusField } from './organisation.js';

/** The global list of what a crew can be seen doing (DOMAIN.md §2); admin only. */
export const occurrenceSchema = v.object({
  name: requiredText(NAME_MAX),
  category: choiceField(OCCURRENCE_CATEGORIES),
  classification: choiceField(OCCURRENCE_CLASSIFICATIONS),
  isActive: statusField,
});
export type OccurrenceInput = v.InferOutput<typeof occurrenceSchema>;
