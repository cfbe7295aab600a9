import { sql } from 'drizzle-orm';
import { workSchema } from '@canteiro/shared/domain';
import type { WorkInput } from '@canteiro/shared/domain';
import { bases, works } from '../db/schema/organisation.js';
import { worksScope } from '../scope.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoDate, isoTimestamp } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import type { WorkItem } from '@canteiro/shared/domain';

/** /api/works: a construction site (obra) of a base. */

export const worksResource: ApiResource<WorkItem, WorkInput> = {
  entity: 'work',
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
  // Access from the declaration: admins and base users create and (de)activate works; a work user may edit its own.
  write: {
    table: works,
    createSchema: workSchema,
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
      { header: 'id', value: (work) => work.id },
      { header: 'name', value: (work) => work.name },
      { header: 'prj', value: (work) => work.prj },
      { header: 'description', value: (work) => work.description },
      { header: 'base', value: (work) => work.baseName },
      { header: 'startDate', value: (work) => work.startDate, format: 'date' },
      { header: 'endDate', value: (work) => work.endDate, format: 'date' },
      { header: 'isActive', value: (work) => work.isActive },
      { header: 'parentInactive', value: (work) => work.parentInactive },
      { header: 'createdAt', value: (work) => work.createdAt, format: 'datetime' },
    ],
  },
};
