import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import type {
  ReportSums,
  ByFunctionDashboard,
  ClassTotals,
  DashboardAnswers,
  DashboardName,
  EquipmentDashboard,
  PerformanceDashboard,
  ProjectHealthDashboard,
  RoutineDashboard,
} from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { activities, equipment, functions, occurrences, packages } from '../src/db/schema/catalogue.js';
import { dashboardContext } from '../src/dashboards/context.js';
import type { RollupLevel } from '../src/dashboards/context.js';
import { activityReports, equipmentReports } from '../src/db/schema/reports.js';
import { dashboardAnswer } from '../src/dashboards/registry.js';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import {
  addEquipmentRows,
  addQuantityRows,
  createDashboardFixture,
  insertActivityRows,
  insertEquipmentRows,
  uuidOf,
} from './dashboard-fixtures.js';
import type { ActivityRow, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite, siteDay } from './management-fixtures.js';
import { Phone, a1ActivityRow, newId, reportTime } from './mobile-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/**
 * The dashboards (docs/dashboards.md) on a data set small enough to work out by hand: the rows
 * r1–r6 of the table in dashboard-fixtures.ts (createDashboardFixture), at 0.5 HH per worker seen.
 *
 * Totals: workers 4+2+3+6+1+5 = 21 → 21 × 0.5 = 10.5 HH, 6 registers.
 *   V = 4+6+5 = 15 workers = 7.5 HH; H = 2 = 1 HH; E = 3+1 = 4 = 2 HH (15+2+4 = 21).
 * Contract B1 has a row at r1's instant (9 workers): never in an A1 figure.
 */

let db: Database;
let app: FastifyInstance;
let admin: Client;
let world: World;
let catalogue: Catalogue;
let people: Record<string, number>;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ db, app, admin, world, catalogue } = context);
  people = context.people;
  suite = context;
});

/** The six A1 rows r1–r6 (ids `uuidOf(1…6)`), their plans and occurrences, and B1's row. */
const createFixture = () => createDashboardFixture(suite);

async function getWhole<Name extends DashboardName>(
  name: Name,
  query = '',
  client = admin,
  contract = world.contractA1,
): Promise<DashboardAnswers[Name]> {
  const response = await client.get(`/api/dashboards/${name}?contract=${contract}&${query}`);
  assert.equal(response.statusCode, 200, `${name}?${query}: ${response.body}`);
  return response.json() as DashboardAnswers[Name];
}

/**
 * An answer without its shares' intervals, so the figures worked out by hand below compare
 * whole: the intervals are worked out in dashboard-intervals.test.ts (DOMAIN.md §5), and the
 * rollups' against the rows' in the tests of the rollups and the kept answers (getWhole).
 */
async function get<Name extends DashboardName>(
  name: Name,
  query = '',
  client = admin,
  contract = world.contractA1,
): Promise<DashboardAnswers[Name]> {
  return bare(await getWhole(name, query, client, contract));
}

/** A value without its shares' intervals (`intervals`, `interval`). */
const bare = <Value>(value: Value): Value =>
  JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (key === 'intervals' || key === 'interval' ? undefined : inner)),
  ) as Value;

/**
 * ClassTotals from workers per class (V, H, E) and registers, at 0.5 HH per worker, without the
 * intervals (see `get`): every slice of this small data set is low-confidence.
 */
function totals(va: number, hw: number, ew: number, registers: number): Omit<ClassTotals, 'intervals'> {
  const workers = va + hw + ew;
  return {
    hh: { valueAdding: va * 0.5, hiddenWaste: hw * 0.5, evidentWaste: ew * 0.5, total: workers * 0.5 },
    index:
      workers === 0
        ? { valueAdding: null, hiddenWaste: null, evidentWaste: null }
        : { valueAdding: va / workers, hiddenWaste: hw / workers, evidentWaste: ew / workers },
    workers,
    registers,
    lowConfidence: true,
  };
}

const near = (actual: number | null, expected: number, what: string) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

