import type {
  ActivityReportItem,
  EquipmentReportItem,
  FieldLabel,
  QuantityReportItem,
  ReportItem,
  ReportKind,
} from '@canteiro/shared/domain';
import type { Cell, ExportColumn } from '../crud/export.js';
import type { ExportDefinition } from '../crud/resource.js';
import { listLabel } from '../resources/labels.js';

/**
 * How each kind of report row is exported (docs/reports.md, docs/exports.md): its columns,
 * labels and file names; the read model (read-models.ts) reads exactly the fields these
 * columns show.
 */

/**
 * One export column: an item field under its label, a list's value shown by its translated
 * label. The export reads exactly these fields of each row (`exportedFields`).
 */
interface FieldColumn<Item> extends ExportColumn<Item> {
  field: keyof Item & string;
}
function field<Item>(
  header: FieldLabel,
  key: keyof Item & string,
  options: { list?: Parameters<typeof listLabel>[0]; format?: 'date' | 'time' } = {},
): FieldColumn<Item> {
  const { list, format } = options;
  return {
    header,
    field: key,
    value: (item, locale) => {
      const value = item[key] as Cell;
      return list && (typeof value === 'string' || typeof value === 'number') ? listLabel(list, value, locale) : value;
    },
    ...(format ? { format } : {}),
  };
}

/** The first columns of every export: the row and its moment on the site's clock. */
const observedExport = <Item extends ReportItem>(): FieldColumn<Item>[] => [
  field<Item>('id', 'id'),
  field<Item>('localDate', 'localDate', { format: 'date' }),
  field<Item>('localTime', 'localTime', { format: 'time' }),
];

export const REPORT_EXPORTS = {
  activity: {
    fileName: { 'pt-BR': 'apontamentos-atividades', 'en-US': 'activity-reports' },
    columns: [
      ...observedExport<ActivityReportItem>(),
      field<ActivityReportItem>('package', 'packageName'),
      field<ActivityReportItem>('local', 'localName'),
      field<ActivityReportItem>('activity', 'activityName'),
      field<ActivityReportItem>('function', 'functionName'),
      field<ActivityReportItem>('occurrence', 'occurrenceName'),
      field<ActivityReportItem>('classification', 'classification', { list: 'classification' }),
      field<ActivityReportItem>('workersSeen', 'quantity'),
      field<ActivityReportItem>('isScheduled', 'isScheduled'),
      field<ActivityReportItem>('notes', 'notes'),
      field<ActivityReportItem>('reportInfo', 'reportInfo'),
      field<ActivityReportItem>('reporter', 'userName'),
    ],
  },
  equipment: {
    fileName: { 'pt-BR': 'apontamentos-equipamentos', 'en-US': 'equipment-reports' },
    columns: [
      ...observedExport<EquipmentReportItem>(),
      field<EquipmentReportItem>('package', 'packageName'),
      field<EquipmentReportItem>('area', 'areaName'),
      field<EquipmentReportItem>('activity', 'activityName'),
      field<EquipmentReportItem>('equipment', 'equipmentName'),
      field<EquipmentReportItem>('company', 'company'),
      field<EquipmentReportItem>('classification', 'classification', { list: 'equipmentClassification' }),
      field<EquipmentReportItem>('notes', 'notes'),
      field<EquipmentReportItem>('reporter', 'userName'),
    ],
  },
  quantity: {
    fileName: { 'pt-BR': 'apontamentos-quantidades', 'en-US': 'quantity-reports' },
    columns: [
      ...observedExport<QuantityReportItem>(),
      field<QuantityReportItem>('package', 'packageName'),
      field<QuantityReportItem>('area', 'areaName'),
      field<QuantityReportItem>('activity', 'activityName'),
      field<QuantityReportItem>('producedQuantity', 'quantity'),
      field<QuantityReportItem>('unity', 'unity', { list: 'measureUnit' }),
      field<QuantityReportItem>('reporter', 'userName'),
    ],
  },
} satisfies {
  activity: ExportDefinition<ActivityReportItem> & { columns: FieldColumn<ActivityReportItem>[] };
  equipment: ExportDefinition<EquipmentReportItem> & { columns: FieldColumn<EquipmentReportItem>[] };
  quantity: ExportDefinition<QuantityReportItem> & { columns: FieldColumn<QuantityReportItem>[] };
};

/** The item fields a kind's export reads. */
export const exportedFields = (kind: ReportKind): string[] =>
  REPORT_EXPORTS[kind].columns.map((column) => column.field);
