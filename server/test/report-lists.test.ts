import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { equipment, functions, occurrences } from '../src/db/schema/catalogue.js';
import { activityReports, equipmentReports, quantityReports } from '../src/db/schema/reports.js';
import { EXPORT_BATCH } from '../src/crud/reads.js';
import { Browser } from './helpers.js';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { managementSuite } from './management-fixtures.js';
import type { Catalogue, Chain } from './management-fixtures.js';
import { addAlvenariaAndServente } from './dashboard-fixtures.js';

/**
 * The report lists (docs/reports.md): every filter on the site's clock (America/Sao_Paulo,
 * UTC-3 all year since 2019), search, sorts, paging, scope, validation and the exports.
 * Rows are written straight into the tables, each with its UTC instant and, worked out by
 * hand, its site date, minute and ISO weekday.
 */

let db: Database;
let app: FastifyInstance;
let admin: Client;
let world: World;
let catalogue: Catalogue;
let people: Record<string, number>;
let fixture: Fixture;

interface Fixture {
  /** A1's second chain, with an activity of its own. */
  other: Chain & { activity: number };
  servente: number;
  valueAdding: number;
  waste: number;
  betoneira: number;
}

/**
 * The activity rows of contract A1. `site`: the same instant in São Paulo (UTC-3), weekday
 * 1 Monday … 7 Sunday. 2026-03-02 is a Monday; ISO week 2026-W10 is 2 to 8 March.
 */
const ROWS = [
  {
    key: 'r1',
    utc: '2026-03-02T10:00:00Z',
    site: ['2026-03-02', '07:00', 1],
    chain: 'a1',
    fn: 'pedreiro',
    occ: 'value',
    notes: 'Laje concretada',
  },
  {
    key: 'r2',
    utc: '2026-03-03T02:30:00Z',
    site: ['2026-03-02', '23:30', 1],
    chain: 'other',
    fn: 'servente',
    occ: 'waste',
  },
  {
    key: 'r3',
    utc: '2026-03-03T20:00:00Z',
    site: ['2026-03-03', '17:00', 2],
    chain: 'a1',
    fn: 'servente',
    occ: 'waste',
    info: 'Chuva forte 50%',
  },
  {
    key: 'r4',
    utc: '2026-03-03T20:01:00Z',
    site: ['2026-03-03', '17:01', 2],
    chain: 'other',
    fn: 'pedreiro',
    occ: 'value',
  },
  {
    key: 'r5',
    utc: '2026-03-07T13:15:00Z',
    site: ['2026-03-07', '10:15', 6],
    chain: 'a1',
    fn: 'pedreiro',
    occ: 'value',
  },
  {
    key: 'r6',
    utc: '2026-03-08T15:00:00Z',
    site: ['2026-03-08', '12:00', 7],
    chain: 'other',
    fn: 'servente',
    occ: 'value',
  },
  {
    key: 'r7',
    utc: '2026-03-09T02:59:00Z',
    site: ['2026-03-08', '23:59', 7],
    chain: 'a1',
    fn: 'pedreiro',
    occ: 'waste',
  },
  {
    key: 'r8',
    utc: '2026-03-09T03:00:00Z',
    site: ['2026-03-09', '00:00', 1],
    chain: 'other',
    fn: 'servente',
    occ: 'value',
  },
] as const;
type Key = (typeof ROWS)[number]['key'];

/**
 * r1 → '00000000-0000-4000-8000-000000000001': ids known in advance, in the order of the rows.
 * An id is one report across the kinds (docs/ingestion.md), so each kind's r1 has its own.
 */
const KIND_DIGITS = { activity: '8000', equipment: '8001', quantity: '8002' };
const uuidOf = (key: string, kind: keyof typeof KIND_DIGITS = 'activity') =>
  `00000000-0000-4000-${KIND_DIGITS[kind]}-${key.slice(1).padStart(12, '0')}`;
