import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { Database } from '../src/db/connection.js';
import { works } from '../src/db/schema/organisation.js';
import { EXPORT_BATCH } from '../src/crud/reads.js';
import { adminSuite, Client, placeOf } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';

/** GET /api/<resource>/export: every row matching the filters, as CSV or XLSX. */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;

adminSuite((context) => ({ db, app, world, admin } = context));

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

async function addWorks(count: number): Promise<void> {
  await db.orm.execute(sql`
    insert into ${works} (name, prj, description, base_id, start_date, end_date)
    select 'Obra Extra ' || lpad(n::text, 3, '0'), 'PRJ-X' || n, 'Extra', ${world.baseA}, '2026-01-01', '2026-06-30'
    from generate_series(1, ${count}) as n`);
}

describe('CSV', () => {
  test('is UTF-8 with a BOM, ;-separated, headed in Portuguese, and a download', async () => {
    const response = await admin.get('/api/bases/export?format=csv');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="bases-\d{4}-\d\d-\d\d\.csv"$/,
    );
    assert.ok(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'BOM');
    const [header, ...rows] = csvRows(response.body);
    assert.equal(header, 'ID;Nome;Estado;Ativo;Criado em');
    assert.deepEqual(
      rows.map((row) => row.split(';').slice(1, 4)),
      [
        ['Base Alfa', 'SP — São Paulo', 'Sim'],
        ['Base Beta', 'RJ — Rio de Janeiro', 'Sim'],
      ],
    );
  });

  test('holds every row that matches, whatever the page asked for', async () => {
    await addWorks(45);
    const response = await admin.get('/api/works/export?format=csv&page=2&pageSize=5&search=extra');
    const rows = csvRows(response.body).slice(1);
    assert.equal(rows.length, 45);
    assert.match(rows[0]!, /Obra Extra 001/);
    assert.match(rows[44]!, /Obra Extra 045/);
  });

  test('follows search, includeInactive and the filters', async () => {
    await db.orm.update(works).set({ isActive: false }).where(eq(works.id, world.workA2));
    const active = csvRows((await admin.get(`/api/works/export?format=csv&base=${world.baseA}`)).body);
    assert.deepEqual(
      active.slice(1).map((row) => row.split(';')[1]),
      ['Obra A1'],
    );
    const all = csvRows(
      (await admin.get(`/api/works/export?format=csv&base=${world.baseA}&includeInactive=true`)).body,
    );
    assert.equal(all.length, 3);
  });

  test('quotes what needs it and never hands Excel a formula', async () => {
    await admin.post('/api/bases', { name: '=HYPERLINK("x";"y")', state: 'SP', isActive: true });
    await admin.post('/api/bases', { name: 'Base; com "aspas"', state: 'SP', isActive: true });
    const rows = csvRows((await admin.get('/api/bases/export?format=csv')).body);
    assert.ok(
      rows.some((row) => row.includes(`;"'=HYPERLINK(""x"";""y"")";`)),
      rows.join('\n'),
    );
    assert.ok(
      rows.some((row) => row.includes(';"Base; com ""aspas""";')),
      rows.join('\n'),
    );
  });

  test("the formula guard: a leading ' only where a spreadsheet would run a formula (docs/exports.md)", async () => {
    const guarded = ['=1+1', '@SUM(A1)', '+A1', '-2+3', '-2-3', "-cmd|' /C calc'!A0", '- item'];
    const plain = ['+55 11 91234-5678', '-5 graus', '-5', '-1,5', '+3.25', 'a=1+1'];
    for (const name of [...guarded, ...plain]) {
      assert.equal((await admin.post('/api/bases', { name, state: 'SP', isActive: true })).statusCode, 201, name);
    }
    const names = csvRows((await admin.get('/api/bases/export?format=csv&pageSize=100')).body)
      .slice(1)
      .map((row) =>
        row
          .split(';')[1]!
          .replace(/^"(.*)"$/, '$1')
          .replaceAll('""', '"'),
      );
    for (const name of guarded) assert.ok(names.includes(`'${name}`), `${name} guarded: ${names.join(' | ')}`);
    for (const name of plain) assert.ok(names.includes(name), `${name} as is: ${names.join(' | ')}`);
  });

  test('a character XML cannot carry, in a row stored before it was refused, is left out: the file still opens', async () => {
    await db.orm.execute(sql`update bases set name = ${'Base\uFFFE Ve\u0001lha\u000B'} where id = ${world.baseA}`);
    const csv = await admin.get('/api/bases/export?format=csv');
    assert.ok(csvRows(csv.body).some((row) => row.includes(';Base Velha;')));
    assert.ok(
      !['\uFFFE', '\u0001', '\u000B'].some((character) => csv.body.includes(character)),
      'nothing XML cannot carry',
    );
    const xlsx = await admin.get('/api/bases/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.deepEqual(
      [2, 3].map((row) => sheet.getRow(row).getCell(2).value),
      ['Base Beta', 'Base Velha'],
    );
  });

  test('speaks the language of the request', async () => {
    const english = await Client.of(app, 'admin', 'en-US');
    const response = await english.get('/api/contracts/export?format=csv');
    assert.match(String(response.headers['content-disposition']), /filename="contractors-/);
    const [header, first] = csvRows(response.body);
    // en-US: `,` between fields (what Excel and LibreOffice expect there), pt-BR `;`.
    assert.equal(
      header,
      'ID,Name,Description,Base,Work,Reporting goal per day,Reporting period,Value-adding target (%),Compliance target (%),Active,Parent inactive,Created at',
    );
    // No target set: empty cells.
    assert.match(first!, /,30 minutes,,,Yes,No,/);
  });

  test('writes an instant on the site clock (SITE_TIME_ZONE, São Paulo here), ISO date and time', async () => {
    await db.orm
      .update(works)
      .set({ createdAt: new Date('2026-03-02T02:30:00Z') })
      .where(eq(works.id, world.workA1));
    const rows = csvRows((await admin.get('/api/works/export?format=csv')).body);
    assert.ok(
      rows.some((row) => row.endsWith(';2026-03-01 23:30:00')),
      rows.join('\n'),
    );
  });

  test('reads past one batch without losing or repeating a row, even when names tie', { timeout: 60_000 }, async () => {
    const count = EXPORT_BATCH + 234;
    const place = placeOf(world, 'A1');
    await db.orm.execute(sql`
      insert into users (first_name, email, username, password_hash, profile, base_id, work_id, contract_id)
      select 'Igual', 'igual' || n || '@t.test', 'igual' || n, 'x', 'reporter', ${place.baseId}, ${place.workId}, ${place.contractId}
      from generate_series(1, ${count}) as n`);
    const rows = csvRows((await admin.get('/api/users/export?format=csv&search=igual')).body).slice(1);
    const ids = rows.map((row) => Number(row.split(';')[0]));
    assert.equal(ids.length, count);
    assert.equal(new Set(ids).size, count);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'ties in the name keep the id order',
    );
  });
});

