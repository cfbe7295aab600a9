import { CONFIDENCE_SAMPLE } from './dashboards.js';
import type { DashboardAnswers, DashboardName, EquipmentCompany } from './dashboards.js';
import type { FigureTable } from './figures.js';
import type { FigureTableKey } from './messages/figures.js';
import { performanceTables } from './performance-tables.js';
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

/** A rank of rental companies: its machines, their idle + down observations, and those per machine. */
const companies = (key: FigureTableKey, items: EquipmentCompany[]): FigureTable => ({
  key,
  columns: [
    column('company', 'text'),
    column('machines', 'integer'),
    column('occurrences', 'integer'),
    column('perMachine', 'decimal'),
  ],
  rows: items.map((item) => ({
    id: item.company,
    company: item.company,
    machines: item.machines,
    occurrences: item.occurrences,
    perMachine: item.perMachine,
  })),
});

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
      key: 'valueAddingOccurrences',
      columns: [
        column('occurrence', 'text'),
        column('hh', 'hh'),
        column('workers', 'integer'),
        column('share', 'index'),
        column('shareLow', 'index'),
        column('shareHigh', 'index'),
      ],
      rows: answer.valueAddingOccurrences.map((occurrence) => ({
        id: occurrence.id,
        occurrence: occurrence.name,
        hh: occurrence.hh,
        workers: occurrence.workers,
        share: occurrence.share,
        shareLow: occurrence.interval?.low ?? null,
        shareHigh: occurrence.interval?.high ?? null,
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
    {
      key: 'hhByPeriod',
      columns: [column('bucket', 'date'), ...CLASS_HH, ...CLASS_INDEXES, ...SAMPLE],
      rows: answer.evolution.map((point) => ({ id: point.bucket, bucket: point.bucket, ...classCells(point) })),
    },
  ],
  equipment: (answer) => [
    {
      key: 'summary',
      columns: [
        column('observations', 'integer'),
        column('working', 'integer'),
        column('utilization', 'index'),
        column('machines', 'integer'),
        column('lowConfidence', 'flag'),
      ],
      rows: [
        {
          observations: answer.observations,
          working: answer.working,
          utilization: answer.utilization,
          machines: answer.equipment.length,
          lowConfidence: answer.observations < CONFIDENCE_SAMPLE,
        },
      ],
    },
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
    companies('topCompanies', answer.topCompanies),
    companies('topCompaniesPerMachine', answer.topCompaniesPerMachine),
    {
      key: 'utilizationByPeriod',
      columns: [
        column('bucket', 'date'),
        column('working', 'integer'),
        column('idle', 'integer'),
        column('down', 'integer'),
        column('observations', 'integer'),
        column('utilization', 'index'),
      ],
      rows: answer.evolution.map((point) => ({ id: point.bucket, ...point })),
    },
  ],
  performance: performanceTables,
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
