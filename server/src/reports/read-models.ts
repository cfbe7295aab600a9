import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { ReportKind } from '@canteiro/shared/domain';
import { activities, areas, equipment, functions, locals, occurrences, packages } from '../db/schema/catalogue.js';
import { users } from '../db/schema/people.js';
import { activityReports, equipmentReports, quantityReports } from '../db/schema/reports.js';
import type { SearchColumn, SortKey } from '../crud/list-query.js';
import { textSort, valueSort } from '../crud/list-query.js';
import type { ReadModel } from '../crud/reads.js';
import { columnList, isoDate, isoTimestamp } from '../crud/reads.js';
import type { ExportDefinition } from '../crud/resource.js';
import { listLabel } from '../resources/labels.js';

/**
 * How each kind of report row is listed and exported (docs/reports.md): the spec's field
 * names (§3), each reference's id and name, the instant in UTC and its site day and time.
 *
 * - The references are `left join`ed: a count or a page that neither shows nor sorts by a
 *   name lets the planner drop the join (each is on a primary key).
 * - Search looks a name up in its small catalogue table (`package_id in (…)`), not in a
 *   join to every row; notes and report info are searched where they are.
 * - No scope here: the route checks the one contract of the filters (filters.ts
 *   `scopedReportConditions`) before any row is read.
 */

interface Observed {
  id: string;
  contract: number;
  reportTime: string;
  localDate: string;
  localTime: string;
  user: number;
  userName: string | null;
}

export interface ActivityReportItem extends Observed {
  package: number;
  packageName: string;
  local: number;
  localName: string;
  activity: number;
  activityName: string;
  function: number;
  functionName: string;
  occurrence: number;
  occurrenceName: string;
  classification: string;
  quantity: number;
  notes: string | null;
  reportInfo: string | null;
  isScheduled: boolean;
}

export interface EquipmentReportItem extends Observed {
  package: number;
  packageName: string;
  area: number;
  areaName: string;
  activity: number;
  activityName: string;
  equipment: number;
  equipmentName: string;
  company: string;
  classification: string;
  notes: string | null;
}

export interface QuantityReportItem extends Observed {
  package: number;
  packageName: string;
  area: number;
  areaName: string;
  activity: number;
  activityName: string;
  quantity: number;
  unity: string;
}

type ReportTable = typeof activityReports | typeof equipmentReports | typeof quantityReports;

/** Minutes since midnight as `HH:MM`. */
const clockTime = (minute: AnyColumn): SQL =>
  sql`lpad((${minute} / 60)::text, 2, '0') || ':' || lpad((${minute} % 60)::text, 2, '0')`;

/** What every kind has: the row's identity, contract, instant (UTC and site clock) and reporter. */
const observedColumns = (table: ReportTable) => ({
  id: table.id,
  contract: table.contractId,
  reportTime: isoTimestamp(table.reportTime),
  localDate: isoDate(table.localDate),
  localTime: clockTime(table.localMinute),
  user: table.userId,
  userName: users.firstName,
});

/** `left join <table> on <table>.id = <reference>` for each reference. */
const references = (pairs: readonly [{ id: AnyColumn }, AnyColumn][]): SQL =>
  sql.join(
    pairs.map(([target, column]) => sql`left join ${target} on ${target.id} = ${column}`),
    sql` `,
  );

/** `reference in (ids whose name matches)`: the search of a referenced name. */
const nameMatches = (reference: AnyColumn, target: { id: AnyColumn }, name: AnyColumn | SQL): SearchColumn => ({
  matching: (pattern) => sql`${reference} in (select ${target.id} from ${target} where ${name} ilike ${pattern})`,
});

/** The reporter, by name or e-mail (users.search_text is both, lower-cased, with a trigram index). */
const reporterMatches = (table: ReportTable): SearchColumn => ({
  matching: (pattern) =>
    sql`${table.userId} in (select ${users.id} from ${users} where ${users.searchText} like lower(${pattern}))`,
});

const observedSorts = (table: ReportTable): Record<string, SortKey> => ({
  reportTime: valueSort(table.reportTime, 'timestamptz'),
  userName: textSort(users.firstName),
});

function readModel(
  table: ReportTable,
  joins: SQL,
  columns: Record<string, AnyColumn | SQL>,
  search: readonly SearchColumn[],
  sorts: Record<string, SortKey>,
): ReadModel {
  return {
    table: { id: table.id },
    from: sql`${table} ${joins}`,
    joins,
    columns: columnList({ ...columns, ...observedColumns(table) }),
    search: [...search, reporterMatches(table)],
    sorts: { ...observedSorts(table), ...sorts },
    defaultSort: { key: 'reportTime', order: 'desc' },
    // Checked once per request for the filters' one contract (filters.ts).
    scope: () => undefined,
  };
}

const equipmentName = sql`${equipment.type} || ' — ' || ${equipment.specification}`;

const a = activityReports;
const e = equipmentReports;
const q = quantityReports;