describe('project health', () => {
  test('HH and indexes by class, weekdays, evolution, ranks and compliance, by hand', async () => {
    await createFixture();
    const body: ProjectHealthDashboard = await get('project-health');
    // 15 V + 2 H + 4 E = 21 workers = 10.5 HH over 6 rows; indexes 15/21, 2/21, 4/21.
    assert.deepEqual(body.totals, totals(15, 2, 4, 6));
    assert.equal(body.totals.hh.total, 10.5);
    // Monday: r1 r2 r3 r6 = V 4+5, H 2, E 3 → 4.5 + 1 + 1.5 = 7 HH; Tuesday: r4 r5 = V 6, E 1 → 3.5 HH.
    assert.deepEqual(body.weekdays, [
      { weekday: 1, ...totals(9, 2, 3, 4) },
      { weekday: 2, ...totals(6, 0, 1, 2) },
    ]);
    // Weeks (default range): W10 (r1–r5) V 10 of 16 workers = 0.625, 8 HH; W11 (r6) 5 of 5 = 1, 2.5 HH.
    assert.deepEqual(body.evolution, [
      { bucket: '2026-03-02', valueAddingIndex: 10 / 16, hh: 8, workers: 16, registers: 5, lowConfidence: true },
      { bucket: '2026-03-09', valueAddingIndex: 1, hh: 2.5, workers: 5, registers: 1, lowConfidence: true },
    ]);
    // Packages: P2 (r3 r4 r6) V 11 of 14 = 0.786 before P1 (r1 r2 r5) V 4 of 7 = 0.571. The
    // default range has no period before (the whole contract): nothing moved.
    assert.deepEqual(body.ranks.packages, [
      { id: catalogue.a1Other.package, name: 'Pacote 2', ...totals(11, 0, 3, 3), moved: null },
      { id: catalogue.a1.package, name: 'Pacote 1', ...totals(4, 2, 1, 3), moved: null },
    ]);
    assert.deepEqual(
      body.ranks.locals.map((rank) => [rank.name, rank.hh.total]),
      [
        ['Pavimento 2', 7],
        ['Pavimento 1', 3.5],
      ],
    );
    // Functions: servente (r2 r4) V 6 of 8 = 0.75 before pedreiro (r1 r3 r5 r6) V 9 of 13 = 0.69.
    assert.deepEqual(body.ranks.functions, [
      { id: (await fixtureIds()).servente, name: 'Servente', ...totals(6, 2, 0, 2), moved: null },
      { id: catalogue.a1.function, name: 'Pedreiro', ...totals(9, 0, 4, 4), moved: null },
    ]);
    assert.deepEqual(
      body.ranks.activities.map((rank) => [rank.name, rank.index.valueAdding]),
      [
        ['Alvenaria', 11 / 14],
        ['Concretagem', 4 / 7],
      ],
    );
    // Walks: R at 03-02 07:00, 03-02 09:30, 03-09 14:15 = 3; W at 03-03 08:00 = 1. The contract was
    // reported on 3 days, goal 16: each reporter is expected 16 × 3 = 48 walks.
    assert.deepEqual(body.compliance, {
      goal: 16,
      reports: 4,
      expected: 96,
      ratio: 4 / 96,
      reporters: [
        { user: people.reporterA1, name: 'reporterA1', reports: 3, expected: 48, ratio: 3 / 48 },
        { user: people.workA1, name: 'workA1', reports: 1, expected: 48, ratio: 1 / 48 },
      ],
      // Per day: walks of both reporters against 16 × 2 reporters = 32.
      days: [
        { date: '2026-03-02', reports: 2, expected: 32, ratio: 2 / 32 },
        { date: '2026-03-03', reports: 1, expected: 32, ratio: 1 / 32 },
        { date: '2026-03-09', reports: 1, expected: 32, ratio: 1 / 32 },
      ],
    });
    assert.equal(body.filters.range, 'week');
    assert.equal(body.filters.contract, world.contractA1);
  });

  test('the range type buckets the evolution by day, month and year', async () => {
    await createFixture();
    const days = (await get('project-health', 'range=day')).evolution;
    // 03-02: r1 r2 r3 V 4 of 9; 03-03: r4 r5 V 6 of 7; 03-09: r6 V 5 of 5.
    assert.deepEqual(
      days.map((point) => [point.bucket, point.valueAddingIndex, point.hh]),
      [
        ['2026-03-02', 4 / 9, 4.5],
        ['2026-03-03', 6 / 7, 3.5],
        ['2026-03-09', 1, 2.5],
      ],
    );
    for (const range of ['month', 'year']) {
      const [only, ...rest] = (await get('project-health', `range=${range}`)).evolution;
      assert.deepEqual(rest, []);
      assert.deepEqual(
        [only!.bucket, only!.valueAddingIndex, only!.hh],
        [range === 'month' ? '2026-03-01' : '2026-01-01', 15 / 21, 10.5],
      );
    }
  });

  test('filters restrict the rows first: one function, a time window, a weekday range, a week', async () => {
    const fixture = await createFixture();
    // Servente: r2 (H 2) + r4 (V 6) = 8 workers = 4 HH: 3 V, 1 H.
    assert.deepEqual((await get('project-health', `function=${fixture.servente}`)).totals, totals(6, 2, 0, 2));
    // 08:00–09:30 (both included): r3 (E 3), r4 (V 6), r5 (E 1) = 10 workers = 5 HH.
    assert.deepEqual((await get('project-health', 'fromTime=08:00&toTime=09:30')).totals, totals(6, 0, 4, 3));
    // Tuesday to Friday: r4, r5 = 7 workers = 3.5 HH.
    assert.deepEqual((await get('project-health', 'weekdays=2-5')).totals, totals(6, 0, 1, 2));
    // Week W11: r6 alone; the dates 03-03..03-09: r4 r5 r6.
    assert.deepEqual((await get('project-health', 'week=2026-W11')).totals, totals(5, 0, 0, 1));
    assert.deepEqual((await get('project-health', 'from=2026-03-03&to=2026-03-09')).totals, totals(11, 0, 1, 3));
    // Nothing matches: zeros, null indexes, empty lists, low confidence.
    const none = await get('project-health', 'from=2027-01-01');
    assert.deepEqual(none.totals, totals(0, 0, 0, 0));
    assert.deepEqual([none.weekdays, none.evolution, none.ranks.packages, none.compliance.reporters], [[], [], [], []]);
  });

  test('the low-confidence mark follows the interval (± 5 points), not a head count of 385', async () => {
    const fixture = await createFixture();
    // Week W12 (Monday 2026-03-16): 385 workers, but three crews: as sure as three observations.
    const w12: ActivityRow[] = [
      ['2026-03-16', '10:00', 1, 'R', 'P1', 'pedreiro', 'V', 200],
      ['2026-03-16', '10:30', 1, 'R', 'P1', 'pedreiro', 'E', 184],
      ['2026-03-16', '11:00', 1, 'R', 'P1', 'pedreiro', 'H', 1],
    ];
    await insertActivityRows(suite, fixture, w12, 7);
    const week = await get('project-health', 'week=2026-W12');
    assert.deepEqual([week.totals.workers, week.totals.lowConfidence], [385, true]);
    // Week W13: 420 crews of one, half value-adding: ± 4.8 points, confident.
    const w13: ActivityRow[] = Array.from({ length: 420 }, (_, index) => [
      '2026-03-23',
      `${String(7 + Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`,
      1,
      'R',
      'P1',
      'pedreiro',
      index % 2 === 0 ? 'V' : 'E',
      1,
    ]);
    await insertActivityRows(suite, fixture, w13, 10);
    const all = await get('project-health');
    assert.deepEqual(
      all.evolution.map((point) => [point.bucket, point.workers, point.lowConfidence]),
      [
        ['2026-03-02', 16, true],
        ['2026-03-09', 5, true],
        ['2026-03-16', 385, true],
        ['2026-03-23', 420, false],
      ],
    );
  });
});

