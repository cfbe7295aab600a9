import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NAMES, ENTITIES, HIERARCHY, REPORT_KINDS } from '@canteiro/shared/domain';
import type { Locale } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { runsAsFormula, sheetNames } from '../src/crud/export-cells.js';
import { surveys } from '../src/db/schema/people.js';
import type { Client, Person, World } from './admin-fixtures.js';
import { Client as SignedIn } from './admin-fixtures.js';
import { addEquipmentRows, addQuantityRows, createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';
import { Phone, a1ActivityRow, a1QuantityRow } from './mobile-fixtures.js';
import type { BatchAnswer } from './mobile-fixtures.js';

/**
 * Every export opens anywhere (docs/exports.md): each list, report list and dashboard, CSV and
 * XLSX, pt-BR and en-US, opened in LibreOffice (headless, converted to CSV) and openpyxl, with
 * rows carrying tricky but allowed text and an old row holding characters the API now refuses.
 */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;
let suite: DashboardSuite & { people: Record<Person, number> };

managementSuite((context) => {
  ({ db, app, world, admin } = context);
  suite = context;
});

/** Allowed text that tends to break a file: each must come back as it was stored. */
const TRICKY = [
  'tab\there',
  'linha 1\nlinha 2',
  'diz "olá"',
  'a;b',
  'a,b',
  '=1+1',
  '+55 11 91234-5678',
  '-5 graus',
  'obra 🏗️ ok',
  'Ação já é útil',
];
/** What the API refuses (400 invalid_text), and what an old row may still hold. */
const HOSTILE = ['\uFFFE', '\uFFFF', '\u0001', '\u0008', '\u000B', '\u000C', '\u001F'];

/** Every list of the hierarchy, by its endpoint (resources/registry.ts registers the same). */
const RESOURCES = ENTITIES.map((entity) => HIERARCHY[entity].endpoint);
const LOCALES: Locale[] = ['pt-BR', 'en-US'];
/** LibreOffice's language ids, for its CSV import (pt-BR reads a decimal comma). */
const LANGUAGE_ID: Record<Locale, number> = { 'pt-BR': 1046, 'en-US': 1033 };
const SEPARATOR: Record<Locale, string> = { 'pt-BR': ';', 'en-US': ',' };
/** LibreOffice's CSV export: `,`, `"`, UTF-8, en-US numbers, text cells quoted (so a number is what is not). */
const LO_CSV_OUT = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,true,false,false,false';

/** A CSV as lines of fields, each with whether it was quoted. */
function parseCsv(text: string, separator: string): { value: string; quoted: boolean }[][] {
  const lines: { value: string; quoted: boolean }[][] = [];
  let line: { value: string; quoted: boolean }[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  const endField = () => {
    line.push({ value: field, quoted });
    [field, quoted] = ['', false];
  };
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') [field, i] = [`${field}"`, i + 1];
      else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') [inQuotes, quoted] = [true, true];
    else if (char === separator) endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      lines.push(line);
      line = [];
    } else field += char;
  }
  if (field || line.length > 0) {
    endField();
    lines.push(line);
  }
  return lines;
}

const blank = (line: { value: string }[]) => line.every((cell) => cell.value === '');

/** A number as the export's language writes it (the dashboards group thousands), or null. */
function numberOf(text: string, locale: Locale): number | null {
  const [group, decimal] = locale === 'pt-BR' ? ['.', ','] : [',', '.'];
  const pattern =
    locale === 'pt-BR'
      ? /^-?\d{1,3}(\.\d{3})*(,\d+)?%?$|^-?\d+(,\d+)?%?$/
      : /^-?\d{1,3}(,\d{3})*(\.\d+)?%?$|^-?\d+(\.\d+)?%?$/;
  if (!pattern.test(text)) return null;
  const plain = text.replaceAll(group, '').replace(decimal, '.');
  return plain.endsWith('%') ? Number(plain.slice(0, -1)) / 100 : Number(plain);
}

/** A number LibreOffice wrote (en-US, maybe with a %), or null for text. */
const loNumber = (cell: { value: string; quoted: boolean }): number | null => {
  if (cell.quoted || cell.value === '') return null;
  const value = cell.value.replaceAll(',', '');
  return value.endsWith('%') ? Number(value.slice(0, -1)) / 100 : Number(value);
};

