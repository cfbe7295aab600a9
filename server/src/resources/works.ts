import { workSchema } from '@canteiro/shared/domain';
import type { WorkInput, WorkItem } from '@canteiro/shared/domain';
import { works } from '../db/schema/organisation.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { isoDate } from '../crud/reads.js';
import { hierarchyResource } from './hierarchy-resource.js';

/**
 * /api/works: a construction site (obra) of a base. Access from the declaration: admins and
 * base users create and (de)activate works; a work user may edit its own.
 */
export const worksResource = hierarchyResource<WorkItem, WorkInput>('work', {
  columns: {
    name: works.name,
    prj: works.prj,
    description: works.description,
    startDate: isoDate(works.startDate),
    endDate: isoDate(works.endDate),
  },
  sorts: {
    name: textSort(works.name),
    prj: textSort(works.prj),
    startDate: valueSort(works.startDate, 'date'),
    endDate: valueSort(works.endDate, 'date'),
  },
  search: [works.name, works.prj],
  optionLabel: works.name,
  schema: workSchema,
  exportColumns: [
    { header: 'name', value: (work) => work.name },
    { header: 'prj', value: (work) => work.prj },
    { header: 'description', value: (work) => work.description },
    { header: 'base', value: (work) => work.baseName },
    { header: 'startDate', value: (work) => work.startDate, format: 'date' },
    { header: 'endDate', value: (work) => work.endDate, format: 'date' },
  ],
  fileName: { 'pt-BR': 'obras', 'en-US': 'works' },
});
