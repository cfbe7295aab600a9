import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NAMES, dashboardTables, figureMessages, formatFigure } from '@canteiro/shared/domain';
import type { DashboardAnswers, DashboardName, FigureTable, Locale } from '@canteiro/shared/domain';
import { sheetNames } from '../src/crud/export.js';
import { defaultRange } from '../src/dashboards/period.js';
import { packages } from '../src/db/schema/catalogue.js';
import type { Client, World } from './admin-fixtures.js';
import { Client as SignedIn } from './admin-fixtures.js';
import { addEquipmentRows, addQuantityRows, createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardFixture, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * The dashboards' default range (`GET /api/dashboards/period`) and export
 * (`GET /api/dashboards/<name>/export`), docs/dashboards.md, on the hand-made data set of
 * dashboards.test.ts (dashboard-fixtures.ts).
 */

let app: FastifyInstance;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, admin, world } = context);
  suite = context;
});

describe('period', () => {
  test("first and last days with reports, and the last four weeks' range", async () => {
    await createDashboardFixture(suite);
    // A1: 2026-03-02 … 2026-03-09 (a Monday, week W11); three weeks before W11 starts on 2026-02-16.
    const a1 = await admin.get(`/api/dashboards/period?contract=${world.contractA1}`);
    assert.equal(a1.statusCode, 200, a1.body);
    assert.deepEqual(a1.json(), { first: '2026-03-02', last: '2026-03-09', from: '2026-02-16', to: '2026-03-09' });
    // B1: its one row on 2026-03-02 (W10): from the Monday of W07.
    const b1 = await admin.get(`/api/dashboards/period?contract=${world.contractB1}`);
    assert.deepEqual(b1.json(), { first: '2026-03-02', last: '2026-03-02', from: '2026-02-09', to: '2026-03-02' });
    const none = { first: null, last: null, from: null, to: null };
    assert.deepEqual((await admin.get(`/api/dashboards/period?contract=${world.contractA2}`)).json(), none);
  });

  test("the default range starts on the Monday of last's week minus three weeks", () => {
    assert.deepEqual(defaultRange('2026-03-08'), { from: '2026-02-09', to: '2026-03-08' }); // a Sunday
    assert.deepEqual(defaultRange('2026-03-09'), { from: '2026-02-16', to: '2026-03-09' }); // a Monday
    assert.deepEqual(defaultRange('2026-01-01'), { from: '2025-12-08', to: '2026-01-01' }); // across the year
  });

  test('nothing for a contract outside the scope or that does not exist', async () => {
    await createDashboardFixture(suite);
    const none = { first: null, last: null, from: null, to: null };
    const other = await SignedIn.of(app, 'contractA1b');
    const outside = await other.get(`/api/dashboards/period?contract=${world.contractA1}`);
    assert.equal(outside.statusCode, 200);
    assert.deepEqual(outside.json(), none);
    assert.deepEqual((await admin.get('/api/dashboards/period?contract=999999')).json(), none);
  });

  test('contract required, an id', async () => {
    for (const [query, code] of [
      ['', 'required'],
      ['contract=', 'required'],
      ['contract=x', 'invalid_value'],
      ['contract=0', 'invalid_value'],
      ['contract=1&contract=2', 'invalid_value'],
    ] as const) {
      const response = await admin.get(`/api/dashboards/period?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.deepEqual(response.json<{ code: string; fields: object }>().fields, { contract: code }, query);
      assert.equal(response.json<{ code: string }>().code, 'validation_failed');
    }
  });
});

/** Every table of every dashboard has rows: activity, equipment and quantity rows. */
async function fullFixture(): Promise<DashboardFixture> {
  const fixture = await createDashboardFixture(suite);
  await addEquipmentRows(suite);
  await addQuantityRows(suite, fixture);
  return fixture;
}

const queryText = (query: Record<string, string>) => new URLSearchParams(query).toString();

async function answerOf<Name extends DashboardName>(name: Name, query: Record<string, string>, client = admin) {
  const response = await client.get(`/api/dashboards/${name}?${queryText(query)}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<DashboardAnswers[Name]>();
}

async function download(name: DashboardName, format: 'csv' | 'xlsx', query: Record<string, string>, client = admin) {
  const response = await client.get(`/api/dashboards/${name}/export?${queryText({ format, ...query })}`);
  assert.equal(response.statusCode, 200, response.body);
  return response;
}

/** A CSV with quoted fields (`;`-separated in pt-BR, `,` in en-US), as lines of cells (the BOM and CRLFs checked first). */
function parseCsv(text: string, separator: string): string[][] {
  assert.ok(text.startsWith('\uFEFF'), 'UTF-8 BOM');
  assert.ok(!/[^\r]\n/.test(text), 'CRLF only');
  const lines: string[][] = [];
  let line: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') [field, i] = [`${field}"`, i + 1];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) [line, field] = [[...line, field], ''];
    else if (char === '\r') {
      lines.push([...line, field]);
      [line, field, i] = [[], '', i + 1];
    } else field += char;
  }
  return lines;
}

/** The CSV's blocks: lines up to each blank line. */
function csvBlocksOf(text: string, locale: Locale = 'pt-BR'): string[][][] {
  const blocks: string[][][] = [[]];
  for (const line of parseCsv(text, locale === 'pt-BR' ? ';' : ',')) {
    if (line.length === 1 && line[0] === '') blocks.push([]);
    else blocks.at(-1)!.push(line);
  }
  assert.deepEqual(blocks.pop(), [], 'every block ends with a blank line');
  return blocks;
}

const words = (locale: Locale) => figureMessages[locale];
const headersOf = (table: FigureTable, locale: Locale) =>
  table.columns.map((column) => words(locale).columns[column.key]);
/** What formatFigure writes of each cell: the CSV's text and the screen's. */
const writtenRows = (table: FigureTable, locale: Locale) =>
  table.rows.map((row) => table.columns.map((column) => formatFigure(row[column.key], column.format, locale)));

/** CSV = the filters block, then each of `tables` as title, header and rows written in `locale`. */
function assertCsv(text: string, tables: FigureTable[], locale: Locale): string[][] {
  const [filters, ...blocks] = csvBlocksOf(text, locale);
  assert.deepEqual(filters!.slice(0, 2), [
    [words(locale).tables.filters],
    [words(locale).columns.filter, words(locale).columns.value],
  ]);
  assert.equal(blocks.length, tables.length);
  tables.forEach((table, index) => {
    assert.deepEqual(
      blocks[index],
      [[words(locale).tables[table.key]], headersOf(table, locale), ...writtenRows(table, locale)],
      `CSV table ${table.key}`,
    );
  });
  return filters!.slice(2);
}

const NUMBER_FORMATS: Record<string, string> = {
  integer: '#,##0',
  hh: '#,##0.0',
  decimal: '#,##0.00',
  rup: '#,##0.0###',
  tenths: '#,##0.0',
  index: '0.0%',
};

/** XLSX = a sheet per table: filters, blank row, header, rows; numbers, dates and words as the screen's. */
async function assertXlsx(payload: Buffer, tables: FigureTable[], locale: Locale): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  assert.deepEqual(
    workbook.worksheets.map((sheet) => sheet.name),
    sheetNames(tables.map((table) => words(locale).tables[table.key])),
  );
  let filters: string[][] | undefined;
  tables.forEach((table, index) => {
    const sheet = workbook.worksheets[index]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    let blank = 1;
    while (values(blank).length > 0) blank++;
    const preamble = Array.from({ length: blank - 1 }, (_, row) => values(row + 1) as string[]);
    assert.deepEqual(preamble[0], [words(locale).columns.filter, words(locale).columns.value]);
    filters ??= preamble.slice(1);
    assert.deepEqual(preamble.slice(1), filters, `the same filters on every sheet (${table.key})`);
    assert.deepEqual(values(blank + 1), headersOf(table, locale), `XLSX header ${table.key}`);
    assert.equal(sheet.rowCount, blank + 1 + table.rows.length, `XLSX rows ${table.key}`);
    table.rows.forEach((row, rowIndex) => {
      table.columns.forEach((column, columnIndex) => {
        const cell = sheet.getRow(blank + 2 + rowIndex).getCell(columnIndex + 1);
        const value = row[column.key];
        const where = `${table.key}[${rowIndex}].${column.key}`;
        if (value === null || value === undefined) return assert.equal(cell.value, null, where);
        if (column.format in NUMBER_FORMATS) {
          assert.equal(cell.value, value, where);
          assert.equal(cell.numFmt, NUMBER_FORMATS[column.format], where);
        } else if (column.format === 'date') {
          assert.ok(cell.value instanceof Date, `${where} is a date cell`);
          assert.equal((cell.value as Date).toISOString().slice(0, 10), value, where);
          assert.equal(cell.numFmt, locale === 'pt-BR' ? 'dd/mm/yyyy' : 'mm/dd/yyyy', where);
        } else {
          assert.equal(cell.value, formatFigure(value, column.format, locale), where);
        }
      });
    });
  });
  return filters!;
}

describe('export', () => {
  test('chart, table and export agree: every table of every dashboard, XLSX and CSV, with filters', async () => {
    const fixture = await fullFixture();
    const queries: Record<string, string>[] = [
      { contract: String(world.contractA1) },
      // A function and a time window (the rows, not the rollup): servente's r2 (07:00) and r4 (08:00).
      { contract: String(world.contractA1), function: String(fixture.servente), fromTime: '07:00', toTime: '09:59' },
      { contract: String(world.contractA1), from: '2026-03-02', to: '2026-03-08', weekdays: '1-5', range: 'day' },
    ];
    for (const name of DASHBOARD_NAMES) {
      for (const query of queries) {
        const tables = dashboardTables(name, await answerOf(name, query));
        const xlsx = await download(name, 'xlsx', query);
        await assertXlsx(xlsx.rawPayload, tables, 'pt-BR');
        const csv = await download(name, 'csv', query);
        assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
        assertCsv(csv.body, tables, 'pt-BR');
      }
    }
  });

  test('the figures are not empty: the agreement above compares rows, not empty tables', async () => {
    await fullFixture();
    const query = { contract: String(world.contractA1) };
    for (const name of DASHBOARD_NAMES) {
      const tables = dashboardTables(name, await answerOf(name, query));
      assert.ok(
        tables.every((table) => table.rows.length > 0),
        `${name}: ${tables.filter((table) => table.rows.length === 0).map((table) => table.key)}`,
      );
    }
  });

  test('pt-BR writes 7,5 and 71,4%; en-US 7.5 and 71.4%; names and dates by language', async () => {
    await fullFixture();
    const query = { contract: String(world.contractA1) };
    const pt = csvBlocksOf((await download('project-health', 'csv', query)).body);
    // Totals: value-adding 7.5 HH, index 15/21.
    assert.deepEqual(
      pt[1]!.slice(0, 3).map((line) => line.slice(0, 5)),
      [
        ['Totais'],
        ['HH agrega valor', 'HH perda oculta', 'HH perda evidente', 'HH total', 'Agrega valor'],
        ['7,5', '1,0', '2,0', '10,5', '71,4%'],
      ],
    );
    const english = await SignedIn.of(app, 'admin', 'en-US');
    const response = await download('project-health', 'csv', query, english);
    assert.match(String(response.headers['content-disposition']), /filename="project-health-\d{4}-\d\d-\d\d\.csv"/);
    const en = csvBlocksOf(response.body, 'en-US');
    assert.deepEqual(en[1]![2]!.slice(0, 5), ['7.5', '1.0', '2.0', '10.5', '71.4%']);
    assertCsv(
      response.body,
      dashboardTables('project-health', await answerOf('project-health', query, english)),
      'en-US',
    );
    const xlsx = await download('by-function', 'xlsx', query, english);
    assert.match(String(xlsx.headers['content-disposition']), /filename="by-function-\d{4}-\d\d-\d\d\.xlsx"/);
    await assertXlsx(xlsx.rawPayload, dashboardTables('by-function', await answerOf('by-function', query)), 'en-US');
    const pt2 = await download('project-health', 'xlsx', query);
    assert.match(String(pt2.headers['content-disposition']), /filename="saude-do-projeto-\d{4}-\d\d-\d\d\.xlsx"/);
    assert.match(
      String((await download('by-function', 'csv', query)).headers['content-disposition']),
      /filename="por-funcao-\d{4}-\d\d-\d\d\.csv"/,
    );
  });

  test("the filters block names the contract, the function and every filter in the language's words", async () => {
    const fixture = await fullFixture();
    const query = {
      contract: String(world.contractA1),
      from: '2026-03-02',
      to: '2026-03-09',
      fromTime: '07:00',
      toTime: '09:59',
      weekdays: '1-5',
      function: String(fixture.servente),
      occurrence: String(fixture.V),
      week: '2026-W10',
    };
    const tables = dashboardTables('project-health', await answerOf('project-health', query));
    const expected = [
      ['Painel', 'Saúde do projeto'],
      ['Contratada', 'Contrato A1'],
      ['Data inicial', '02/03/2026'],
      ['Data final', '09/03/2026'],
      ['Hora inicial', '07:00'],
      ['Hora final', '09:59'],
      ['Dias da semana', 'Segunda a Sexta'],
      ['Função', 'Servente'],
      ['Ocorrência', 'Executando'],
      ['Semana', '2026-W10 (02/03/2026 – 08/03/2026)'],
      ['Agrupar por', 'Semana'],
    ];
    assert.deepEqual(assertCsv((await download('project-health', 'csv', query)).body, tables, 'pt-BR'), expected);
    assert.deepEqual(
      await assertXlsx((await download('project-health', 'xlsx', query)).rawPayload, tables, 'pt-BR'),
      expected,
    );
    // Equipment rows have no function: the filter is shown as not applying.
    const english = await SignedIn.of(app, 'admin', 'en-US');
    const equipmentTables = dashboardTables('equipment', await answerOf('equipment', query, english));
    const filters = assertCsv((await download('equipment', 'csv', query, english)).body, equipmentTables, 'en-US');
    assert.deepEqual(filters.slice(0, 4), [
      ['Dashboard', 'Equipment'],
      ['Contractor', 'Contrato A1'],
      ['From date', '03/02/2026'],
      ['To date', '03/09/2026'],
    ]);
    assert.deepEqual(
      filters.find((line) => line[0] === 'Function'),
      ['Function', 'Servente (does not apply to this dashboard)'],
    );
    assert.deepEqual(
      filters.find((line) => line[0] === 'Weekdays'),
      ['Weekdays', 'Monday to Friday'],
    );
  });

  test('text a spreadsheet would run is written as text', async () => {
    await fullFixture();
    await suite.db.orm.update(packages).set({ name: '=1+1' }).where(eq(packages.id, suite.catalogue.a1.package));
    const query = { contract: String(world.contractA1), package: String(suite.catalogue.a1.package) };
    const blocks = csvBlocksOf((await download('project-health', 'csv', query)).body);
    assert.deepEqual(
      blocks[0]!.find((line) => line[0] === 'Pacote'),
      // Named as the figures name it (unique in the contract: alone).
      ['Pacote', "'=1+1"],
    );
    const packagesBlock = blocks.find((block) => block[0]![0] === 'Pacotes')!;
    // The rank names the package as the filter does (db/catalogue-labels.ts).
    assert.equal(packagesBlock[2]![0], "'=1+1");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download('project-health', 'xlsx', query)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pacotes')!;
    const cells = sheet.getSheetValues().flat();
    assert.ok(cells.includes('=1+1'), 'a plain string cell, not a formula');
  });

  test("another contract's export is the empty answer's tables, its filters by id", async () => {
    await fullFixture();
    const other = await SignedIn.of(app, 'contractA1b');
    const query = { contract: String(world.contractA1) };
    for (const name of DASHBOARD_NAMES) {
      const empty = await answerOf(name, query, other);
      const tables = dashboardTables(name, empty);
      const filters = assertCsv((await download(name, 'csv', query, other)).body, tables, 'pt-BR');
      assert.deepEqual(filters[1], ['Contratada', `#${world.contractA1}`]);
      await assertXlsx((await download(name, 'xlsx', query, other)).rawPayload, tables, 'pt-BR');
    }
    // Nothing of A1 in the empty answers: no ranked package, no equipment.
    const health = dashboardTables('project-health', await answerOf('project-health', query, other));
    assert.deepEqual(health.find((table) => table.key === 'packages')!.rows, []);
    const equipment = dashboardTables('equipment', await answerOf('equipment', query, other));
    assert.deepEqual(equipment.find((table) => table.key === 'equipment')!.rows, []);
  });

  test('bad format or filters: 400 validation_failed with every code, before any file', async () => {
    const contract = `contract=${world.contractA1}`;
    const cases: [string, Record<string, string>][] = [
      [contract, { format: 'required' }],
      [`format=pdf&${contract}`, { format: 'invalid_value' }],
      ['format=csv', { contract: 'required' }],
      [`format=xlsx&${contract}&from=2026-03-09&to=2026-03-02`, { from: 'from_after_to' }],
      [`format=csv&${contract}&fromTime=10:00&toTime=09:00`, { fromTime: 'from_time_after_to_time' }],
      [
        `format=pdf&${contract}&weekdays=6-2&function=x`,
        { format: 'invalid_value', weekdays: 'invalid_value', function: 'invalid_value' },
      ],
    ];
    for (const name of DASHBOARD_NAMES) {
      for (const [query, fields] of cases) {
        const response = await admin.get(`/api/dashboards/${name}/export?${query}`);
        assert.equal(response.statusCode, 400, `${name}?${query}`);
        assert.match(String(response.headers['content-type']), /application\/json/);
        const body = response.json<{ code: string; fields?: Record<string, string> }>();
        assert.equal(body.code, 'validation_failed');
        assert.deepEqual(body.fields, fields, `${name}?${query}`);
      }
    }
  });
});
