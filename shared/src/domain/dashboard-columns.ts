import type { ClassTotals } from './dashboards.js';
import type { FigureColumn, FigureFormat, FigureRow, FigureTable } from './figures.js';
import type { FigureColumnKey, FigureTableKey, FigureValueKey } from './messages/figures.js';

/** The columns the dashboards' tables share (dashboard-tables.ts): a class share's, a rank's. */

export const column = (key: FigureColumnKey, format: FigureFormat): FigureColumn => ({ key, format });

/** Every share with its sample: indexes, HH, observations, registers and the low-confidence mark. */
export const CLASS_HH = [column('vaHh', 'hh'), column('hwHh', 'hh'), column('ewHh', 'hh'), column('totalHh', 'hh')];
/** The value-adding share's 95 % interval (DOMAIN.md §5), beside the indexes. */
export const VA_INTERVAL = [column('vaLow', 'index'), column('vaHigh', 'index')];
export const CLASS_INDEXES = [
  column('vaIndex', 'index'),
  column('hwIndex', 'index'),
  column('ewIndex', 'index'),
  ...VA_INTERVAL,
];
export const SAMPLE = [column('workers', 'integer'), column('registers', 'integer'), column('lowConfidence', 'flag')];

export const classCells = (totals: ClassTotals): FigureRow => ({
  vaHh: totals.hh.valueAdding,
  hwHh: totals.hh.hiddenWaste,
  ewHh: totals.hh.evidentWaste,
  totalHh: totals.hh.total,
  vaIndex: totals.index.valueAdding,
  hwIndex: totals.index.hiddenWaste,
  ewIndex: totals.index.evidentWaste,
  vaLow: totals.intervals.valueAdding?.low ?? null,
  vaHigh: totals.intervals.valueAdding?.high ?? null,
  workers: totals.workers,
  registers: totals.registers,
  lowConfidence: totals.lowConfidence,
});

/** A ranked list (packages, locals, functions, activities): name, the three indexes, HH and sample. */
export const RANK_COLUMNS = [column('name', 'text'), ...CLASS_INDEXES, column('totalHh', 'hh'), ...SAMPLE];
export const rank = (key: FigureTableKey, items: (ClassTotals & { id: number; name: string })[]): FigureTable => ({
  key,
  columns: RANK_COLUMNS,
  rows: items.map((item) => ({ id: item.id, name: item.name, ...classCells(item) })),
});

/** An occurrence's class as a key of `figures.values`. */
export const CLASS_LABEL: Record<'value_adding' | 'hidden_waste' | 'evident_waste', FigureValueKey> = {
  value_adding: 'valueAdding',
  hidden_waste: 'hiddenWaste',
  evident_waste: 'evidentWaste',
};