function soffice(profile: string, outdir: string, files: string[], infilter?: string): void {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--norestore',
      ...(infilter ? [`--infilter=${infilter}`] : []),
      '--convert-to',
      infilter ? LO_CSV_OUT : `${LO_CSV_OUT},-1`,
      '--outdir',
      outdir,
      ...files,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
}

/** Each XLSX as openpyxl reads it: sheet name → rows of [type, value] ('n' number, 's' text, 'd' date). */
const OPENPYXL = `
import json, sys, datetime, numbers
from openpyxl import load_workbook
out = {}
for path in sys.argv[1:]:
    book = load_workbook(path)
    out[path] = {}
    for sheet in book.worksheets:
        rows = []
        for row in sheet.iter_rows(values_only=True):
            cells = []
            for v in row:
                if v is None: cells.append(['e', None])
                elif isinstance(v, bool): cells.append(['b', v])
                elif isinstance(v, numbers.Number): cells.append(['n', v])
                elif isinstance(v, (datetime.datetime, datetime.date, datetime.time)): cells.append(['d', str(v)])
                else: cells.append(['s', v])
            rows.append(cells)
        out[path][sheet.title] = rows
print(json.dumps(out))
`;
type OpenpyxlCell = ['e' | 'b' | 'n' | 'd' | 's', unknown];

let work: string | undefined;
after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the sheet name is cut at a word; the formula guard is exactly the documented rule', () => {
  assert.deepEqual(sheetNames(['Apontamentos de atividades por função e semana', 'Curto']), [
    'Apontamentos de atividades por',
    'Curto',
  ]);
  assert.deepEqual(sheetNames(['HH por função, ocorrência e classe']), ['HH por função, ocorrência e']);
  for (const text of [
    '=1+1',
    '@SUM(A1)',
    '\tx',
    '\rx',
    '+A1',
    '-2+3',
    '-2-3',
    '- item',
    "-cmd|' /C calc'!A0",
    '+',
    '-',
  ])
    assert.equal(runsAsFormula(text), true, text);
  for (const text of ['+55 11 91234-5678', '-5 graus', '-5', '-1,5', '+3.25', '-10%', 'a=1', ' =1', 'x-1'])
    assert.equal(runsAsFormula(text), false, text);
});

