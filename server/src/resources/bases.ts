import { sql } from 'drizzle-orm';
import { baseSchema } from '@canteiro/shared/domain';
import type { BaseInput } from '@canteiro/shared/domain';
import { bases } from '../db/schema/organisation.js';
import { basesScope } from '../scope.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import { listLabel } from './labels.js';
import type { BaseItem } from '@canteiro/shared/domain';

/** GET/POST /api/bases, the top of the hierarchy (spec §3). */

export const basesResource: ApiResource<BaseItem, BaseInput> = {
  entity: 'base',
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
  // Access from the declaration: admins create and (de)activate bases; a base user may edit its own.
  write: {
    table: bases,
    createSchema: baseSchema,
    values: ({ name, state, isActive }) => ({ name, state, isActive }),
  },
  export: {
    fileName: { 'pt-BR': 'bases', 'en-US': 'bases' },
    columns: [
      { header: 'id', value: (base) => base.id },
      { header: 'name', value: (base) => base.name },
      {
        header: 'state',
        value: (base, locale) => listLabel('state', base.state, locale),
      },
      { header: 'isActive', value: (base) => base.isActive },
      { header: 'createdAt', value: (base) => base.createdAt, format: 'datetime' },
    ],
  },
};
