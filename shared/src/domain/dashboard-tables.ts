import type { DashboardAnswers, DashboardName } from './dashboards.js';
import type { FigureTable } from './figures.js';
import type { FigureTableKey } from './messages/figures.js';
import {
  CLASS_HH,
  CLASS_INDEXES,
  CLASS_LABEL,
  SAMPLE,
  VA_INTERVAL,
  classCells,
  column,
  rank,
} from './dashboard-columns.js';

/**
 * The tables of each dashboard (chart, table and export agree): one function
 * turns an answer of `GET /api/dashboards/<name>` into the tables the screen shows under its
 * charts, the charts plot columns of those same tables, and the server's export writes them,
 * a sheet each. Titles and headers are keys of the `figures` messages; cells are raw values
 * (numbers stay numbers) with a format that says how to write them (`formatFigure`, figures.ts).
 */

type Tables<Name extends DashboardName> = (answer: DashboardAnswers[Name]) => FigureTable[];

const TABLES: { [Name in DashboardName]: Tables<Name> } = {
  'project-health': (answer) => [
    { key: 'totals', columns: [...CLASS_HH, ...CLASS_INDEXES, ...SAMPLE], rows: [classCells(answer.totals)] },
    {
      key: 'weekdays',
      columns: [column('weekday', 'weekday'), ...CLASS_HH, ...CLASS_INDEXES, ...SAMPLE],
      rows: answer.weekdays.map((day) => ({ id: day.weekday, weekday: day.weekday, ...classCells(day) })),
    },
    {
      key: 'evolution',
      columns: [
        column('bucket', 'date'),
        column('vaIndex', 'index'),
        ...VA_INTERVAL,
        column('totalHh', 'hh'),
        column('workers', 'integer'),
        column('registers', 'integer'),
        column('lowConfidence', 'flag'),
      ],
      rows: answer.evolution.map((point) => ({
        id: point.bucket,
        bucket: point.bucket,
        vaIndex: point.valueAddingIndex,
        vaLow: point.interval?.low ?? null,
        vaHigh: point.interval?.high ?? null,
        totalHh: point.hh,
        workers: point.workers,
        registers: point.registers,
        lowConfidence: point.lowConfidence,
      })),
    },
    rank('packages', answer.ranks.packages),
    rank('locals', answer.ranks.locals),
    rank('functions', answer.ranks.functions),
    rank('activities', answer.ranks.activities),
    {
      key: 'control',
      columns: [
        column('date', 'date'),
        column('vaIndex', 'index'),
        column('lowerLimit', 'index'),
        column('upperLimit', 'index'),
        column('workers', 'integer'),
        column('signal', 'label'),
      ],
      rows: answer.control.days.map((day) => ({
        id: day.date,
        date: day.date,
        vaIndex: day.share,
        lowerLimit: day.lower,
        upperLimit: day.upper,
        workers: day.workers,
        signal: day.signal,
      })),
    },
    {
      key: 'compliance',
      columns: [
        column('goal', 'integer'),
        column('reports', 'integer'),
        column('expected', 'tenths'),
        column('ratio', 'index'),
      ],
      rows: [
        {
          goal: answer.compliance.goal,
          reports: answer.compliance.reports,
          expected: answer.compliance.expected,
          ratio: answer.compliance.ratio,
        },
      ],
    },
    {
      key: 'complianceReporters',
      columns: [
        column('reporter', 'text'),
        column('reports', 'integer'),
        column('expected', 'tenths'),
        column('ratio', 'index'),
      ],
      rows: answer.compliance.reporters.map((reporter) => ({
        id: reporter.user,
        reporter: reporter.name,
        reports: reporter.reports,
        expected: reporter.expected,
        ratio: reporter.ratio,
      })),
    },
    {
      key: 'complianceDays',
      columns: [
        column('date', 'date'),
        column('reports', 'integer'),
        column('expected', 'tenths'),
        column('ratio', 'index'),
      ],
      rows: answer.compliance.days.map((day) => ({
        id: day.date,
        date: day.date,
        reports: day.reports,
        expected: day.expected,
        ratio: day.ratio,
      })),
    },
  ],
  'by-function': (answer) => [
    {
      key: 'summary',
      columns: [
        column('totalHh', 'hh'),
        column('totalPeople', 'integer'),
        column('registers', 'integer'),
        column('averagePeoplePerLocal', 'decimal'),
        ...CLASS_INDEXES,
        column('lowConfidence', 'flag'),
      ],
      rows: [
        {
          totalHh: answer.totalHh,
          totalPeople: answer.totalPeople,
          registers: answer.registers,
          averagePeoplePerLocal: answer.averagePeoplePerLocal,
          vaIndex: answer.totals.index.valueAdding,
          hwIndex: answer.totals.index.hiddenWaste,
          ewIndex: answer.totals.index.evidentWaste,
          vaLow: answer.totals.intervals.valueAdding?.low ?? null,
          vaHigh: answer.totals.intervals.valueAdding?.high ?? null,
          lowConfidence: answer.totals.lowConfidence,
        },
      ],
    },
    {
      key: 'topOccurrences',
      columns: [
        column('occurrence', 'text'),
        column('class', 'label'),
        column('hh', 'hh'),
        column('workers', 'integer'),
        column('share', 'index'),
        column('shareLow', 'index'),
        column('shareHigh', 'index'),
        column('cumulativeShare', 'index'),
      ],
      rows: answer.topOccurrences.map((occurrence) => ({
        id: occurrence.id,
        occurrence: occurrence.name,
        class: CLASS_LABEL[occurrence.classification],
        hh: occurrence.hh,
        workers: occurrence.workers,
        share: occurrence.share,
        shareLow: occurrence.interval?.low ?? null,
        shareHigh: occurrence.interval?.high ?? null,
        cumulativeShare: occurrence.cumulativeShare,
      })),
    },
    {
      key: 'functions',
      columns: [column('name', 'text'), ...CLASS_INDEXES, ...CLASS_HH, ...SAMPLE],
      rows: answer.functions.map((item) => ({ id: item.id, name: item.name, ...classCells(item) })),
    },
  ],
  routine: (answer) => [
    { key: 'summary', columns: [...CLASS_HH, ...CLASS_INDEXES, ...SAMPLE], rows: [classCells(answer.totals)] },
    {
      key: 'hours',
      columns: [column('hour', 'hour'), ...CLASS_HH, ...CLASS_INDEXES, ...SAMPLE],
      rows: answer.hours.map((hour) => ({ id: hour.hour, hour: hour.hour, ...classCells(hour) })),
    },
  ],
  equipment: (answer) => [
    {
      key: 'equipment',
      columns: [
        column('name', 'text'),
        column('company', 'text'),
        column('working', 'integer'),
        column('idle', 'integer'),
        column('down', 'integer'),
        column('observations', 'integer'),
        column('utilization', 'index'),
        column('lowConfidence', 'flag'),
      ],
      rows: answer.equipment.map((item) => ({
        id: item.id,
        name: item.name,
        company: item.company,
        working: item.working,
        idle: item.idle,
        down: item.down,
        observations: item.observations,
        utilization: item.utilization,
        lowConfidence: item.lowConfidence,
      })),
    },
    {
      key: 'topCompanies',
      columns: [column('company', 'text'), column('occurrences', 'integer')],
      rows: answer.topCompanies.map((company) => ({
        id: company.company,
        company: company.company,
        occurrences: company.occurrences,
      })),
    },
  ],
  performance: (answer) => {
    const group = (key: FigureTableKey, groups: DashboardAnswers['performance']['byPackage']): FigureTable => ({
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
    const addedValue = (key: FigureTableKey, shares: DashboardAnswers['performance']['addedValue']['byPackage']) => ({
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
          column('plannedRup', 'decimal'),
          column('actualRup', 'decimal'),
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
  },
};

/** The tables of a dashboard's answer, in the order the screen shows them. */
export function dashboardTables<Name extends DashboardName>(name: Name, answer: DashboardAnswers[Name]): FigureTable[] {
  return (TABLES[name] as Tables<Name>)(answer);
}

/** One table of an answer by its key (the screens place each table under its chart). */
export function dashboardTable<Name extends DashboardName>(
  name: Name,
  answer: DashboardAnswers[Name],
  key: FigureTableKey,
): FigureTable {
  const table = dashboardTables(name, answer).find((candidate) => candidate.key === key);
  if (!table) throw new Error(`Dashboard ${name} has no table ${key}`);
  return table;
}
