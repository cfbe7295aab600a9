import { baseSchema } from '@canteiro/shared/domain';
import type { BaseInput, BaseItem } from '@canteiro/shared/domain';
import { bases } from '../db/schema/organisation.js';
import { textSort } from '../crud/list-query.js';
import { byName, hierarchyResource } from './hierarchy-resource.js';
import { listLabel } from './labels.js';

/**
 * /api/bases, the top of the hierarchy (spec §3). Access from the declaration: admins create
 * and (de)activate bases; a base user may edit its own.
 */
const named = byName<BaseItem>(bases.name);

export const basesResource = hierarchyResource<BaseItem, BaseInput>('base', {
  ...named,
  columns: { ...named.columns, state: bases.state },
  sorts: { ...named.sorts, state: textSort(bases.state) },
  schema: baseSchema,
  exportColumns: [
    ...named.exportColumns,
    { header: 'state', value: (base, locale) => listLabel('state', base.state, locale) },
  ],
  fileName: { 'pt-BR': 'bases', 'en-US': 'bases' },
});