export const REPORT_READ_MODELS: Readonly<Record<ReportKind, ReadModel>> = {
  activity: readModel(
    a,
    references([
      [packages, a.packageId],
      [locals, a.localId],
      [activities, a.activityId],
      [functions, a.functionId],
      [occurrences, a.occurrenceId],
      [users, a.userId],
    ]),
    {
      package: a.packageId,
      packageName: packages.name,
      local: a.localId,
      localName: locals.name,
      activity: a.activityId,
      activityName: activities.name,
      function: a.functionId,
      functionName: functions.name,
      occurrence: a.occurrenceId,
      occurrenceName: occurrences.name,
      classification: occurrences.classification,
      quantity: a.quantity,
      notes: a.notes,
      reportInfo: a.reportInfo,
      isScheduled: a.isScheduled,
    },
    [
      a.notes,
      a.reportInfo,
      nameMatches(a.packageId, packages, packages.name),
      nameMatches(a.localId, locals, locals.name),
      nameMatches(a.activityId, activities, activities.name),
      nameMatches(a.functionId, functions, functions.name),
      nameMatches(a.occurrenceId, occurrences, occurrences.name),
    ],
    {
      packageName: textSort(packages.name),
      localName: textSort(locals.name),
      activityName: textSort(activities.name),
      functionName: textSort(functions.name),
      occurrenceName: textSort(occurrences.name),
      classification: textSort(occurrences.classification),
      quantity: valueSort(a.quantity, 'integer'),
    },
  ),
  equipment: readModel(
    e,
    references([
      [packages, e.packageId],
      [areas, e.areaId],
      [activities, e.activityId],
      [equipment, e.equipmentId],
      [users, e.userId],
    ]),
    {
      package: e.packageId,
      packageName: packages.name,
      area: e.areaId,
      areaName: areas.name,
      activity: e.activityId,
      activityName: activities.name,
      equipment: e.equipmentId,
      equipmentName,
      company: equipment.company,
      classification: e.classification,
      notes: e.notes,
    },
    [
      e.notes,
      nameMatches(e.packageId, packages, packages.name),
      nameMatches(e.areaId, areas, areas.name),
      nameMatches(e.activityId, activities, activities.name),
      nameMatches(e.equipmentId, equipment, equipmentName),
      nameMatches(e.equipmentId, equipment, equipment.company),
    ],
    {
      packageName: textSort(packages.name),
      areaName: textSort(areas.name),
      activityName: textSort(activities.name),
      equipmentName: textSort(equipmentName),
      company: textSort(equipment.company),
      classification: textSort(e.classification),
    },
  ),
  quantity: readModel(
    q,
    references([
      [packages, q.packageId],
      [areas, q.areaId],
      [activities, q.activityId],
      [users, q.userId],
    ]),
    {
      package: q.packageId,
      packageName: packages.name,
      area: q.areaId,
      areaName: areas.name,
      activity: q.activityId,
      activityName: activities.name,
      quantity: q.quantity,
      unity: q.unity,
    },
    [
      nameMatches(q.packageId, packages, packages.name),
      nameMatches(q.areaId, areas, areas.name),
      nameMatches(q.activityId, activities, activities.name),
    ],
    {
      packageName: textSort(packages.name),
      areaName: textSort(areas.name),
      activityName: textSort(activities.name),
      quantity: valueSort(q.quantity, 'numeric'),
    },
  ),
};

/** The first columns of every export: the row and its moment on the site's clock. */
const observedExport = <Item extends Observed>(): ExportDefinition<Item>['columns'] => [
  { header: 'id', value: (item) => item.id },
  { header: 'localDate', value: (item) => item.localDate, format: 'date' },
  { header: 'localTime', value: (item) => item.localTime },
];

export const REPORT_EXPORTS = {
  activity: {
    fileName: { 'pt-BR': 'apontamentos-atividades', 'en-US': 'activity-reports' },
    columns: [
      ...observedExport<ActivityReportItem>(),
      { header: 'package', value: (item) => item.packageName },
      { header: 'local', value: (item) => item.localName },
      { header: 'activity', value: (item) => item.activityName },
      { header: 'function', value: (item) => item.functionName },
      { header: 'occurrence', value: (item) => item.occurrenceName },
      { header: 'classification', value: (item, locale) => listLabel('classification', item.classification, locale) },
      { header: 'workersSeen', value: (item) => item.quantity },
      { header: 'isScheduled', value: (item) => item.isScheduled },
      { header: 'notes', value: (item) => item.notes },
      { header: 'reportInfo', value: (item) => item.reportInfo },
      { header: 'reporter', value: (item) => item.userName },
    ],
  },
  equipment: {
    fileName: { 'pt-BR': 'apontamentos-equipamentos', 'en-US': 'equipment-reports' },
    columns: [
      ...observedExport<EquipmentReportItem>(),
      { header: 'package', value: (item) => item.packageName },
      { header: 'area', value: (item) => item.areaName },
      { header: 'activity', value: (item) => item.activityName },
      { header: 'equipment', value: (item) => item.equipmentName },
      { header: 'company', value: (item) => item.company },
      {
        header: 'classification',
        value: (item, locale) => listLabel('equipmentClassification', item.classification, locale),
      },
      { header: 'notes', value: (item) => item.notes },
      { header: 'reporter', value: (item) => item.userName },
    ],
  },
  quantity: {
    fileName: { 'pt-BR': 'apontamentos-quantidades', 'en-US': 'quantity-reports' },
    columns: [
      ...observedExport<QuantityReportItem>(),
      { header: 'package', value: (item) => item.packageName },
      { header: 'area', value: (item) => item.areaName },
      { header: 'activity', value: (item) => item.activityName },
      { header: 'producedQuantity', value: (item) => item.quantity },
      { header: 'unity', value: (item, locale) => listLabel('measureUnit', item.unity, locale) },
      { header: 'reporter', value: (item) => item.userName },
    ],
  },
} satisfies {
  activity: ExportDefinition<ActivityReportItem>;
  equipment: ExportDefinition<EquipmentReportItem>;
  quantity: ExportDefinition<QuantityReportItem>;
};