/** Ids made by createFixture that the assertions need after the fact. */
async function fixtureIds(): Promise<{ servente: number }> {
  const [row] = await db.orm.select({ id: functions.id }).from(functions).where(eq(functions.name, 'Servente'));
  return { servente: row!.id };
}

describe('by function', () => {
  test('HH, people, registers, people per local, the Pareto and the function ranks', async () => {
    const fixture = await createFixture();
    const body: ByFunctionDashboard = await get('by-function');
    assert.deepEqual([body.totalHh, body.totalPeople, body.registers], [10.5, 21, 6]);
    // (report time, local) pairs: (03-02 07:00, Pav 1) r1+r2, (03-02 09:30, Pav 2), (03-03 08:00, Pav 2),
    // (03-03 08:00, Pav 1), (03-09 14:15, Pav 2) = 5 → 21 / 5 = 4.2 people per local.
    assert.equal(body.averagePeoplePerLocal, 21 / 5);
    // The Pareto is of the losses: E 4 workers = 2 HH (4/21 of all HH; 4/6 of the losses' 6 workers),
    // H 2 = 1 HH (2/21; running 6/6). V 15 workers = 7.5 HH (15/21) is given apart.
    assert.deepEqual(body.topOccurrences, [
      {
        id: fixture.E,
        name: 'Aguardando material',
        classification: 'evident_waste',
        hh: 2,
        workers: 4,
        share: 4 / 21,
        cumulativeShare: 4 / 6,
      },
      {
        id: fixture.H,
        name: 'Transportando',
        classification: 'hidden_waste',
        hh: 1,
        workers: 2,
        share: 2 / 21,
        cumulativeShare: 1,
      },
    ]);
    assert.deepEqual(body.valueAddingOccurrences, [
      { id: fixture.V, name: 'Executando', hh: 7.5, workers: 15, share: 15 / 21 },
    ]);
    assert.deepEqual(
      body.functions.map((row) => [row.name, row.hh.total, row.index.valueAdding]),
      [
        ['Servente', 4, 0.75],
        ['Pedreiro', 6.5, 9 / 13],
      ],
    );
    // One function: pedreiro (r1 r3 r5 r6) = 13 workers = 6.5 HH; 4 (time, local) pairs → 13/4.
    const pedreiro = await get('by-function', `function=${catalogue.a1.function}`);
    assert.deepEqual([pedreiro.totalHh, pedreiro.totalPeople, pedreiro.registers], [6.5, 13, 4]);
    assert.equal(pedreiro.averagePeoplePerLocal, 13 / 4);
    assert.deepEqual(
      [...pedreiro.valueAddingOccurrences, ...pedreiro.topOccurrences].map((row) => [row.name, row.hh]),
      [
        ['Executando', 4.5],
        ['Aguardando material', 2],
      ],
    );
    assert.equal(pedreiro.topOccurrences[0]!.cumulativeShare, 1);
  });
});

describe('routine', () => {
  test('HH by class hour by hour, and the hours of a time window', async () => {
    await createFixture();
    const body: RoutineDashboard = await get('routine');
    assert.equal(body.totalHh, 10.5);
    // 07h: r1 V 4, r2 H 2; 08h: r4 V 6, r5 E 1; 09h: r3 E 3; 14h: r6 V 5.
    assert.deepEqual(body.hours, [
      { hour: 7, ...totals(4, 2, 0, 2) },
      { hour: 8, ...totals(6, 0, 1, 2) },
      { hour: 9, ...totals(0, 0, 3, 1) },
      { hour: 14, ...totals(5, 0, 0, 1) },
    ]);
    // Weekday 1 only: the 8h walk was a Tuesday.
    const monday = await get('routine', 'weekdays=1');
    assert.deepEqual(
      monday.hours.map((row) => row.hour),
      [7, 9, 14],
    );
    assert.equal(monday.totalHh, 7);
  });

  test('HH by class per bucket of the range: week by default, day, month', async () => {
    await createFixture();
    // W10 (from Monday 03-02): r1–r5 = V 10, H 2, E 4; W11 (03-09): r6 V 5.
    assert.deepEqual((await get('routine')).evolution, [
      { bucket: '2026-03-02', ...totals(10, 2, 4, 5) },
      { bucket: '2026-03-09', ...totals(5, 0, 0, 1) },
    ]);
    assert.deepEqual((await get('routine', 'range=day')).evolution, [
      { bucket: '2026-03-02', ...totals(4, 2, 3, 3) },
      { bucket: '2026-03-03', ...totals(6, 0, 1, 2) },
      { bucket: '2026-03-09', ...totals(5, 0, 0, 1) },
    ]);
    assert.deepEqual((await get('routine', 'range=month&weekdays=1')).evolution, [
      { bucket: '2026-03-01', ...totals(9, 2, 3, 4) },
    ]);
  });
});

