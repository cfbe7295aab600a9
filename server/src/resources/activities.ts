import { sql } from 'drizzle-orm';
import { ACTIVITY_STATUSES, activitySchema } from '@canteiro/shared/domain';
import type { ActivityInput, ActivityItem } from '@canteiro/shared/domain';
import { activities } from '../db/schema/catalogue.js';
import { activityLabel } from '../db/catalogue-labels.js';
import { anyWebLevel } from '../crud/access.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { isoDate } from '../crud/reads.js';
import type { RowAction } from '../crud/writes.js';
import { listLabel } from './labels.js';
import { hierarchyResource } from './hierarchy-resource.js';

/**
 * /api/activities: what a crew does, under an area, local, block and package of a contract,
 * with its plan (unit, man-hours, quantity, dates). Its `status` is computed when read, on
 * the sites' clock (SITE_TIME_ZONE): finished when finished, late when its end date is
 * before today there, in term otherwise. POST /:id/finish and /:id/reopen change it.
 */

/** finished | late | in_term, "today" being the date in `timeZone`. */
export const activityStatus = (timeZone: string) =>
  sql`(case when ${activities.isFinished} then 'finished'
    when ${activities.endDate} < (current_timestamp at time zone ${timeZone})::date then 'late'
    else 'in_term' end)`;

const isFinished = (item: Record<string, unknown>) => item.isFinished === true;

/** Finishing and reopening: anyone who keeps the catalogue, each from the other state only (spec §8). */
const finishing: RowAction[] = [
  {
    name: 'finish',
    access: anyWebLevel,
    precondition: { holds: (item) => !isFinished(item), code: 'activity_already_finished' },
    values: { isFinished: true },
  },
  {
    name: 'reopen',
    access: anyWebLevel,
    precondition: { holds: isFinished, code: 'activity_not_finished' },
    values: { isFinished: false },
  },
];

/** Numbers as JSON numbers (numeric columns reach JavaScript as text otherwise). */
const asNumber = (column: typeof activities.hhCount | typeof activities.quantity) => sql`cast(${column} as float8)`;

export function activitiesResource(timeZone: string) {
  const status = activityStatus(timeZone);
  return hierarchyResource<ActivityItem, ActivityInput>('activity', {
    columns: {
      name: activities.name,
      measureUnit: activities.measureUnit,
      hhCount: asNumber(activities.hhCount),
      quantity: asNumber(activities.quantity),
      startDate: isoDate(activities.startDate),
      endDate: isoDate(activities.endDate),
      term: activities.term,
      isFinished: activities.isFinished,
      status,
    },
    sorts: {
      name: textSort(activities.name),
      status: { expression: status, type: 'text' },
      term: valueSort(activities.term, 'integer'),
      startDate: valueSort(activities.startDate, 'date'),
      endDate: valueSort(activities.endDate, 'date'),
      hhCount: valueSort(activities.hhCount, 'numeric'),
      quantity: valueSort(activities.quantity, 'numeric'),
      measureUnit: textSort(activities.measureUnit),
    },
    search: [activities.name],
    optionLabel: activityLabel(),
    filters: { status: { column: status, values: ACTIVITY_STATUSES } },
    schema: activitySchema,
    exportColumns: [
      { header: 'name', value: (item) => item.name },
      { header: 'measureUnit', value: (item) => item.measureUnit },
      { header: 'hhCount', value: (item) => item.hhCount },
      { header: 'quantity', value: (item) => item.quantity },
      { header: 'startDate', value: (item) => item.startDate, format: 'date' },
      { header: 'endDate', value: (item) => item.endDate, format: 'date' },
      { header: 'term', value: (item) => item.term },
      { header: 'status', value: (item, locale) => listLabel('activityStatus', item.status, locale) },
    ],
    fileName: { 'pt-BR': 'atividades', 'en-US': 'activities' },
    actions: finishing,
    derived: ['term'],
  });
}
