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

/** `?classification=` of an occurrence's impact: the class it would move to. */
export const occurrenceImpactQuerySchema = v.object({
  classification: v.picklist(OCCURRENCE_CLASSIFICATIONS, 'invalid_value'),
});

const shares = v.object({ valueAdding: v.number(), hiddenWaste: v.number(), evidentWaste: v.number() });

/**
 * What moving an occurrence to another class would change (GET /api/occurrences/:id/impact):
 * its observations and the contracts they are in, and each contract's three shares (of
 * workers seen, so of HH) before and after. Nothing is written.
 */
export const occurrenceImpactSchema = v.object({
  observations: v.pipe(v.number(), v.integer()),
  contracts: v.pipe(v.number(), v.integer()),
  shares: v.array(
    v.object({
      contract: v.pipe(v.number(), v.integer()),
      contractName: v.string(),
      observations: v.pipe(v.number(), v.integer()),
      before: shares,
      after: shares,
    }),
  ),
});
export type OccurrenceImpact = v.InferOutput<typeof occurrenceImpactSchema>;