describe('equipment', () => {
  test('utilization per item and the top 5 companies by idle and down observations', async () => {
    await createFixture();
    // Grua 40 m (Alfa) 3 working, 1 idle at 07:00; Betoneira 400 l (Beta) 1 working, 1 idle, 2 down at 15:00.
    const { grua, beta } = await addEquipmentRows(suite);
    const items = await db.orm
      .insert(equipment)
      .values(
        [
          ['Locadora Delta', 'Guincho'],
          ['Locadora Eta', 'Mini escavadeira'],
          ['Locadora Gama', 'Grua 30 m'],
          ['Locadora Zeta', 'Elevador'],
          ['Locadora Beta', 'Betoneira 600 l'],
        ].map(([company, specification]) => ({
          company: company!,
          type: 'Máquina',
          specification: specification!,
          contractId: world.contractA1,
        })),
      )
      .returning();
    const [delta, eta, gama, zeta, beta600] = items.map((item) => item.id) as [number, number, number, number, number];
    const observations: [number, string][] = [
      // Delta, Eta, Zeta: one idle each → utilization 0, one occurrence each; Gama three down;
      // Beta's second machine one idle (Beta: 4 occurrences over 2 machines).
      [delta, 'idle'],
      [eta, 'idle'],
      [gama, 'down'],
      [gama, 'down'],
      [gama, 'down'],
      [zeta, 'idle'],
      [beta600, 'idle'],
    ];
    await insertEquipmentRows(
      suite,
      508,
      observations.map(([equipmentId, classification]) => [equipmentId, classification, '2026-03-02', '15:00', 1]),
    );
    const body: EquipmentDashboard = await get('equipment');
    // 4 + 4 + 3 + 4 × 1 = 15 observations, 3 + 1 working → overall utilization 4/15.
    // Grua 3 working of 4 → utilization 3/4; Betoneira 1 of 4 → 1/4.
    assert.deepEqual([body.observations, body.working, body.utilization], [15, 4, 4 / 15]);
    assert.deepEqual(body.equipment.slice(0, 2), [
      {
        id: grua,
        name: 'Grua 40 m',
        company: 'Locadora Alfa',
        working: 3,
        idle: 1,
        down: 0,
        observations: 4,
        utilization: 0.75,
        lowConfidence: true,
      },
      {
        id: beta,
        name: 'Betoneira 400 l',
        company: 'Locadora Beta',
        working: 1,
        idle: 1,
        down: 2,
        observations: 4,
        utilization: 0.25,
        lowConfidence: true,
      },
    ]);
    // Utilization 0: Gama's 3 observations first, then by id.
    assert.deepEqual(
      body.equipment.slice(2).map((item) => [item.id, item.utilization]),
      [gama, delta, eta, zeta, beta600].map((id) => [id, 0]),
    );
    // By count: Beta 4 (two machines), Gama 3, then Alfa, Delta, Eta with 1 each (by name); Zeta is the sixth.
    const company = (name: string, machines: number, occurrences: number) => ({
      company: `Locadora ${name}`,
      machines,
      occurrences,
      perMachine: occurrences / machines,
    });
    assert.deepEqual(body.topCompanies, [
      company('Beta', 2, 4),
      company('Gama', 1, 3),
      company('Alfa', 1, 1),
      company('Delta', 1, 1),
      company('Eta', 1, 1),
    ]);
    // Per machine: Gama 3, Beta 4 / 2 = 2, then the ones.
    assert.deepEqual(body.topCompaniesPerMachine, [
      company('Gama', 1, 3),
      company('Beta', 2, 4),
      company('Alfa', 1, 1),
      company('Delta', 1, 1),
      company('Eta', 1, 1),
    ]);
    // The equipment filter and a time window apply to equipment rows: the 07:00 walk's Grua only.
    const grua07 = await get('equipment', `equipment=${grua}&toTime=07:00`);
    assert.deepEqual(
      grua07.equipment.map((item) => [item.name, item.observations]),
      [['Grua 40 m', 4]],
    );
    assert.deepEqual(grua07.topCompanies, [{ company: 'Locadora Alfa', machines: 1, occurrences: 1, perMachine: 1 }]);
    assert.deepEqual([grua07.observations, grua07.working, grua07.utilization], [4, 3, 0.75]);
    // Every observation on 2026-03-02 (W10): one bucket by week, day or year.
    assert.deepEqual(body.evolution, [
      { bucket: '2026-03-02', working: 4, idle: 6, down: 5, observations: 15, utilization: 4 / 15 },
    ]);
    assert.deepEqual(
      (await get('equipment', 'range=year')).evolution.map((point) => [point.bucket, point.observations]),
      [['2026-01-01', 15]],
    );
  });
});

