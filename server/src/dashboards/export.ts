import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { FILTER_DIMENSIONS, dashboardTables, figureMessages, formatFigure, filterWords } from '@canteiro/shared/domain';
import type {
  DashboardAnswers,
  DashboardName,
  FigureFormat,
  FigureTable,
  FigureValue,
  FilterDimension,
  Locale,
  ReportKind,
} from '@canteiro/shared/domain';
import { selectRows } from '../db/connection.js';
import {
  activities,
  areas,
  blocks,
  equipment,
  functions,
  locals,
  occurrences,
  packages,
} from '../db/schema/catalogue.js';
import { contracts } from '../db/schema/organisation.js';
import type { Cell, ExportFormat, ExportSheet } from '../crud/export.js';
import { DATE_FORMAT, csvBlocks, xlsxSheets } from '../crud/export.js';
import { appliesTo } from '../reports/filters.js';
import type { DashboardContext } from './context.js';
import type { CatalogueTable } from './fragments.js';
import { catalogueName } from './fragments.js';

/**
 * `GET /api/dashboards/<name>/export` (docs/dashboards.md, "Export"): exactly the tables the
 * screen shows (`dashboardTables` of shared/domain/dashboard-tables.ts, of the very answer
 * the JSON route gives for the same filters), under the filters they are of, written whole
 * in memory before the download starts. XLSX: a sheet per table, numbers as numbers with a
 * number format and dates as date cells; CSV: one file, every cell as the screen writes it
 * in the export's language (`formatFigure`: 7,5 in pt-BR).
 */

const TITLES = { 'pt-BR': figureMessages['pt-BR'].dashboards, 'en-US': figureMessages['en-US'].dashboards };
const FILTER_WORDS = { 'pt-BR': figureMessages['pt-BR'].filters, 'en-US': figureMessages['en-US'].filters };

/** `saude-do-projeto`, `project-health`: the download's name before its date. */
export function dashboardFileName(name: DashboardName, locale: Locale): string {
  return TITLES[locale][name]
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

type Named = 'contract' | FilterDimension;

/**
 * The names of the contract and of each dimension filter, in one statement. Each catalogue
 * id is looked up within the filters' contract (occurrences are one list for every contract),
 * and only when that contract is in the caller's scope: otherwise nothing is read and the
 * filters show their ids, as the figures show nothing.
 */
async function filterNames(context: DashboardContext): Promise<Map<Named, string>> {
  const { filters } = context;
  if (!context.inScope) return new Map();
  const contract = filters.contract;
  // Each catalogue row as the figures name it (a package with its block: context.ts).
  const ofContract = (table: CatalogueTable) => (id: number) =>
    sql`select ${catalogueName(table)} as name from ${table} where ${table.id} = ${id} and ${table.contractId} = ${contract}`;
  const lookups: Record<FilterDimension, (id: number) => SQL> = {
    package: ofContract(packages),
    local: ofContract(locals),
    area: ofContract(areas),
    block: ofContract(blocks),
    activity: ofContract(activities),
    function: ofContract(functions),
    occurrence: (id) => sql`select ${occurrences.name} as name from ${occurrences} where ${occurrences.id} = ${id}`,
    // As the selects offer it (resources/equipment.ts): "specification — company".
    equipment: (id) =>
      sql`select ${equipment.specification} || ' — ' || ${equipment.company} as name from ${equipment}
        where ${equipment.id} = ${id} and ${equipment.contractId} = ${contract}`,
  };
  const parts: SQL[] = [
    sql`select cast(${'contract'} as text) as filter, name from (select ${contracts.name} as name from ${contracts} where ${contracts.id} = ${contract}) n`,
  ];
  for (const dimension of FILTER_DIMENSIONS) {
    const id = filters[dimension];
    if (id !== undefined) {
      parts.push(sql`select cast(${dimension} as text) as filter, name from (${lookups[dimension](id)}) n`);
    }
  }
  const rows = await selectRows<{ filter: Named; name: string }>(context.orm, sql.join(parts, sql` union all `));
  return new Map(rows.map((row) => [row.filter, row.name]));
}

/** Human-readable filters: [label, value] lines, in the header's order (filterWords), under the dashboard's name. */
async function filterLines(name: DashboardName, kind: ReportKind, context: DashboardContext, locale: Locale) {
  const names = await filterNames(context);
  return [
    [FILTER_WORDS[locale].dashboard, TITLES[locale][name]],
    ...filterWords(context.filters, locale, {
      name: (filter, id) => names.get(filter) ?? `#${id}`,
      ignored: (dimension) => !appliesTo(kind, dimension),
      // Only project health has a time axis (its evolution).
      range: name === 'project-health',
    }),
  ] as [string, string][];
}

/** Excel number formats of the numeric cells (the screen's decimals; an index 0.436 shows 43.6%). */
const NUMBER_FORMATS: Partial<Record<FigureFormat, string>> = {
  integer: '#,##0',
  hh: '#,##0.0',
  decimal: '#,##0.00',
  // A RUP: up to four decimals (0.0612, 0.85): Excel has no format of significant digits.
  rup: '#,##0.0###',
  // Walks expected: one decimal in every cell, so a column of them lines up.
  tenths: '#,##0.0',
  index: '0.0%',
};

function xlsxCell(value: FigureValue | undefined, format: FigureFormat, locale: Locale): Cell {
  if (value === null || value === undefined) return null;
  if (format === 'text') return String(value);
  if (NUMBER_FORMATS[format] && typeof value === 'number') return value;
  if (format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00Z`);
  }
  // Flags, labels, weekdays and hours: their words, as the screen shows them.
  return formatFigure(value, format, locale);
}

/** A table's title and header as the screen writes them. */
const tableTitle = (table: FigureTable, locale: Locale) => figureMessages[locale].tables[table.key];
const headers = (table: FigureTable, locale: Locale) =>
  table.columns.map((column) => figureMessages[locale].columns[column.key]);

/**
 * The download's bytes for `answer`: XLSX (a sheet per table, the filters on top of each) or
 * CSV (the filters, then each table under its title).
 */
export async function dashboardExport<Name extends DashboardName>(
  name: Name,
  kind: ReportKind,
  answer: DashboardAnswers[Name],
  context: DashboardContext,
  format: ExportFormat,
  locale: Locale,
): Promise<Buffer | string> {
  const tables = dashboardTables(name, answer);
  const filters = await filterLines(name, kind, context, locale);
  const columnWords = figureMessages[locale].columns;
  const filterHeader = [columnWords.filter, columnWords.value];
  if (format === 'csv') {
    return csvBlocks(
      [
        { title: figureMessages[locale].tables.filters, lines: [filterHeader, ...filters] },
        ...tables.map((table) => ({
          title: tableTitle(table, locale),
          lines: [
            headers(table, locale),
            ...table.rows.map((row) =>
              table.columns.map((column) => formatFigure(row[column.key], column.format, locale)),
            ),
          ],
        })),
      ],
      locale,
    );
  }
  const sheets: ExportSheet[] = tables.map((table) => ({
    title: tableTitle(table, locale),
    preamble: [filterHeader, ...filters],
    columns: table.columns.map((column, index) => ({
      header: headers(table, locale)[index]!,
      numFmt: column.format === 'date' ? DATE_FORMAT[locale] : NUMBER_FORMATS[column.format],
    })),
    rows: table.rows.map((row) => table.columns.map((column) => xlsxCell(row[column.key], column.format, locale))),
  }));
  return xlsxSheets(sheets);
}
