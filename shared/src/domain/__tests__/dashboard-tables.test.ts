import { dashboardTable, dashboardTables } from '../dashboard-tables';
import { formatCell, formatFigure } from '../figures';
import type { ClassTotals, DashboardMeta, ProjectHealthDashboard } from '../dashboards';
import { figureMessages } from '../messages';
import { emptyValues, keyPaths } from '../../../test/same-keys';

const meta: DashboardMeta = {
  filters: { contract: 1, range: 'week' },
  lastObservation: { date: '2026-03-09', time: '14:15' },
  generatedAt: '2026-11-23T12:00:00.000Z',
};
const INTERVAL = { variance: 0.01, effectiveSample: 20, designEffect: 2, lowConfidence: true };
const totals = (va: number, hw: number, ew: number): ClassTotals => {
  const workers = va + hw + ew;
  return {
    hh: { valueAdding: va * 0.5, hiddenWaste: hw * 0.5, evidentWaste: ew * 0.5, total: workers * 0.5 },
    index: { valueAdding: va / workers, hiddenWaste: hw / workers, evidentWaste: ew / workers },
    intervals: {
      valueAdding: { ...INTERVAL, low: (va / workers) * 0.5, high: (va / workers) * 1.2 },
      hiddenWaste: null,
      evidentWaste: null,
    },
    workers,
    registers: 3,
    lowConfidence: true,
  };
};

describe('the dashboards tables', () => {
  it('has the same figure words in pt-BR and en-US, none empty', () => {
    expect(keyPaths(figureMessages['en-US'])).toEqual(keyPaths(figureMessages['pt-BR']));
    expect(emptyValues(figureMessages['pt-BR'])).toEqual([]);
    expect(emptyValues(figureMessages['en-US'])).toEqual([]);
  });

  it('gives every table of an answer, each share with its sample and confidence mark', () => {
    const answer: ProjectHealthDashboard = {
      ...meta,
      totals: totals(6, 3, 1),
      previous: null,
      targets: { valueAdding: null, compliance: null },
      annotations: [],
      weekdays: [{ weekday: 2, ...totals(6, 3, 1) }],
      evolution: [
        {
          bucket: '2026-11-16',
          valueAddingIndex: 0.6,
          interval: { ...INTERVAL, low: 0.3, high: 0.8 },
          hh: 5,
          workers: 10,
          registers: 3,
          lowConfidence: true,
        },
      ],
      ranks: {
        packages: [{ id: 7, name: 'Água fria', ...totals(6, 3, 1), moved: null }],
        locals: [],
        functions: [],
        activities: [],
      },
      rankCounts: { packages: 1, locals: 0, functions: 0, activities: 0 },
      control: {
        centre: 0.6,
        designEffect: 2,
        days: [{ date: '2026-11-16', share: 0.6, workers: 10, lower: 0, upper: 1, signal: 'outside' }],
      },
      compliance: { goal: 4, reports: 3, expected: 8, ratio: 0.375, reporters: [], days: [] },
    };
    expect(dashboardTable('project-health', answer, 'evolution').rows[0]).toMatchObject({ vaLow: 0.3, vaHigh: 0.8 });
    expect(dashboardTable('project-health', answer, 'control').rows).toEqual([
      {
        id: '2026-11-16',
        date: '2026-11-16',
        vaIndex: 0.6,
        lowerLimit: 0,
        upperLimit: 1,
        workers: 10,
        signal: 'outside',
      },
    ]);
    const keys = dashboardTables('project-health', answer).map((table) => table.key);
    expect(keys).toEqual([
      'totals',
      'weekdays',
      'evolution',
      'packages',
      'locals',
      'functions',
      'activities',
      'control',
      'compliance',
      'complianceReporters',
      'complianceDays',
    ]);
    const packages = dashboardTable('project-health', answer, 'packages');
    expect(packages.columns.map((column) => column.key)).toEqual([
      'name',
      'vaIndex',
      'hwIndex',
      'ewIndex',
      'vaLow',
      'vaHigh',
      'totalHh',
      'workers',
      'registers',
      'lowConfidence',
    ]);
    expect(packages.rows).toEqual([
      {
        id: 7,
        name: 'Água fria',
        vaHh: 3,
        hwHh: 1.5,
        ewHh: 0.5,
        totalHh: 5,
        vaIndex: 0.6,
        hwIndex: 0.3,
        ewIndex: 0.1,
        vaLow: 0.3,
        vaHigh: 0.72,
        workers: 10,
        registers: 3,
        lowConfidence: true,
      },
    ]);
  });

  it('writes each figure as the language does', () => {
    expect(formatFigure(7.5, 'hh', 'pt-BR')).toBe('7,5');
    expect(formatFigure(1234.56, 'hh', 'en-US')).toBe('1,234.6');
    expect(formatFigure(0.436, 'index', 'pt-BR')).toMatch(/^43,6\s?%$/);
    expect(formatFigure(0.436, 'index', 'en-US')).toBe('43.6%');
    expect(formatFigure(2.345, 'decimal', 'pt-BR')).toBe('2,35');
    expect(formatFigure(12000, 'integer', 'pt-BR')).toBe('12.000');
    expect(formatFigure('2026-11-16', 'date', 'pt-BR')).toBe('16/11/2026');
    expect(formatFigure('2026-11-16', 'date', 'en-US')).toBe('11/16/2026');
    expect(formatFigure(7, 'weekday', 'pt-BR')).toBe('Domingo');
    expect(formatFigure(7, 'hour', 'en-US')).toBe('07:00');
    expect(formatFigure(true, 'flag', 'pt-BR')).toBe('Sim');
    expect(formatFigure('hiddenWaste', 'label', 'en-US')).toBe('Hidden waste');
    // A label picks nothing from the object's prototype.
    expect(formatFigure('toString', 'label', 'pt-BR')).toBe('toString');
    expect(formatFigure(null, 'index', 'pt-BR')).toBe('');
  });

  it('writes a RUP with three significant digits, and on the screen with Hh per its unit', () => {
    expect(formatFigure(0.06123, 'rup', 'pt-BR')).toBe('0,0612');
    expect(formatFigure(0.85, 'rup', 'pt-BR')).toBe('0,850');
    expect(formatFigure(12.345, 'rup', 'en-US')).toBe('12.3');
    const column = { key: 'actualRup', format: 'rup', unit: 'unit' } as const;
    expect(formatCell({ actualRup: 0.06123, unit: 'kg' }, column, 'pt-BR')).toBe('0,0612 Hh/kg');
    expect(formatCell({ actualRup: null, unit: 'kg' }, column, 'pt-BR')).toBe('');
    expect(formatCell({ actualRup: 0.85 }, { key: 'actualRup', format: 'rup' }, 'en-US')).toBe('0.850');
  });
});