describe('performance', () => {
  test('RUP and productivity index by activity, package and local; added value; activity status', async () => {
    const fixture = await createFixture();
    // Produced: Concretagem 1 + 0.25 = 1.25 m³ (one row on 03-09, outside the W10 filter below); Alvenaria 20 m².
    await addQuantityRows(suite, fixture);
    // Status today: Concretagem ended 2026-03-10 and Alvenaria 2026-03-31, unfinished → late;
    // one finished, one ending in 30 days → in term; B1's activity is another contract's.
    await db.orm.insert(activities).values(
      [
        { name: 'Pintura', isFinished: true, endDate: '2026-04-01' },
        { name: 'Revestimento', isFinished: false, endDate: siteDay(30) },
      ].map((activity) => ({
        ...activity,
        contractId: world.contractA1,
        areaId: catalogue.a1.area,
        localId: catalogue.a1.local,
        blockId: catalogue.a1.block,
        packageId: catalogue.a1.package,
        measureUnit: 'm²',
        hhCount: 10,
        quantity: 10,
        startDate: '2026-03-01',
      })),
    );
    const body: PerformanceDashboard = await get('performance');
    // Concretagem: r1 r2 r5 = 7 workers = 3.5 HH for 1.25 m³ → actual RUP 3.5 / 1.25 = 2.8 Hh/m³;
    // planned 100 / 50 = 2 → index 2 / 2.8 = 0.714. Alvenaria: r3 r4 r6 = 14 workers = 7 HH for
    // 20 m² → 0.35; planned 80 / 200 = 0.4 → index 0.4 / 0.35 = 1.143.
    assert.deepEqual(body.activities, [
      {
        id: catalogue.a1.activity,
        name: 'Concretagem',
        packageId: catalogue.a1.package,
        localId: catalogue.a1.local,
        unit: 'm³',
        hh: 3.5,
        produced: 1.25,
        plannedRup: 2,
        actualRup: 3.5 / 1.25,
        productivityIndex: 2 / (3.5 / 1.25),
      },
      {
        id: fixture.alvenaria,
        name: 'Alvenaria',
        packageId: catalogue.a1Other.package,
        localId: catalogue.a1Other.local,
        unit: 'm²',
        hh: 7,
        produced: 20,
        plannedRup: 0.4,
        actualRup: 7 / 20,
        productivityIndex: 0.4 / (7 / 20),
      },
    ]);
    // Package 2: planned 0.4 × 20 = 8 HH for 7 → 1.143; package 1: 2 × 1.25 = 2.5 HH for 3.5 → 0.714.
    assert.deepEqual(
      body.byPackage.map((row) => [row.name, row.hh, row.plannedHh]),
      [
        ['Pacote 2', 7, 8],
        ['Pacote 1', 3.5, 2.5],
      ],
    );
    near(body.byPackage[0]!.productivityIndex, 8 / 7, 'Pacote 2');
    near(body.byPackage[1]!.productivityIndex, 2.5 / 3.5, 'Pacote 1');
    assert.deepEqual(
      body.byLocal.map((row) => row.name),
      ['Pavimento 2', 'Pavimento 1'],
    );
    // Value-adding HH: Pacote 2 r4 + r6 = 11 workers = 5.5 HH (11/15); Pacote 1 r1 = 4 = 2 HH (4/15).
    assert.deepEqual(body.addedValue.byPackage, [
      { id: catalogue.a1Other.package, name: 'Pacote 2', hh: 5.5, share: 11 / 15 },
      { id: catalogue.a1.package, name: 'Pacote 1', hh: 2, share: 4 / 15 },
    ]);
    assert.deepEqual(
      body.addedValue.byLocal.map((row) => [row.name, row.hh]),
      [
        ['Pavimento 2', 5.5],
        ['Pavimento 1', 2],
      ],
    );
    assert.deepEqual(body.activityStatus, { finished: 1, late: 2, inTerm: 1 });
    // Week W10: Concretagem produced 1 m³ for the same 3.5 HH → RUP 3.5; Alvenaria unchanged less r6:
    // r3 r4 = 9 workers = 4.5 HH for 20 m².
    const w10 = await get('performance', 'week=2026-W10');
    assert.deepEqual(
      w10.activities.map((row) => [row.name, row.hh, row.produced, row.actualRup]),
      [
        ['Concretagem', 3.5, 1, 3.5],
        ['Alvenaria', 4.5, 20, 4.5 / 20],
      ],
    );
    // The package filter narrows the status counts to Pacote 2's one activity (late).
    const p2 = await get('performance', `package=${catalogue.a1Other.package}`);
    assert.deepEqual(p2.activityStatus, { finished: 0, late: 1, inTerm: 0 });
    assert.deepEqual(
      p2.activities.map((row) => row.name),
      ['Alvenaria'],
    );
  });
});

describe('access and validation', () => {
  test('a contract outside the scope answers as one without reports', async () => {
    await createFixture();
    const other = await Client.of(app, 'contractA1b');
    const health = await get('project-health', '', other);
    assert.deepEqual(health.totals, totals(0, 0, 0, 0));
    assert.deepEqual([health.ranks.packages, health.compliance.reporters, health.compliance.goal], [[], [], 0]);
    const status = await get('performance', '', other);
    assert.deepEqual([status.activities, status.activityStatus], [[], { finished: 0, late: 0, inTerm: 0 }]);
    const empty = await get('by-function', '', other);
    assert.deepEqual([empty.topOccurrences, empty.valueAddingOccurrences], [[], []]);
    assert.deepEqual((await get('routine', '', other)).hours, []);
    const noEquipment = await get('equipment', '', other);
    assert.deepEqual(
      [noEquipment.equipment, noEquipment.topCompaniesPerMachine, noEquipment.utilization],
      [[], [], null],
    );
    // B1's only row (9 workers) is B1's: its own admin-level view sees exactly it.
    assert.deepEqual((await get('project-health', '', admin, world.contractB1)).totals, totals(9, 0, 0, 1));
  });

  test('bad filters are 400 validation_failed with a code each, on every dashboard', async () => {
    await createFixture();
    const cases: [string, Record<string, string>][] = [
      ['', { contract: 'required' }],
      [`contract=${world.contractA1}&from=2026-03-09&to=2026-03-02`, { from: 'from_after_to' }],
      [`contract=${world.contractA1}&fromTime=10:00&toTime=09:00`, { fromTime: 'from_time_after_to_time' }],
      [`contract=${world.contractA1}&weekdays=6-2`, { weekdays: 'invalid_value' }],
      [`contract=${world.contractA1}&range=hour`, { range: 'invalid_value' }],
      [`contract=${world.contractA1}&week=2026-W54&function=x`, { week: 'invalid_value', function: 'invalid_value' }],
    ];
    for (const name of DASHBOARD_NAMES) {
      for (const [query, fields] of cases) {
        const response = await admin.get(`/api/dashboards/${name}?${query}`);
        assert.equal(response.statusCode, 400, `${name}?${query}`);
        const body = response.json() as { code: string; fields?: Record<string, string> };
        assert.equal(body.code, 'validation_failed');
        assert.deepEqual(body.fields, fields, `${name}?${query}`);
      }
    }
  });
});

