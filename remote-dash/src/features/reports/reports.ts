import { activenessColors, activityStatusColors, formatDate } from '@canteiro/shared/core';
import type { ColumnDefinition, TagColors } from '@canteiro/shared/ui';
import { formatNumber } from '@canteiro/shared/ui';
import type { ReportDefinition } from './report-screen';

/** What every report row carries (docs/reports.md "Items"): the device's id, the site's day and time, the reporter. */
interface Observed {
  id: string;
  contract: number;
  reportTime: string;
  localDate: string;
  localTime: string;
  user: number;
  userName: string | null;
}

export interface ActivityReportRow extends Observed {
  packageName: string;
  localName: string;
  activityName: string;
  functionName: string;
  occurrenceName: string;
  classification: string;
  quantity: number;
  isScheduled: boolean;
}

export interface EquipmentReportRow extends Observed {
  packageName: string;
  areaName: string;
  activityName: string;
  equipmentName: string;
  company: string;
  classification: string;
}

export interface QuantityReportRow extends Observed {
  packageName: string;
  areaName: string;
  activityName: string;
  quantity: number;
  unity: string;
}

/** The theme's three tones (good, watch, bad: 4.5:1 or more), for what a crew's or a machine's time was. */
const GOOD: TagColors = activityStatusColors.finished;
const WATCH: TagColors = activenessColors.inactiveByParent;
const BAD: TagColors = activityStatusColors.late;
export const occurrenceClassificationColors = { value_adding: GOOD, hidden_waste: WATCH, evident_waste: BAD };
export const equipmentClassificationColors = { working: GOOD, idle: WATCH, down: BAD };

/**
 * The columns shared by the three lists. What identifies a row fits at 1064 px (site day and hour,
 * activity and what was seen); package, place and reporter join on wide windows (`wide`).
 */
const whenColumn: ColumnDefinition<Observed> = {
  key: 'localDate',
  titleKey: 'dash:columns.when',
  width: 150,
  sortKey: 'reportTime',
  render: (row) => `${formatDate(row.localDate)} ${row.localTime}`,
};
const reporterColumn: ColumnDefinition<Observed> = {
  key: 'userName',
  titleKey: 'fields:reporter',
  sortKey: 'userName',
  wide: true,
};
const named = (key: string, titleKey: string, wide = false): ColumnDefinition<Observed> => ({
  key,
  titleKey,
  sortKey: key,
  ...(wide ? { wide } : {}),
});

export const activityReport: ReportDefinition<ActivityReportRow> = {
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
  ] as ColumnDefinition<ActivityReportRow>[],
};

export const equipmentReport: ReportDefinition<EquipmentReportRow> = {
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
  ] as ColumnDefinition<EquipmentReportRow>[],
};

export const quantityReport: ReportDefinition<QuantityReportRow> = {
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
  ] as ColumnDefinition<QuantityReportRow>[],
};
