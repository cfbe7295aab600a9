import type { PerformanceDashboard } from './dashboards.js';
import type { FigureTable } from './figures.js';
import type { FigureTableKey } from './messages/figures.js';
import { column } from './dashboard-columns.js';

/** The performance dashboard's tables (dashboard-tables.ts): productivity by group and activity, added value, status. */
export function performanceTables(answer: PerformanceDashboard): FigureTable[] {
  const group = (key: FigureTableKey, groups: PerformanceDashboard['byPackage']): FigureTable => ({
    key,
    columns: [
      column('name', 'text'),
      column('hh', 'hh'),
      column('plannedHh', 'hh'),
      column('productivityIndex', 'decimal'),
    ],
    rows: groups.map((item) => ({
      id: item.id,
      name: item.name,
      hh: item.hh,
      plannedHh: item.plannedHh,
      productivityIndex: item.productivityIndex,
    })),
  });
  const addedValue = (key: FigureTableKey, shares: PerformanceDashboard['addedValue']['byPackage']) => ({
    key,
    columns: [column('name', 'text'), column('hh', 'hh'), column('share', 'index')],
    rows: shares.map((item) => ({ id: item.id, name: item.name, hh: item.hh, share: item.share })),
  });
  return [
    group('byPackage', answer.byPackage),
    group('byLocal', answer.byLocal),
    {
      key: 'activities',
      columns: [
        column('name', 'text'),
        column('unit', 'text'),
        column('hh', 'hh'),
        column('produced', 'decimal'),
        { ...column('plannedRup', 'rup'), unit: 'unit' },
        { ...column('actualRup', 'rup'), unit: 'unit' },
        column('productivityIndex', 'decimal'),
      ],
      rows: answer.activities.map((item) => ({
        id: item.id,
        name: item.name,
        unit: item.unit,
        hh: item.hh,
        produced: item.produced,
        plannedRup: item.plannedRup,
        actualRup: item.actualRup,
        productivityIndex: item.productivityIndex,
      })),
    },
    addedValue('addedValueByPackage', answer.addedValue.byPackage),
    addedValue('addedValueByLocal', answer.addedValue.byLocal),
    {
      key: 'activityStatus',
      columns: [column('status', 'label'), column('count', 'integer')],
      rows: (['finished', 'late', 'inTerm'] as const).map((status) => ({
        id: status,
        status,
        count: answer.activityStatus[status],
      })),
    },
  ];
}