/**
 * The answer computed now from the report rows themselves: neither the kept answers (cache.ts)
 * nor the daily rollup; `generatedAt` left out.
 */
async function fresh<Name extends DashboardName>(
  name: Name,
  query: Record<string, string> = {},
  rollup: RollupLevel = 'rows',
) {
  const caller = {
    id: people.admin!,
    profile: 'admin',
    baseId: null,
    workId: null,
    contractId: null,
    firstAccess: false,
    channel: 'web',
  } as const;
  const context = await dashboardContext(
    db.orm,
    caller,
    { contract: String(world.contractA1), ...query },
    'America/Sao_Paulo',
    { rollup },
  );
  const answer = await dashboardAnswer(name, context);
  return withoutTime(answer);
}

const withoutTime = <Answer extends { generatedAt: string }>({ generatedAt: _time, ...rest }: Answer) => rest;

describe('the rollups', () => {
  test('give the figures of the rows for every filter they answer', async () => {
    const fixture = await createFixture();
    const queries: Record<string, string>[] = [
      {},
      { range: 'day' },
      { from: '2026-03-03', to: '2026-03-09' },
      { week: '2026-W10' },
      { weekdays: '2-7' },
      { function: String(fixture.servente) },
      { occurrence: String(fixture.E) },
      { package: String(catalogue.a1.package) },
      { local: String(catalogue.a1Other.local) },
      { area: String(catalogue.a1.area) },
      { block: String(catalogue.a1Other.block) },
      { activity: String(fixture.alvenaria), range: 'month' },
      { from: '2027-01-01' },
      // Whole hours (activity_hourly answers routine), and windows that are not (the rows do).
      { fromTime: '07:00', toTime: '09:59' },
      { fromTime: '09:00', function: String(fixture.servente) },
      { toTime: '07:59', occurrence: String(fixture.V), weekdays: '1' },
      { fromTime: '09:30', toTime: '14:14' },
      // A class through the occurrence (the rollups that keep it); a machine's class is no activity filter.
      { classification: 'value_adding' },
      { classification: 'evident_waste', function: String(fixture.servente), range: 'day' },
      { classification: 'hidden_waste', fromTime: '07:00', toTime: '09:59' },
      { classification: 'idle' },
    ];
    for (const query of queries) {
      for (const name of DASHBOARD_NAMES) {
        const rows = await fresh(name, query);
        for (const level of ['daily', 'coarse'] as const) {
          assert.deepEqual(await fresh(name, query, level), rows, `${name} ${level} ${JSON.stringify(query)}`);
        }
      }
    }
    // Compliance counts the walks, which a dimension filter does not narrow: servente was seen on
    // 2 of the 4 walks, yet all 4 count.
    assert.equal((await get('project-health', `function=${fixture.servente}`)).compliance.reports, 4);
    assert.equal((await get('project-health', 'weekdays=2')).compliance.reports, 1);
  });
});

