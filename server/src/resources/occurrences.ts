import { sql } from 'drizzle-orm';
import { OCCURRENCE_CATEGORIES, OCCURRENCE_CLASSIFICATIONS, occurrenceSchema } from '@canteiro/shared/domain';
import type { OccurrenceInput } from '@canteiro/shared/domain';
import { occurrences } from '../db/schema/catalogue.js';
import { adminOnly, anyWebLevel, declaredAccess } from '../crud/access.js';
import { textSort } from '../crud/list-query.js';
import { columnList } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import { listLabel } from './labels.js';
import type { OccurrenceItem } from '@canteiro/shared/domain';

/** /api/occurrences: the global list of what a crew may be seen doing; admins manage it. */

export const occurrencesResource: ApiResource<OccurrenceItem, OccurrenceInput> = {
  entity: 'occurrence',
  read: {
    table: occurrences,
    from: sql`${occurrences}`,
    columns: columnList({
      id: occurrences.id,
      name: occurrences.name,
      category: occurrences.category,
      classification: occurrences.classification,
      isActive: occurrences.isActive,
    }),
    search: [occurrences.name],
    sorts: {
      name: textSort(occurrences.name),
      category: textSort(occurrences.category),
      classification: textSort(occurrences.classification),
    },
    defaultSort: { key: 'name', order: 'asc' },
    filters: {
      category: { column: occurrences.category, values: OCCURRENCE_CATEGORIES },
      classification: { column: occurrences.classification, values: OCCURRENCE_CLASSIFICATIONS },
    },
    // Not tied to any base: the same list for every contract.
    scope: () => undefined,
    optionLabel: occurrences.name,
  },
  // The screen is admin only (spec §2); the options feed every level's report filters.
  access: { ...declaredAccess('occurrence'), read: adminOnly, options: anyWebLevel },
  write: {
    table: occurrences,
    createSchema: occurrenceSchema,
    values: ({ name, category, classification, isActive }) => ({ name, category, classification, isActive }),
  },
  export: {
    fileName: { 'pt-BR': 'ocorrencias', 'en-US': 'occurrences' },
    columns: [
      { header: 'id', value: (occurrence) => occurrence.id },
      { header: 'name', value: (occurrence) => occurrence.name },
      {
        header: 'category',
        value: (occurrence, locale) => listLabel('category', occurrence.category, locale),
      },
      {
        header: 'classification',
        value: (occurrence, locale) => listLabel('classification', occurrence.classification, locale),
      },
      { header: 'isActive', value: (occurrence) => occurrence.isActive },
    ],
  },
};
