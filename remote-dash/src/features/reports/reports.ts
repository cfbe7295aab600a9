import { activenessColors, activityStatusColors, formatDate } from '@canteiro/shared/core';
import type { ActivityReportItem, EquipmentReportItem, QuantityReportItem, ReportItem } from '@canteiro/shared/domain';
import type { ColumnDefinition, TagColors } from '@canteiro/shared/ui';
import { formatNumber } from '@canteiro/shared/ui';
import type { ReportDefinition } from './report-screen';

/** The theme's three tones (good, watch, bad: 4.5:1 or more), for what a crew's or a machine's time was. */
const GOOD: TagColors = activityStatusColors.finished;
const WATCH: TagColors = activenessColors.inactiveByParent;
const BAD: TagColors = activityStatusColors.late;
export const occurrenceClassificationColors = { value_adding: GOOD, hidden_waste: WATCH, evident_waste: BAD };
export const equipmentClassificationColors = { working: GOOD, idle: WATCH, down: BAD };

/**
 * The columns shared by the three lists. What identifies a row fits at 1064 px (site day and hour,
 * activity and what was seen); package, place and reporter are shown by default on wide windows
 * (`wide`), and the column chooser says when they are hidden. Notes are offered by the chooser.
 */
const whenColumn: ColumnDefinition<ReportItem> = {
  key: 'localDate',
  titleKey: 'dash:columns.when',
  width: 150,
  sortKey: 'reportTime',
  render: (row) => `${formatDate(row.localDate)} ${row.localTime}`,
};
const reporterColumn: ColumnDefinition<ReportItem> = {
  key: 'userName',
  titleKey: 'fields:reporter',
  sortKey: 'userName',
  wide: true,
};
const named = (key: string, titleKey: string, wide = false): ColumnDefinition<ReportItem> => ({
  key,
  titleKey,
  sortKey: key,
  ...(wide ? { wide } : {}),
});
/** What the reporter wrote: offered by the column chooser, in the drawer always (the search reads it). */
const writtenColumn = (key: 'notes' | 'reportInfo'): ColumnDefinition<ReportItem> => ({
  key,
  titleKey: `fields:${key}`,
  optional: true,
});

/** The detail's first and last fields, shared by the three lists: the device's id, the instant, the reporter. */
const idField: ColumnDefinition<ReportItem> = { key: 'id', titleKey: 'fields:id' };
const whenField: ColumnDefinition<ReportItem> = { ...whenColumn, sortKey: undefined };
const reporterField: ColumnDefinition<ReportItem> = { key: 'userName', titleKey: 'fields:reporter' };
const field = (key: string, titleKey = `fields:${key}`): ColumnDefinition<ReportItem> => ({ key, titleKey });
/** A row in a few words: its site day, hour and activity. */
const describeRow = (row: ReportItem & { activityName: string }) =>
  `${formatDate(row.localDate)} ${row.localTime} · ${row.activityName}`;

/** The classification as the list shows it: its coloured tag. */
const classification = (
  colors: Readonly<Record<string, TagColors>>,
  labelPrefix: string,
): ColumnDefinition<ReportItem> => ({
  key: 'classification',
  titleKey: 'fields:classification',
  tags: { colors, labelPrefix },
});

export const activityReport: ReportDefinition<ActivityReportItem> = {
  endpoint: 'reports/activity',
  titleKey: 'common:routes.activityReport.title',
  columns: [
    whenColumn,
    named('packageName', 'fields:package', true),
    named('localName', 'fields:local', true),
    named('activityName', 'fields:activity'),
    named('functionName', 'fields:function'),
    named('occurrenceName', 'fields:occurrence'),
    {
      key: 'classification',
      titleKey: 'fields:classification',
      width: 135,
      sortKey: 'classification',
      tags: { colors: occurrenceClassificationColors, labelPrefix: 'lists:classification.' },
    },
    {
      key: 'quantity',
      titleKey: 'dash:columns.workers',
      width: 100,
      align: 'right',
      format: 'number',
      sortKey: 'quantity',
    },
    reporterColumn,
    {
      key: 'isScheduled',
      titleKey: 'fields:isScheduled',
      width: 110,
      render: (row, t) => t(row.isScheduled ? 'kit:yes' : 'kit:no'),
      wide: true,
    },
    writtenColumn('notes'),
    writtenColumn('reportInfo'),
  ] as ColumnDefinition<ActivityReportItem>[],
  detail: [
    whenField,
    field('packageName', 'fields:package'),
    field('localName', 'fields:local'),
    field('activityName', 'fields:activity'),
    field('functionName', 'fields:function'),
    field('occurrenceName', 'fields:occurrence'),
    classification(occurrenceClassificationColors, 'lists:classification.'),
    { key: 'quantity', titleKey: 'dash:columns.workers', format: 'number' },
    field('notes'),
    field('reportInfo'),
    {
      key: 'isScheduled',
      titleKey: 'fields:isScheduled',
      render: (row, t) => t(row.isScheduled ? 'kit:yes' : 'kit:no'),
    },
    reporterField,
    idField,
  ] as ColumnDefinition<ActivityReportItem>[],
  describe: describeRow,
};

export const equipmentReport: ReportDefinition<EquipmentReportItem> = {
  endpoint: 'reports/equipment',
  titleKey: 'dash:routes.equipmentReport.title',
  columns: [
    whenColumn,
    named('packageName', 'fields:package', true),
    named('areaName', 'fields:area', true),
    named('activityName', 'fields:activity'),
    named('equipmentName', 'fields:equipment'),
    named('company', 'fields:company'),
    {
      key: 'classification',
      titleKey: 'fields:classification',
      width: 135,
      sortKey: 'classification',
      tags: { colors: equipmentClassificationColors, labelPrefix: 'lists:equipmentClassification.' },
    },
    reporterColumn,
    writtenColumn('notes'),
  ] as ColumnDefinition<EquipmentReportItem>[],
  detail: [
    whenField,
    field('packageName', 'fields:package'),
    field('areaName', 'fields:area'),
    field('activityName', 'fields:activity'),
    field('equipmentName', 'fields:equipment'),
    field('company'),
    classification(equipmentClassificationColors, 'lists:equipmentClassification.'),
    field('notes'),
    reporterField,
    idField,
  ] as ColumnDefinition<EquipmentReportItem>[],
  describe: describeRow,
};

export const quantityReport: ReportDefinition<QuantityReportItem> = {
  endpoint: 'reports/quantity',
  titleKey: 'dash:routes.quantityReport.title',
  columns: [
    whenColumn,
    named('packageName', 'fields:package'),
    named('areaName', 'fields:area', true),
    named('activityName', 'fields:activity'),
    {
      key: 'quantity',
      titleKey: 'fields:producedQuantity',
      width: 170,
      align: 'right',
      sortKey: 'quantity',
      render: (row) => `${formatNumber(row.quantity)} ${row.unity}`,
    },
    reporterColumn,
  ] as ColumnDefinition<QuantityReportItem>[],
  detail: [
    whenField,
    field('packageName', 'fields:package'),
    field('areaName', 'fields:area'),
    field('activityName', 'fields:activity'),
    { key: 'quantity', titleKey: 'fields:producedQuantity', format: 'number' },
    field('unity'),
    reporterField,
    idField,
  ] as ColumnDefinition<QuantityReportItem>[],
  describe: describeRow,
};