const keyOf = (id: string) => `r${Number(id.slice(-12))}`;

const siteColumns = (site: readonly [string, string, number]) => ({
  localDate: site[0],
  localMinute: Number(site[1].slice(0, 2)) * 60 + Number(site[1].slice(3)),
  localWeekday: site[2],
});

async function createFixture(): Promise<Fixture> {
  const { alvenaria, servente } = await addAlvenariaAndServente(db, world, catalogue);
  const [valueAdding, waste] = await db.orm
    .insert(occurrences)
    .values([
      { name: 'Executando', category: 'labour', classification: 'value_adding' },
      { name: 'Aguardando material', category: 'material', classification: 'evident_waste' },
    ])
    .returning();
  const [betoneira] = await db.orm
    .insert(equipment)
    .values({ company: 'Locadora Beta', type: 'Betoneira', specification: '400 l', contractId: world.contractA1 })
    .returning();
  const other = { ...catalogue.a1Other, activity: alvenaria };
  const chains = { a1: catalogue.a1, other };
  const fns = { pedreiro: catalogue.a1.function, servente };
  const occs = { value: valueAdding!.id, waste: waste!.id };
  await db.orm.insert(activityReports).values(
    ROWS.map((row, index) => ({
      id: uuidOf(row.key),
      contractId: world.contractA1,
      reportTime: new Date(row.utc),
      ...siteColumns(row.site),
      userId: people.reporterA1!,
      packageId: chains[row.chain].package,
      localId: chains[row.chain].local,
      activityId: chains[row.chain].activity,
      functionId: fns[row.fn],
      occurrenceId: occs[row.occ],
      quantity: index + 1,
      notes: 'notes' in row ? row.notes : null,
      reportInfo: 'info' in row ? row.info : null,
      isScheduled: index % 2 === 0,
    })),
  );
  // Contract B1 at r1's very instant: never in an A1 answer.
  await db.orm.insert(activityReports).values({
    id: uuidOf('r99'),
    contractId: world.contractB1,
    reportTime: new Date(ROWS[0].utc),
    ...siteColumns(ROWS[0].site),
    userId: people.reporterA1!,
    packageId: catalogue.b1.package,
    localId: catalogue.b1.local,
    activityId: catalogue.b1.activity,
    functionId: (
      await db.orm.insert(functions).values({ name: 'Armador', contractId: world.contractB1 }).returning()
    )[0]!.id,
    occurrenceId: valueAdding!.id,
    quantity: 9,
    isScheduled: true,
  });
  await db.orm.insert(equipmentReports).values([
    {
      id: uuidOf('r1', 'equipment'),
      contractId: world.contractA1,
      reportTime: new Date(ROWS[0].utc),
      ...siteColumns(ROWS[0].site),
      userId: people.reporterA1!,
      packageId: catalogue.a1.package,
      areaId: catalogue.a1.area,
      activityId: catalogue.a1.activity,
      equipmentId: catalogue.a1.equipment,
      classification: 'working',
    },
    {
      id: uuidOf('r2', 'equipment'),
      contractId: world.contractA1,
      reportTime: new Date(ROWS[2].utc),
      ...siteColumns(ROWS[2].site),
      userId: people.reporterA1!,
      packageId: other.package,
      areaId: other.area,
      activityId: other.activity,
      equipmentId: betoneira!.id,
      classification: 'idle',
      notes: 'Sem operador',
    },
  ]);
  await db.orm.insert(quantityReports).values([
    {
      id: uuidOf('r1', 'quantity'),
      contractId: world.contractA1,
      reportTime: new Date(ROWS[4].utc),
      ...siteColumns(ROWS[4].site),
      userId: people.reporterA1!,
      packageId: catalogue.a1.package,
      areaId: catalogue.a1.area,
      activityId: catalogue.a1.activity,
      quantity: 12.5,
      unity: 'm³',
    },
    {
      id: uuidOf('r2', 'quantity'),
      contractId: world.contractA1,
      reportTime: new Date(ROWS[5].utc),
      ...siteColumns(ROWS[5].site),
      userId: people.reporterA1!,
      packageId: other.package,
      areaId: other.area,
      activityId: other.activity,
      quantity: 3.25,
      unity: 'm²',
    },
  ]);
  return { other, servente, valueAdding: valueAdding!.id, waste: waste!.id, betoneira: betoneira!.id };
}

