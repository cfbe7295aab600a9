import { activityStatusColors } from '@canteiro/shared/core';
import { ACTIVITY_STATUSES, MEASURE_UNITS, activitySchema } from '@canteiro/shared/domain';
import type { ActivityItem } from '@canteiro/shared/domain';
import { formatNumber, parentFields } from '@canteiro/shared/ui';
import { activenessField, catalogueResource, nameColumn, nameField, parentColumn } from './catalogue-resource';

/**
 * A planned activity (spec §3, §4): under an area, local, block and package chosen in cascade;
 * its status (finished, in term, late) as a coloured tag, filtered by; finish and reopen,
 * each with its own confirmation.
 */
export const activityResource = catalogueResource<ActivityItem>('activity', {
  // What tells one activity from another and where it stands fits at 1064 px beside the
  // actions; its local and planned numbers join on wide windows, and the column chooser says
  // they are hidden (three "Armação de vigas" differ by their place). Area, block and package
  // are offered by the chooser.
  columns: [
    nameColumn,
    { ...parentColumn('area'), width: 160, optional: true },
    { ...parentColumn('local'), width: 180, wide: true },
    { ...parentColumn('block'), width: 160, optional: true },
    { ...parentColumn('package'), width: 160, optional: true },
    {
      key: 'status',
      titleKey: 'fields:status',
      width: 115,
      sortKey: 'status',
      tags: { colors: activityStatusColors, labelPrefix: 'lists:activityStatus.' },
    },
    { key: 'endDate', titleKey: 'fields:endDate', width: 110, format: 'date', sortKey: 'endDate' },
    {
      key: 'hhCount',
      titleKey: 'fields:hhCountShort',
      width: 80,
      align: 'right',
      format: 'number',
      sortKey: 'hhCount',
      wide: true,
    },
    {
      key: 'quantity',
      titleKey: 'fields:quantityShort',
      width: 125,
      align: 'right',
      sortKey: 'quantity',
      render: (item) => `${formatNumber(item.quantity)} ${item.measureUnit}`,
      wide: true,
    },
  ],
  filters: [
    {
      param: 'status',
      labelKey: 'fields:status',
      options: ACTIVITY_STATUSES,
      optionLabelPrefix: 'lists:activityStatus.',
    },
  ],
  fields: [
    nameField,
    ...parentFields('activity', { except: ['contract'] }),
    {
      name: 'measureUnit',
      labelKey: 'fields:measureUnit',
      kind: 'select',
      options: MEASURE_UNITS,
      optionLabelPrefix: 'lists:measureUnit.',
    },
    { name: 'hhCount', labelKey: 'fields:hhCount', kind: 'number', half: true },
    { name: 'quantity', labelKey: 'fields:quantity', kind: 'number', half: true },
    { name: 'startDate', labelKey: 'fields:startDate', kind: 'date', half: true },
    { name: 'endDate', labelKey: 'fields:endDate', kind: 'date', half: true },
    activenessField,
  ],
  createSchema: activitySchema,
  rowActions: [
    {
      key: 'finish',
      labelKey: 'actions.finish.label',
      shown: (item) => !item.isFinished,
      confirmTitleKey: 'actions.finish.confirm',
      confirmTextKey: 'actions.finish.text',
      successKey: 'actions.finish.done',
      call: { method: 'post', path: 'finish' },
    },
    {
      key: 'reopen',
      labelKey: 'actions.reopen.label',
      shown: (item) => item.isFinished,
      confirmTitleKey: 'actions.reopen.confirm',
      confirmTextKey: 'actions.reopen.text',
      successKey: 'actions.reopen.done',
      call: { method: 'post', path: 'reopen' },
    },
  ],
});
