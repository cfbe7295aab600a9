import { sql } from 'drizzle-orm';
import { baseSchema } from '@canteiro/shared/domain';
import type { BaseInput } from '@canteiro/shared/domain';
import { bases } from '../db/schema/organisation.js';
import { basesScope } from '../scope.js';
import { levelAccess } from '../crud/access.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ResourceDefinition } from '../crud/resource.js';
import { resourceRoutes } from '../crud/resource.js';
import { HEADERS, listLabel } from './labels.js';
import type { BaseItem } from '@canteiro/shared/domain';

/** GET/POST /api/bases, the top of the hierarchy (spec §3). */

export const basesResource: ResourceDefinition<BaseItem, BaseInput> = {
  name: 'bases',
  read: {
    table: bases,
    from: sql`${bases}`,
    columns: columnList({
      id: bases.id,
      name: bases.name,
      state: bases.state,
      isActive: bases.isActive,
      createdAt: isoTimestamp(bases.createdAt),
    }),
    search: [bases.name],
    sorts: {
      name: textSort(bases.name),
      state: textSort(bases.state),
      createdAt: valueSort(bases.createdAt, 'timestamptz'),
    },
    defaultSort: { key: 'name', order: 'asc' },
    scope: basesScope,
    // No ancestor: never inactive through one.
    ancestorsActive: sql`true`,
    optionLabel: bases.name,
  },
  // Admins create and (de)activate bases; a base user may edit its own.
  access: levelAccess('base'),
  write: {
    table: bases,
    entity: 'bases',
    createSchema: baseSchema,
    duplicates: { bases_name_unique: { code: 'duplicate_base_name', field: 'name' } },
    values: ({ name, state, isActive }) => ({ name, state, isActive }),
  },
  export: {
    fileName: { 'pt-BR': 'bases', 'en-US': 'bases' },
    columns: [
      { header: HEADERS.id, value: (base) => base.id },
      { header: HEADERS.name, value: (base) => base.name },
      {
        header: { 'pt-BR': 'Estado', 'en-US': 'State' },
        value: (base, locale) => listLabel('state', base.state, locale),
      },
      { header: HEADERS.isActive, value: (base) => base.isActive },
      { header: HEADERS.createdAt, value: (base) => base.createdAt, format: 'datetime' },
    ],
  },
};

export const basesRoutes = resourceRoutes(basesResource);