describe('XLSX', () => {
  test('is a workbook with a header row, one row per record and real date cells', async () => {
    await addWorks(30);
    const response = await admin.get('/api/works/export?format=xlsx&pageSize=10');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(String(response.headers['content-disposition']), /filename="obras-\d{4}-\d\d-\d\d\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.rowCount, 1 + 33);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1, 6), ['ID', 'Nome', 'PRJ', 'Descrição', 'Base']);
    const first = sheet.getRow(2);
    assert.equal(first.getCell(2).value, 'Obra A1');
    assert.ok(first.getCell(6).value instanceof Date, 'start date is a date cell');
    assert.equal((first.getCell(6).value as Date).toISOString(), '2026-01-01T00:00:00.000Z');
    assert.equal(first.getCell(8).value, 'Sim');
  });

  test("'Created at' is a date cell on the site's clock, shown with its time; columns as wide as their content", async () => {
    await db.orm
      .update(works)
      .set({ createdAt: new Date('2026-03-02T02:30:00Z') })
      .where(eq(works.id, world.workA1));
    await db.orm
      .update(works)
      .set({ description: 'Uma descrição bem mais longa que doze caracteres' })
      .where(eq(works.id, world.workA1));
    const response = await admin.get('/api/works/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const created = sheet.getRow(2).getCell(10);
    assert.equal(sheet.getRow(1).getCell(10).value, 'Criado em');
    assert.equal((created.value as Date).toISOString(), '2026-03-01T23:30:00.000Z', 'São Paulo wall clock');
    assert.equal(created.numFmt, 'dd/mm/yyyy hh:mm:ss');
    assert.ok(sheet.getColumn(4).width! >= 'Uma descrição bem mais longa que doze caracteres'.length);
    assert.ok(sheet.getColumn(10).width! >= 'dd/mm/yyyy hh:mm:ss'.length);
  });
});

describe('the export query', () => {
  test('needs a known format', async () => {
    for (const [url, code] of [
      ['/api/works/export', 'required'],
      ['/api/works/export?format=pdf', 'invalid_value'],
    ] as const) {
      const response = await admin.get(url);
      assert.equal(response.statusCode, 400, url);
      assert.deepEqual((response.json() as { fields: unknown }).fields, { format: code });
    }
  });

  test('needs the level that may read the list', async () => {
    const base = await Client.of(app, 'baseA');
    assert.equal((await base.get('/api/occurrences/export?format=csv')).statusCode, 403);
    assert.equal((await base.get('/api/surveys/export?format=xlsx')).statusCode, 403);
  });
});