describe('a figure opened as its rows (drill-down)', () => {
  test("the rows a list keeps for a figure's filters and class add up to that figure", async () => {
    await createFixture();
    const sums = async (kind: string, query: string) => {
      const response = await admin.get(`/api/reports/${kind}/sums?contract=${world.contractA1}&${query}`);
      assert.equal(response.statusCode, 200, `${kind}?${query}: ${response.body}`);
      return response.json() as ReportSums;
    };
    const health = await get('project-health');
    // The whole: 6 rows, 21 workers, 10.5 HH; each class: V 7.5 HH (r1 r4 r6), H 1 (r2), E 2 (r3 r5).
    assert.deepEqual(await sums('activity', ''), { rows: 6, workers: 21, hh: 10.5 });
    assert.deepEqual(await sums('activity', 'classification=value_adding'), { rows: 3, workers: 15, hh: 7.5 });
    assert.deepEqual(await sums('activity', 'classification=hidden_waste'), { rows: 1, workers: 2, hh: 1 });
    assert.deepEqual(await sums('activity', 'classification=evident_waste'), { rows: 2, workers: 4, hh: 2 });
    // Every rank item's class HH is what its rows add up to: P2's value-adding 5.5 HH, and so on.
    const keys = { valueAdding: 'value_adding', hiddenWaste: 'hidden_waste', evidentWaste: 'evident_waste' } as const;
    for (const [rank, dimension] of [
      ['packages', 'package'],
      ['locals', 'local'],
      ['activities', 'activity'],
    ] as const) {
      for (const item of health.ranks[rank]) {
        for (const [key, classification] of Object.entries(keys)) {
          const opened = await sums('activity', `${dimension}=${item.id}&classification=${classification}`);
          assert.equal(opened.hh, item.hh[key as keyof typeof keys], `${rank} ${item.name} ${classification}`);
        }
      }
    }
    // A weekday and a week of the evolution, opened: Tuesday is r4 r5 (3.5 HH); week 11 is r6 (2.5 HH).
    assert.equal((await sums('activity', 'weekdays=2')).hh, health.weekdays[1]!.hh.total);
    assert.equal((await sums('activity', 'from=2026-03-09&to=2026-03-15')).hh, health.evolution[1]!.hh);
    // A dashboard under a class reads only that class: value-adding is the whole of it.
    const valueAdding = await get('project-health', 'classification=value_adding');
    assert.deepEqual(valueAdding.totals, totals(15, 0, 0, 3));
    assert.equal(valueAdding.filters.classification, 'value_adding');
    // A machine's class leaves the activity rows alone (as a filter that does not describe them).
    assert.deepEqual(await sums('activity', 'classification=down'), { rows: 6, workers: 21, hh: 10.5 });
    assert.deepEqual(await sums('quantity', 'classification=value_adding'), await sums('quantity', ''));
  });

  test("a machine's class keeps its equipment rows; a bad class is refused and nothing is summed", async () => {
    await createFixture();
    await addEquipmentRows(suite);
    const equipment = await get('equipment');
    const count = async (query: string) => {
      const response = await admin.get(`/api/reports/equipment/sums?contract=${world.contractA1}&${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return (response.json() as ReportSums).rows;
    };
    for (const classification of ['working', 'idle', 'down'] as const) {
      const observed = equipment.equipment.reduce((sum, machine) => sum + machine[classification], 0);
      assert.equal(await count(`classification=${classification}`), observed, classification);
    }
    assert.equal(
      (await get('equipment', 'classification=down')).equipment.reduce((sum, m) => sum + m.working + m.idle, 0),
      0,
    );
    for (const path of ['/api/reports/activity/sums', '/api/reports/activity', '/api/dashboards/routine']) {
      const response = await admin.get(`${path}?contract=${world.contractA1}&classification=__proto__`);
      assert.equal(response.statusCode, 400, path);
      assert.deepEqual((response.json() as { fields: Record<string, string> }).fields, {
        classification: 'invalid_value',
      });
    }
  });
});

describe('the equipment rollup', () => {
  test('gives the figures of the rows for every filter it answers, and follows edits and deletes', async () => {
    await createFixture();
    // 2026-03-02 (Monday): Grua 3 working + 1 idle at 07:00; Betoneira 1 working, 1 idle, 2 down at 15:00.
    const { grua, beta } = await addEquipmentRows(suite);
    // And a Tuesday of the next week: the Grua down once, the Betoneira working twice (rows 600–602).
    await insertEquipmentRows(suite, 600, [
      [grua, 'down', '2026-03-10', '08:00', 2],
      [beta, 'working', '2026-03-10', '08:00', 2],
      [beta, 'working', '2026-03-10', '08:00', 2],
    ]);
    const queries: Record<string, string>[] = [
      {},
      { range: 'day' },
      { weekdays: '2-7' },
      { equipment: String(beta) },
      { from: '2026-03-03' },
      { week: '2026-W10' },
      // The rows answer these: the rollup keeps no place and no time of day.
      { package: String(catalogue.a1.package) },
      { fromTime: '07:00', toTime: '09:59' },
      { classification: 'down' },
      { classification: 'value_adding' },
    ];
    const agree = async (step: string) => {
      for (const query of queries) {
        assert.deepEqual(
          await fresh('equipment', query, 'coarse'),
          await fresh('equipment', query),
          `${step} ${JSON.stringify(query)}`,
        );
      }
    };
    await agree('inserted');
    const utilization = async () =>
      (await fresh('equipment', {}, 'coarse')).equipment.map((item) => [item.id, item.working, item.idle, item.down]);
    assert.deepEqual(await utilization(), [
      [grua, 3, 1, 1],
      [beta, 3, 1, 2],
    ]);
    // An edit changes a class and another moves a row to the other machine; a delete takes one away.
    await db.orm
      .update(equipmentReports)
      .set({ classification: 'working' })
      .where(eq(equipmentReports.id, uuidOf(506)));
    await db.orm
      .update(equipmentReports)
      .set({ equipmentId: grua })
      .where(eq(equipmentReports.id, uuidOf(507)));
    await agree('edited');
    await db.orm.delete(equipmentReports).where(eq(equipmentReports.id, uuidOf(600)));
    await agree('deleted');
    assert.deepEqual(await utilization(), [
      [beta, 4, 1, 0],
      [grua, 3, 1, 1],
    ]);
    // The default view reads the rollup, not the rows: a line changed behind the triggers' back shows.
    await db.orm.execute(sql`update equipment_daily set working = working + 10 where equipment_id = ${grua}`);
    assert.deepEqual(
      (await utilization()).find(([id]) => id === grua),
      [grua, 13, 1, 1],
    );
    assert.deepEqual((await fresh('equipment')).equipment.find((item) => item.id === grua)?.working, 3);
  });
});

describe('kept answers', () => {
  test('a repeated view is the kept answer, always equal to the rows; any write makes a new one', async () => {
    const fixture = await createFixture();
    const first = await get('project-health');
    assert.deepEqual(withoutTime(first), bare(await fresh('project-health')));
    // Kept: the very answer (same generatedAt), while nothing was written.
    assert.equal((await get('project-health')).generatedAt, first.generatedAt);
    for (const name of DASHBOARD_NAMES) assert.deepEqual(withoutTime(await getWhole(name)), await fresh(name));

    // A report arrives through the app: 3 more workers seen executing (V) → 21 + 3 = 24 workers = 12 HH.
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const sent = await phone.send([
      a1ActivityRow(catalogue, fixture.V),
      {
        id: newId(),
        kind: 'equipment',
        contract: world.contractA1,
        reportTime: reportTime(),
        package: catalogue.a1.package,
        area: catalogue.a1.area,
        activity: catalogue.a1.activity,
        equipment: catalogue.a1.equipment,
        classification: 'down',
      },
    ]);
    assert.equal(sent.statusCode, 200, sent.body);
    const after = await get('project-health');
    assert.notEqual(after.generatedAt, first.generatedAt);
    assert.deepEqual(after.totals, totals(18, 2, 4, 7));
    assert.deepEqual(withoutTime(after), bare(await fresh('project-health')));
    assert.deepEqual(
      (await get('equipment')).equipment.map((item) => [item.name, item.down]),
      [['Grua 40 m', 1]],
    );
    for (const name of DASHBOARD_NAMES) assert.deepEqual(withoutTime(await getWhole(name)), await fresh(name));

    // A catalogue edit is a write too: the renamed package shows at once.
    await db.orm.update(packages).set({ name: 'Pacote Um' }).where(eq(packages.id, catalogue.a1.package));
    assert.deepEqual(
      (await get('project-health')).ranks.packages.map((rank) => rank.name),
      ['Pacote 2', 'Pacote Um'],
    );
    // A row deleted by hand (reports are never edited, but the rollup must follow any write):
    // r2 (servente, H 2) goes; the walk of r1 stays, r1 shares it.
    await db.orm.delete(activityReports).where(eq(activityReports.id, uuidOf(2)));
    assert.deepEqual((await get('project-health')).totals, totals(18, 0, 4, 6));
    for (const name of DASHBOARD_NAMES) assert.deepEqual(withoutTime(await getWhole(name)), await fresh(name));
    // An edit moves a row between the rollup's lines: r5 (E 1) becomes V.
    await db.orm
      .update(activityReports)
      .set({ occurrenceId: fixture.V })
      .where(eq(activityReports.id, uuidOf(5)));
    assert.deepEqual((await get('project-health')).totals, totals(19, 0, 3, 6));
    for (const name of DASHBOARD_NAMES) assert.deepEqual(withoutTime(await getWhole(name)), await fresh(name));
    // An occurrence reclassified moves its workers between the class rollup's columns (re-folded
    // from activity_daily): E (r3, 3 workers) becomes hidden waste.
    await db.orm.update(occurrences).set({ classification: 'hidden_waste' }).where(eq(occurrences.id, fixture.E));
    assert.deepEqual((await get('project-health')).totals, totals(19, 3, 0, 6));
    for (const name of DASHBOARD_NAMES) {
      assert.deepEqual(withoutTime(await getWhole(name)), await fresh(name));
      const queries: Record<string, string>[] = [{}, { weekdays: '1' }, { function: String(catalogue.a1.function) }];
      for (const query of queries) {
        assert.deepEqual(
          await fresh(name, query, 'coarse'),
          await fresh(name, query),
          `${name} ${JSON.stringify(query)}`,
        );
      }
    }
    // The (time, local) pairs follow rows that join a pair, leave it, or move to another local.
    const pairsAgree = async () => {
      for (const level of ['coarse', 'rows'] as const) {
        assert.deepEqual(withoutTime(await getWhole('by-function')), await fresh('by-function', {}, level), level);
      }
    };
    await insertActivityRows(suite, fixture, [['2026-03-02', '07:00', 1, 'R', 'P1', 'servente', 'V', 2]], 7);
    await pairsAgree();
    await db.orm
      .update(activityReports)
      .set({ localId: catalogue.a1Other.local })
      .where(eq(activityReports.id, uuidOf(1)));
    await pairsAgree();
    await db.orm.delete(activityReports).where(eq(activityReports.localDate, '2026-03-02'));
    await pairsAgree();
    // Filters are part of the key: another filter is another answer.
    assert.deepEqual(
      (await get('project-health', 'weekdays=2')).totals,
      await fresh('project-health', { weekdays: '2' }).then((answer) => bare(answer.totals)),
    );
  });
});

describe('per-contract data versions', () => {
  test("reports arriving for one contract leave the other contracts' kept answers in place", async () => {
    const fixture = await createFixture();
    const b1 = () => get('project-health', '', admin, world.contractB1);
    const keptA = await get('project-health');
    const keptB = await b1();
    assert.equal((await b1()).generatedAt, keptB.generatedAt);
    // A1 receives a report through the app: A1's answer is made anew from the rows, B1's stays kept.
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const sent = await phone.send([a1ActivityRow(catalogue, fixture.V)]);
    assert.equal(sent.statusCode, 200, sent.body);
    const freshA = await get('project-health');
    assert.notEqual(freshA.generatedAt, keptA.generatedAt);
    assert.deepEqual(freshA.totals, totals(18, 2, 4, 7));
    assert.deepEqual(withoutTime(freshA), bare(await fresh('project-health')));
    const stillB = await b1();
    assert.equal(stillB.generatedAt, keptB.generatedAt, "B1's kept answer is served again");
    assert.deepEqual(stillB.totals, totals(9, 0, 0, 1));

    // The other way round, by hand: B1's row deleted → B1 anew (empty), A1 kept.
    const keptA2 = await get('project-health');
    assert.equal(keptA2.generatedAt, freshA.generatedAt);
    await db.orm.delete(activityReports).where(eq(activityReports.id, uuidOf(999)));
    assert.deepEqual((await b1()).totals, totals(0, 0, 0, 0));
    assert.equal((await get('project-health')).generatedAt, freshA.generatedAt);

    // An occurrence is shared by every contract: its edit is a global write, every answer goes.
    await db.orm.update(occurrences).set({ name: 'Executando serviço' }).where(eq(occurrences.id, fixture.V));
    const afterEdit = await get('project-health');
    assert.notEqual(afterEdit.generatedAt, freshA.generatedAt);
    assert.deepEqual(withoutTime(afterEdit), bare(await fresh('project-health')));
  });
});