test(
  'every export of every list, report list and dashboard opens in LibreOffice and openpyxl, in pt-BR and en-US',
  { timeout: 180_000 },
  async (t) => {
    const started = performance.now();
    const fixture = await createDashboardFixture(suite);
    await addEquipmentRows(suite);
    await addQuantityRows(suite, fixture);

    // Refused at the edge: 400 invalid_text, nothing stored (a name, a mobile note).
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const basesBefore = (await selectRows(db.orm, sql`select id from bases`)).length;
    for (const character of HOSTILE) {
      const refused = await admin.post('/api/bases', { name: `Base ${character}`, state: 'SP', isActive: true });
      assert.equal(refused.statusCode, 400);
      assert.equal(refused.json<{ code: string }>().code, 'invalid_text');
    }
    const hostileNotes = await phone.send(HOSTILE.map((notes) => a1ActivityRow(suite.catalogue, fixture.V, { notes })));
    assert.deepEqual(
      hostileNotes.json<BatchAnswer>().rejected.map((row) => row.code),
      HOSTILE.map(() => 'invalid_text'),
    );
    assert.equal((await selectRows(db.orm, sql`select id from bases`)).length, basesBefore);
    assert.equal((await selectRows(db.orm, sql`select id from activity_reports where notes is not null`)).length, 0);

    // Allowed: stored as sent, through the API (a base each; a report's notes; a quantity of 1024.419).
    for (const name of TRICKY) {
      const stored = await admin.post('/api/bases', { name, state: 'SP', isActive: true });
      assert.equal(stored.statusCode, 201, stored.body);
      assert.equal(stored.json<{ name: string }>().name, name);
    }
    const sent = await phone.send([
      ...TRICKY.map((notes) => a1ActivityRow(suite.catalogue, fixture.V, { notes, reportInfo: notes })),
      a1QuantityRow(suite.catalogue, { quantity: 1024.419 }),
      a1QuantityRow(suite.catalogue, { quantity: 0.125 }),
    ]);
    assert.equal(sent.json<BatchAnswer>().accepted.length, TRICKY.length + 2, sent.body);
    // Old rows, stored before the rule: a name in every list holds refused characters and tricky text.
    const legacy = `Velho${HOSTILE.join('')} ${TRICKY.join(' | ')}`;
    for (const table of [
      'works',
      'contracts',
      'disciplines',
      'areas',
      'locals',
      'blocks',
      'packages',
      'activities',
      'functions',
    ]) {
      await db.orm.execute(
        sql`update ${sql.identifier(table)} set name = ${legacy} where id = (select min(id) from ${sql.identifier(table)})`,
      );
    }
    await db.orm.execute(sql`update equipment set specification = ${legacy}`);
    await db.orm.execute(sql`update occurrences set name = ${legacy} where id = ${fixture.H}`);
    await db.orm.execute(sql`update users set first_name = ${legacy} where email = 'reporterA1@t.test'`);
    await db.orm.insert(surveys).values(
      TRICKY.map((suggestions) => ({
        userId: suite.people.reporterA1,
        contractId: world.contractA1,
        reportTime: new Date('2026-03-02T10:30:00Z'),
        experience: 4,
        usability: 5,
        resources: 3,
        suggestions,
      })),
    );

    // Every download, with the number of data rows the list says it has.
    const contract = `contract=${world.contractA1}`;
    const downloads: { url: string; rows: number | null }[] = [];
    for (const resource of RESOURCES) {
      const total = (await admin.get(`/api/${resource}?pageSize=1`)).json<{ total: number }>().total;
      downloads.push({ url: `/api/${resource}/export?`, rows: total });
    }
    for (const kind of REPORT_KINDS) {
      const total = (await admin.get(`/api/reports/${kind}?${contract}&pageSize=1`)).json<{ total: number }>().total;
      downloads.push({ url: `/api/reports/${kind}/export?${contract}&`, rows: total });
    }
    for (const name of DASHBOARD_NAMES)
      downloads.push({ url: `/api/dashboards/${name}/export?${contract}&`, rows: null });

    const dir = mkdtempSync(path.join(tmpdir(), 'canteiro-exports-'));
    work = dir;
    const folders = ['pt-BR', 'en-US', 'xlsx', 'out-pt-BR', 'out-en-US', 'out-xlsx'];
    for (const folder of folders) mkdirSync(path.join(dir, folder));
    const files = new Map<string, { url: string; rows: number | null; locale: Locale; body: Buffer }>();
    const clients: Record<Locale, Client> = { 'pt-BR': admin, 'en-US': await SignedIn.of(app, 'admin', 'en-US') };
    for (const locale of LOCALES) {
      for (const [index, { url, rows }] of downloads.entries()) {
        for (const format of ['csv', 'xlsx'] as const) {
          const response = await clients[locale].get(`${url}format=${format}`);
          assert.equal(response.statusCode, 200, `${url} ${format} ${locale}: ${response.body.slice(0, 200)}`);
          const name = `f${index}-${locale}.${format}`;
          const folder = format === 'csv' ? locale : 'xlsx';
          writeFileSync(path.join(dir, folder, name), response.rawPayload);
          files.set(name, { url, rows, locale, body: response.rawPayload });
        }
      }
    }
    const exported = performance.now();

    // LibreOffice: one run per CSV language (its import options), one for every XLSX (all sheets).
    const profile = path.join(dir, 'profile');
    for (const locale of LOCALES) {
      const inputs = readdirSync(path.join(dir, locale)).map((name) => path.join(dir, locale, name));
      soffice(
        profile,
        path.join(dir, `out-${locale}`),
        inputs,
        `CSV:${SEPARATOR[locale].charCodeAt(0)},34,76,1,,${LANGUAGE_ID[locale]}`,
      );
    }
    const xlsxFiles = readdirSync(path.join(dir, 'xlsx')).map((name) => path.join(dir, 'xlsx', name));
    soffice(profile, path.join(dir, 'out-xlsx'), xlsxFiles);
    const converted = performance.now();
    writeFileSync(path.join(dir, 'read.py'), OPENPYXL);
    const openpyxl = JSON.parse(
      execFileSync('/usr/bin/python3', [path.join(dir, 'read.py'), ...xlsxFiles], {
        maxBuffer: 64 * 1024 * 1024,
      }).toString(),
    ) as Record<string, Record<string, OpenpyxlCell[][]>>;
    const read = performance.now();

    let numbers = 0;
    let texts = 0;
    for (const [name, { url, rows, locale, body }] of files) {
      const label = `${url} ${name}`;
      if (name.endsWith('.csv')) {
        const ours = parseCsv(body.toString('utf8'), SEPARATOR[locale]).filter((line) => !blank(line));
        const theirs = parseCsv(readFileSync(path.join(dir, `out-${locale}`, name), 'utf8'), ',').filter(
          (line) => !blank(line),
        );
        assert.equal(theirs.length, ours.length, `${label}: LibreOffice read every line`);
        if (rows !== null) assert.equal(ours.length, rows + 1, `${label}: every row`);
        ours.forEach((line, row) =>
          line.forEach((cell, column) => {
            const seen = theirs[row]![column] ?? { value: '', quoted: false };
            const number = cell.quoted ? null : numberOf(cell.value, locale);
            if (number !== null && !/^0\d/.test(cell.value)) {
              numbers += 1;
              assert.equal(loNumber(seen), number, `${label} ${row}:${column} ${cell.value} is the number ${number}`);
            } else if (TRICKY.includes(cell.value) || TRICKY.includes(cell.value.replace(/^'/, ''))) {
              texts += 1;
              assert.equal(seen.value, cell.value, `${label} ${row}:${column} text as written`);
            }
          }),
        );
      } else {
        const sheets = openpyxl[path.join(dir, 'xlsx', name)]!;
        const all = Object.values(sheets);
        if (rows !== null) assert.equal(all[0]!.length, rows + 1, `${label}: openpyxl reads every row`);
        for (const [sheet, cells] of Object.entries(sheets)) {
          const lo = readdirSync(path.join(dir, 'out-xlsx')).filter((file) =>
            file.startsWith(name.replace('.xlsx', '')),
          );
          const loFile = lo.length === 1 ? lo[0]! : lo.find((file) => file.endsWith(`-${sheet}.csv`));
          assert.ok(loFile, `${label}: LibreOffice wrote sheet ${sheet} (${lo.join(', ')})`);
          const theirs = parseCsv(readFileSync(path.join(dir, 'out-xlsx', loFile), 'utf8'), ',');
          const filled = cells.filter((line) => line.some(([type]) => type !== 'e'));
          assert.equal(
            theirs.filter((line) => !blank(line)).length,
            filled.length,
            `${label} ${sheet}: LibreOffice rows`,
          );
          for (const line of cells) {
            for (const [type, value] of line) {
              if (type === 'n') numbers += 1;
              if (type === 's' && TRICKY.includes(value as string)) texts += 1;
              if (type === 's') assert.ok(!HOSTILE.some((character) => (value as string).includes(character)), label);
            }
          }
        }
      }
    }
    // Each tricky text came back (bases, notes, report info, suggestions) in every file that holds it.
    assert.ok(texts >= TRICKY.length * 4 * 4, `tricky texts seen ${texts}`);
    assert.ok(numbers > 500, `numeric cells checked: ${numbers}`);
    // The quantity 1024.419: a number in every reader, in both languages.
    for (const locale of LOCALES) {
      const index = RESOURCES.length + REPORT_KINDS.indexOf('quantity');
      const lo = parseCsv(readFileSync(path.join(dir, `out-${locale}`, `f${index}-${locale}.csv`), 'utf8'), ',');
      assert.ok(
        lo.some((line) => line.some((cell) => loNumber(cell) === 1024.419)),
        `${locale}: 1024.419 in LibreOffice`,
      );
      assert.ok(
        lo.some((line) => line.some((cell) => loNumber(cell) === 0.125)),
        `${locale}: 0.125 in LibreOffice`,
      );
      const xlsx = Object.values(openpyxl[path.join(dir, 'xlsx', `f${index}-${locale}.xlsx`)]!)[0]!;
      assert.ok(
        xlsx.some((line) => line.some(([type, value]) => type === 'n' && value === 1024.419)),
        'openpyxl 1024.419',
      );
    }
    t.diagnostic(
      `${files.size} files; export ${(exported - started).toFixed(0)} ms, LibreOffice ${(converted - exported).toFixed(0)} ms, ` +
        `openpyxl ${(read - converted).toFixed(0)} ms; ${numbers} numeric cells, ${texts} tricky texts checked`,
    );
  },
);