managementSuite((context) => {
  ({ db, app, admin, world, catalogue } = context);
  people = context.people;
});

/** The fixture is built lazily by the first call of each test (the suite's data is emptied before each). */
async function list(
  query: string,
  kind = 'activity',
  client = admin,
): Promise<{ keys: string[]; body: Record<string, unknown> & { items: Record<string, unknown>[]; total: number } }> {
  const response = await client.get(`/api/reports/${kind}?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, `${kind}?${query}: ${response.body}`);
  const body = response.json() as Record<string, unknown> & { items: Record<string, unknown>[]; total: number };
  return { keys: body.items.map((item) => keyOf(String(item.id))), body };
}

const keys = async (query: string, kind = 'activity') => (await list(query, kind)).keys;
/** Newest first: the default order. */
const newestFirst = (...wanted: Key[]) => [...wanted].sort((a, b) => b.localeCompare(a));
const ALL: Key[] = ROWS.map((row) => row.key);

async function setUp(): Promise<void> {
  fixture = await createFixture();
}

describe('the activity list', () => {
  test('an item has the spec names, the names it references and the site clock', async () => {
    await setUp();
    const { body } = await list('pageSize=100');
    assert.equal(body.total, 8);
    const r2 = body.items.find((item) => item.id === uuidOf('r2'));
    assert.deepEqual(r2, {
      id: uuidOf('r2'),
      contract: world.contractA1,
      package: catalogue.a1Other.package,
      packageName: 'Pacote 2',
      local: catalogue.a1Other.local,
      localName: 'Pavimento 2',
      activity: fixture.other.activity,
      activityName: 'Alvenaria',
      function: fixture.servente,
      functionName: 'Servente',
      occurrence: fixture.waste,
      occurrenceName: 'Aguardando material',
      classification: 'evident_waste',
      quantity: 2,
      notes: null,
      reportInfo: null,
      isScheduled: false,
      reportTime: '2026-03-03T02:30:00.000Z',
      localDate: '2026-03-02',
      localTime: '23:30',
      user: people.reporterA1,
      userName: 'reporterA1',
    });
    assert.deepEqual(Object.keys(body).sort(), ['items', 'page', 'pageSize', 'total']);
  });

  test('dates are site days and `to` is included', async () => {
    await setUp();
    assert.deepEqual(await keys('from=2026-03-02&to=2026-03-02'), newestFirst('r1', 'r2'));
    assert.deepEqual(await keys('from=2026-03-03&to=2026-03-03'), newestFirst('r3', 'r4'));
    assert.deepEqual(await keys('to=2026-03-08'), newestFirst('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'));
    assert.deepEqual(await keys('from=2026-03-09'), ['r8']);
    assert.deepEqual(await keys('from=2026-03-10'), []);
  });

  test('the time window is on the site clock, toTime included to the minute', async () => {
    await setUp();
    assert.deepEqual(await keys('fromTime=17:00&toTime=17:00'), ['r3']);
    assert.deepEqual(await keys('fromTime=17:00&toTime=17:01'), newestFirst('r3', 'r4'));
    assert.deepEqual(await keys('fromTime=23:00'), newestFirst('r2', 'r7'));
    assert.deepEqual(await keys('toTime=00:00'), ['r8']);
    assert.deepEqual(await keys('fromTime=07:00&toTime=12:00'), newestFirst('r1', 'r5', 'r6'));
  });

  test('weekday ranges are site weekdays, 1 Monday … 7 Sunday', async () => {
    await setUp();
    assert.deepEqual(await keys('weekdays=6-7'), newestFirst('r5', 'r6', 'r7'));
    assert.deepEqual(await keys('weekdays=1'), newestFirst('r1', 'r2', 'r8'));
    assert.deepEqual(await keys('weekdays=2-5'), newestFirst('r3', 'r4'));
    assert.deepEqual(await keys('weekdays=1-7'), newestFirst(...ALL));
  });

  test('an ISO week is its seven site days, and combines with the dates', async () => {
    await setUp();
    assert.deepEqual(await keys('week=2026-W10'), newestFirst('r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'));
    assert.deepEqual(await keys('week=2026-W11'), ['r8']);
    assert.deepEqual(await keys('week=2026-W10&from=2026-03-07'), newestFirst('r5', 'r6', 'r7'));
    assert.deepEqual(await keys('week=2026-W09'), []);
  });

  test('each dimension, area and block through the chain', async () => {
    await setUp();
    const onA1 = newestFirst('r1', 'r3', 'r5', 'r7');
    const onOther = newestFirst('r2', 'r4', 'r6', 'r8');
    assert.deepEqual(await keys(`package=${catalogue.a1.package}`), onA1);
    assert.deepEqual(await keys(`local=${catalogue.a1Other.local}`), onOther);
    assert.deepEqual(await keys(`area=${catalogue.a1.area}`), onA1);
    assert.deepEqual(await keys(`area=${catalogue.a1Other.area}`), onOther);
    assert.deepEqual(await keys(`block=${catalogue.a1Other.block}`), onOther);
    assert.deepEqual(await keys(`activity=${catalogue.a1.activity}`), onA1);
    assert.deepEqual(await keys(`function=${fixture.servente}`), newestFirst('r2', 'r3', 'r6', 'r8'));
    assert.deepEqual(await keys(`occurrence=${fixture.waste}`), newestFirst('r2', 'r3', 'r7'));
    assert.deepEqual(await keys(`function=${fixture.servente}&occurrence=${fixture.valueAdding}&weekdays=1-6`), ['r8']);
    // A block of another contract, or an id that exists nowhere: nothing.
    assert.deepEqual(await keys(`block=${catalogue.b1.block}`), []);
    assert.deepEqual(await keys('package=2147483647'), []);
  });

  test('a dimension that a kind of row does not have is ignored for that kind', async () => {
    await setUp();
    assert.deepEqual(await keys(`equipment=${fixture.betoneira}`), newestFirst(...ALL));
    assert.deepEqual(await keys(`function=${fixture.servente}`, 'equipment'), ['r2', 'r1']);
    assert.deepEqual(await keys(`occurrence=${fixture.waste}&equipment=${fixture.betoneira}`, 'quantity'), [
      'r2',
      'r1',
    ]);
    assert.deepEqual(await keys(`range=month`), newestFirst(...ALL));
  });

  test('search: notes, report info and the referenced names, % taken literally', async () => {
    await setUp();
    assert.deepEqual(await keys('search=laje'), ['r1']);
    assert.deepEqual(await keys('search=CHUVA'), ['r3']);
    assert.deepEqual(await keys('search=50%25'), ['r3']);
    assert.deepEqual(await keys('search=5%25'), []);
    assert.deepEqual(await keys('search=servente'), newestFirst('r2', 'r3', 'r6', 'r8'));
    assert.deepEqual(await keys('search=pavimento%202'), newestFirst('r2', 'r4', 'r6', 'r8'));
    assert.deepEqual(await keys('search=aguardando'), newestFirst('r2', 'r3', 'r7'));
    assert.deepEqual(await keys('search=alvenaria'), newestFirst('r2', 'r4', 'r6', 'r8'));
    assert.deepEqual(await keys('search=reportera1'), newestFirst(...ALL));
    // A name of another contract's catalogue ("Alvenaria B", B1) finds nothing here.
    assert.deepEqual(await keys('search=alvenaria%20b'), []);
    assert.deepEqual(await keys('search=zzz'), []);
    assert.deepEqual(await keys(`search=servente&fromTime=12:00`), newestFirst('r2', 'r3', 'r6'));
  });

  test('sorts: newest first by default, by time either way, by a name with ties by id', async () => {
    await setUp();
    assert.deepEqual(await keys(''), newestFirst(...ALL));
    assert.deepEqual(await keys('sort=reportTime&order=asc'), ALL);
    assert.deepEqual(await keys('sort=functionName&order=asc'), ['r1', 'r4', 'r5', 'r7', 'r2', 'r3', 'r6', 'r8']);
    assert.deepEqual(await keys('sort=localName&order=desc'), ['r8', 'r6', 'r4', 'r2', 'r7', 'r5', 'r3', 'r1']);
    assert.deepEqual(await keys('sort=quantity&order=desc&pageSize=2'), ['r8', 'r7']);
    // "Aguardando material" before "Executando"; evident_waste before value_adding.
    assert.deepEqual(await keys('sort=occurrenceName&order=asc'), ['r2', 'r3', 'r7', 'r1', 'r4', 'r5', 'r6', 'r8']);
    assert.deepEqual(await keys('sort=classification&order=asc'), ['r2', 'r3', 'r7', 'r1', 'r4', 'r5', 'r6', 'r8']);
    assert.deepEqual(await keys('sort=userName&order=asc&pageSize=3'), ['r1', 'r2', 'r3']);
  });

  test('pages and their totals', async () => {
    await setUp();
    const first = await list('pageSize=3');
    assert.deepEqual(
      [first.keys, first.body.total, first.body.page, first.body.pageSize],
      [['r8', 'r7', 'r6'], 8, 1, 3],
    );
    const third = await list('pageSize=3&page=3');
    assert.deepEqual([third.keys, third.body.total], [['r2', 'r1'], 8]);
    const beyond = await list('pageSize=3&page=4');
    assert.deepEqual([beyond.keys, beyond.body.total], [[], 8]);
    const filtered = await list(`pageSize=2&function=${fixture.servente}`);
    assert.deepEqual([filtered.keys, filtered.body.total], [['r8', 'r6'], 4]);
  });
});

describe('the equipment and quantity lists', () => {
  test('equipment rows: names, company, local and block through the package', async () => {
    await setUp();
    const equipmentList = await list('', 'equipment');
    assert.deepEqual(equipmentList.body.items[0], {
      id: uuidOf('r2', 'equipment'),
      contract: world.contractA1,
      package: catalogue.a1Other.package,
      packageName: 'Pacote 2',
      area: catalogue.a1Other.area,
      areaName: 'Torre 2',
      activity: fixture.other.activity,
      activityName: 'Alvenaria',
      equipment: fixture.betoneira,
      equipmentName: 'Betoneira — 400 l',
      company: 'Locadora Beta',
      classification: 'idle',
      notes: 'Sem operador',
      reportTime: '2026-03-03T20:00:00.000Z',
      localDate: '2026-03-03',
      localTime: '17:00',
      user: people.reporterA1,
      userName: 'reporterA1',
    });
    assert.deepEqual(await keys(`local=${catalogue.a1.local}`, 'equipment'), ['r1']);
    assert.deepEqual(await keys(`block=${catalogue.a1Other.block}`, 'equipment'), ['r2']);
    assert.deepEqual(await keys(`area=${catalogue.a1Other.area}`, 'equipment'), ['r2']);
    assert.deepEqual(await keys(`equipment=${catalogue.a1.equipment}`, 'equipment'), ['r1']);
    assert.deepEqual(await keys('search=locadora%20beta', 'equipment'), ['r2']);
    assert.deepEqual(await keys('search=operador', 'equipment'), ['r2']);
    assert.deepEqual(await keys('sort=equipmentName&order=asc', 'equipment'), ['r2', 'r1']);
  });

  test('quantity rows: a decimal quantity as a number, local and block through the package', async () => {
    await setUp();
    const { body } = await list('sort=reportTime&order=asc', 'quantity');
    assert.deepEqual(body.items[0], {
      id: uuidOf('r1', 'quantity'),
      contract: world.contractA1,
      package: catalogue.a1.package,
      packageName: 'Pacote 1',
      area: catalogue.a1.area,
      areaName: 'Torre 1',
      activity: catalogue.a1.activity,
      activityName: 'Concretagem',
      quantity: 12.5,
      unity: 'm³',
      reportTime: '2026-03-07T13:15:00.000Z',
      localDate: '2026-03-07',
      localTime: '10:15',
      user: people.reporterA1,
      userName: 'reporterA1',
    });
    assert.equal(body.items[1]!.quantity, 3.25);
    assert.deepEqual(await keys(`local=${catalogue.a1Other.local}`, 'quantity'), ['r2']);
    assert.deepEqual(await keys(`block=${catalogue.a1.block}`, 'quantity'), ['r1']);
    assert.deepEqual(await keys('weekdays=7', 'quantity'), ['r2']);
    assert.deepEqual(await keys('sort=quantity&order=asc', 'quantity'), ['r2', 'r1']);
  });
});

describe('scope and access', () => {
  test('each level sees the reports of the contracts in its scope, and no other', async () => {
    await setUp();
    for (const person of ['baseA', 'workA1', 'contractA1']) {
      const client = await Client.of(app, person);
      assert.equal((await list('', 'activity', client)).body.total, 8, person);
    }
    for (const person of ['baseB', 'workA2', 'contractA1b']) {
      const client = await Client.of(app, person);
      for (const kind of ['activity', 'equipment', 'quantity']) {
        const { body } = await list('', kind, client);
        assert.deepEqual([body.items, body.total], [[], 0], `${person} ${kind}`);
        const csv = await client.get(`/api/reports/${kind}/export?format=csv&contract=${world.contractA1}`);
        assert.equal(csv.statusCode, 200);
        assert.equal(csv.body.trim().split('\r\n').length, 1, `${person} ${kind} export: the header only`);
      }
    }
    const b1 = await admin.get(`/api/reports/activity?contract=${world.contractB1}`);
    assert.deepEqual(
      (b1.json() as { items: { id: string }[] }).items.map((item) => item.id),
      [uuidOf('r99')],
    );
  });

  test("a reporter's token (mobile) opens no report list; no session is 401", async () => {
    await setUp();
    const browser = new Browser(app);
    const login = await browser.login('reporterA1@t.test', undefined, false);
    assert.equal(login.statusCode, 200);
    const { token } = login.json() as { token: string };
    for (const path of ['activity', 'equipment/export?format=csv']) {
      const response = await browser.request(
        `/api/reports/${path}${path.includes('?') ? '&' : '?'}contract=${world.contractA1}`,
        { token },
      );
      assert.equal(response.statusCode, 403, path);
    }
    assert.equal(
      (await new Browser(app).request(`/api/reports/activity?contract=${world.contractA1}`)).statusCode,
      401,
    );
  });
});

const refusal = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  code: (response.json() as { code: string }).code,
  fields: (response.json() as { fields?: Record<string, string> }).fields,
});

describe('validation', () => {
  test('bad filters are 400 validation_failed with a code per parameter', async () => {
    const base = `/api/reports/activity?contract=${world.contractA1}`;
    const cases: [string, Record<string, string>][] = [
      ['&from=2026-03-05&to=2026-03-04', { from: 'from_after_to' }],
      ['&fromTime=17:01&toTime=17:00', { fromTime: 'from_time_after_to_time' }],
      ['&week=2026-W54', { week: 'invalid_value' }],
      ['&week=2026-10', { week: 'invalid_value' }],
      ['&weekdays=7-1', { weekdays: 'invalid_value' }],
      ['&weekdays=0', { weekdays: 'invalid_value' }],
      ['&from=2026-02-30', { from: 'invalid_value' }],
      ['&toTime=24:00', { toTime: 'invalid_value' }],
      ['&function=abc', { function: 'invalid_value' }],
      ['&range=hour', { range: 'invalid_value' }],
      ['&sort=toString', { sort: 'invalid_value' }],
      ['&sort=__proto__', { sort: 'invalid_value' }],
      ['&pageSize=101', { pageSize: 'invalid_value' }],
    ];
    for (const [query, fields] of cases) {
      assert.deepEqual(
        refusal(await admin.get(`${base}${query}`)),
        { status: 400, code: 'validation_failed', fields },
        query,
      );
    }
    assert.deepEqual(refusal(await admin.get('/api/reports/quantity')), {
      status: 400,
      code: 'validation_failed',
      fields: { contract: 'required' },
    });
    assert.deepEqual(refusal(await admin.get('/api/reports/equipment?sort=toString&from=2026-13-01')), {
      status: 400,
      code: 'validation_failed',
      fields: { contract: 'required', from: 'invalid_value', sort: 'invalid_value' },
    });
  });

  test('an export of a refused query is an ordinary JSON 400, before any byte of a file', async () => {
    const response = await admin.get(
      `/api/reports/activity/export?format=xlsx&contract=${world.contractA1}&from=2026-03-05&to=2026-03-04`,
    );
    assert.match(String(response.headers['content-type']), /application\/json/);
    assert.equal(response.headers['content-disposition'], undefined);
    assert.deepEqual(refusal(response), { status: 400, code: 'validation_failed', fields: { from: 'from_after_to' } });
    assert.deepEqual(refusal(await admin.get(`/api/reports/activity/export?contract=${world.contractA1}`)), {
      status: 400,
      code: 'validation_failed',
      fields: { format: 'required' },
    });
  });
});

describe('exports', () => {
  test('CSV: the filters, the list order, pt-BR headers, dates on the site clock', async () => {
    await setUp();
    const response = await admin.get(
      `/api/reports/activity/export?format=csv&contract=${world.contractA1}&function=${fixture.servente}&pageSize=1`,
    );
    assert.equal(response.statusCode, 200);
    assert.match(
      String(response.headers['content-disposition']),
      /filename="apontamentos-atividades-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    assert.equal(
      lines[0],
      'ID;Data;Hora;Pacote;Local;Atividade;Função;Ocorrência;Classificação;Trabalhadores observados;Programada;Observações;Informações do apontamento;Apontador',
    );
    assert.deepEqual(
      lines.slice(1).map((line) => line.split(';').slice(0, 3)),
      [
        [uuidOf('r8'), '2026-03-09', '00:00'],
        [uuidOf('r6'), '2026-03-08', '12:00'],
        [uuidOf('r3'), '2026-03-03', '17:00'],
        [uuidOf('r2'), '2026-03-02', '23:30'],
      ],
    );
    assert.equal(
      lines[3],
      `${uuidOf('r3')};2026-03-03;17:00;Pacote 1;Pavimento 1;Concretagem;Servente;Aguardando material;Perda evidente;3;Sim;;Chuva forte 50%;reporterA1`,
    );
  });

  test('XLSX in en-US: headers, a real date cell, every kind', async () => {
    await setUp();
    const english = await Client.of(app, 'admin', 'en-US');
    const response = await english.get(`/api/reports/quantity/export?format=xlsx&contract=${world.contractA1}`);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-disposition']), /filename="quantity-reports-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [
      'ID',
      'Date',
      'Time',
      'Package',
      'Area',
      'Activity',
      'Quantity produced',
      'Unit',
      'Reporter',
    ]);
    assert.equal(sheet.rowCount, 3);
    const newest = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.deepEqual(newest.slice(3), ['Pacote 2', 'Torre 2', 'Alvenaria', 3.25, 'm²', 'reporterA1']);
    assert.equal((newest[1] as Date).toISOString(), '2026-03-08T00:00:00.000Z');
    // The site's time is a time cell (a fraction of the day: exceljs reads it back as a time of 1899-12-30), not text.
    assert.equal((newest[2] as Date).toISOString(), '1899-12-30T12:00:00.000Z');
    // The date and time columns' formats on every row, the header in bold.
    assert.deepEqual(
      [2, 3].flatMap((row) => [2, 3].map((column) => sheet.getRow(row).getCell(column).numFmt)),
      ['mm/dd/yyyy', 'hh:mm', 'mm/dd/yyyy', 'hh:mm'],
    );
    // The UUID column is as wide as a UUID.
    assert.ok((sheet.getColumn(1).width ?? 0) >= 36, `id column width ${sheet.getColumn(1).width}`);
    assert.equal(sheet.getRow(1).getCell(1).font?.bold, true);
    // Decimals as each language's spreadsheet reads them: en-US a dot, pt-BR a comma.
    const quantityCsv = (client: Client) =>
      client.get(`/api/reports/quantity/export?format=csv&contract=${world.contractA1}`).then((answer) => answer.body);
    assert.match(await quantityCsv(english), /,Alvenaria,3\.25,m²,/);
    assert.match(await quantityCsv(admin), /;Alvenaria;3,25;m²;/);
    // Every kind's export shows what its list shows (an export reads only the columns it shows).
    const equipmentCsv = await english.get(`/api/reports/equipment/export?format=csv&contract=${world.contractA1}`);
    assert.deepEqual(
      equipmentCsv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
      [
        'ID,Date,Time,Package,Area,Activity,Equipment,Company,Classification,Notes,Reporter',
        `${uuidOf('r2', 'equipment')},2026-03-03,17:00,Pacote 2,Torre 2,Alvenaria,Betoneira — 400 l,Locadora Beta,Idle,Sem operador,reporterA1`,
        `${uuidOf('r1', 'equipment')},2026-03-02,07:00,Pacote 1,Torre 1,Concretagem,Grua — Grua 40 m,Locadora Alfa,Working,,reporterA1`,
      ],
    );
  });

  test('every matching row, across batches, ties on the same instant broken by id', async () => {
    await setUp();
    const count = EXPORT_BATCH * 2 + 5;
    await db.orm.execute(sql`
      insert into activity_reports (id, contract_id, report_time, local_date, local_minute, local_weekday, user_id,
        package_id, local_id, activity_id, function_id, occurrence_id, quantity, is_scheduled)
      select gen_random_uuid(), ${world.contractA1}, timestamptz '2026-03-04T12:00:00Z', date '2026-03-04', 540, 3,
        ${people.reporterA1}, ${catalogue.a1.package}, ${catalogue.a1.local}, ${catalogue.a1.activity},
        ${catalogue.a1.function}, ${fixture.valueAdding}, 1, true
      from generate_series(1, ${count})`);
    const response = await admin.get(`/api/reports/activity/export?format=csv&contract=${world.contractA1}`);
    const ids = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0]);
    assert.equal(ids.length, count + 8);
    assert.equal(new Set(ids).size, count + 8);
    // By a referenced name (a derived key, compared with the cursor in the same collation) and by a code.
    for (const sort of ['sort=functionName&order=asc', 'sort=userName&order=desc', 'sort=classification']) {
      const sorted = await admin.get(`/api/reports/activity/export?format=csv&contract=${world.contractA1}&${sort}`);
      const sortedIds = sorted.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';')[0]);
      assert.equal(new Set(sortedIds).size, count + 8, sort);
    }
    const page = await list(`from=2026-03-04&to=2026-03-04&pageSize=100&page=21`);
    assert.equal(page.body.total, count);
  });
});
