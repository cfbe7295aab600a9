import { sql } from 'drizzle-orm';
import { workSchema } from '@canteiro/shared/domain';
import type { WorkInput } from '@canteiro/shared/domain';
import { bases, works } from '../db/schema/organisation.js';
import { worksScope } from '../scope.js';
import { levelAccess } from '../crud/access.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoDate, isoTimestamp } from '../crud/reads.js';
import type { ResourceDefinition } from '../crud/resource.js';
import { resourceRoutes } from '../crud/resource.js';
import { HEADERS } from './labels.js';
import type { WorkItem } from '@canteiro/shared/domain';

/** /api/works: a construction site (obra) of a base. */

export const worksResource: ResourceDefinition<WorkItem, WorkInput> = {
  name: 'works',
  read: {
    table: works,
    from: sql`${works} join ${bases} on ${bases.id} = ${works.baseId}`,
    columns: columnList({
      id: works.id,
      name: works.name,
      prj: works.prj,
      description: works.description,
      base: works.baseId,
      baseName: bases.name,
      startDate: isoDate(works.startDate),
      endDate: isoDate(works.endDate),
      isActive: works.isActive,
      createdAt: isoTimestamp(works.createdAt),
    }),
    search: [works.name, works.prj],
    sorts: {
      name: textSort(works.name),
      prj: textSort(works.prj),
      baseName: textSort(bases.name),
      startDate: valueSort(works.startDate, 'date'),
      endDate: valueSort(works.endDate, 'date'),
      createdAt: valueSort(works.createdAt, 'timestamptz'),
    },
    defaultSort: { key: 'name', order: 'asc' },
    filters: { base: works.baseId },
    scope: worksScope,
    ancestorsActive: sql`${bases.isActive}`,
    optionLabel: works.name,
  },
  // Admins and base users create and (de)activate works; a work user may edit its own.
  access: levelAccess('work'),
  write: {
    table: works,
    entity: 'works',
    createSchema: workSchema,
    parents: ['base'],
    duplicates: {
      works_base_name_unique: { code: 'duplicate_work_name', field: 'name' },
      works_prj_unique: { code: 'duplicate_work_prj', field: 'prj' },
    },
    values: ({ name, prj, description, base, startDate, endDate, isActive }) => ({
      name,
      prj,
      description,
      baseId: base,
      startDate,
      endDate,
      isActive,
    }),
  },
  export: {
    fileName: { 'pt-BR': 'obras', 'en-US': 'works' },
    columns: [
      { header: HEADERS.id, value: (work) => work.id },
      { header: HEADERS.name, value: (work) => work.name },
      { header: { 'pt-BR': 'PRJ', 'en-US': 'PRJ' }, value: (work) => work.prj },
      { header: HEADERS.description, value: (work) => work.description },
      { header: HEADERS.base, value: (work) => work.baseName },
      { header: { 'pt-BR': 'Início', 'en-US': 'Start' }, value: (work) => work.startDate, format: 'date' },
      { header: { 'pt-BR': 'Término', 'en-US': 'End' }, value: (work) => work.endDate, format: 'date' },
      { header: HEADERS.isActive, value: (work) => work.isActive },
      { header: HEADERS.parentInactive, value: (work) => work.parentInactive },
      { header: HEADERS.createdAt, value: (work) => work.createdAt, format: 'datetime' },
    ],
  },
};

export const worksRoutes = resourceRoutes(worksResource);
