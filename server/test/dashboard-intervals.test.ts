import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type {
  ByFunctionDashboard,
  DashboardAnswers,
  DashboardName,
  ProjectHealthDashboard,
  RoutineDashboard,
  ShareInterval,
} from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { activityReports } from '../src/db/schema/reports.js';
import type { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture, insertActivityRows } from './dashboard-fixtures.js';
import type { ActivityRow, DashboardFixture, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * Every share's 95 % interval (DOMAIN.md §5) on the database, from the SQL sums of the rows
 * and of each rollup (the rollup tests of dashboards.test.ts compare every interval of every
 * answer with the rows' own). The data are §5's worked example: six rows of a 30-minute
 * contract (A1), Pedreiro's four of them.
 *
 *   Monday 2026-03-02   VA 5 (pedreiro)  VA 7 (servente)  HW 5 (pedreiro)  EW 6 (servente)
 *   Tuesday 2026-03-03  VA 3 (pedreiro)  EW 4 (pedreiro)
 */

let db: Database;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ db, admin, world } = context);
  suite = context;
});

const WORKED: ActivityRow[] = [
  ['2026-03-02', '07:00', 1, 'R', 'P1', 'pedreiro', 'V', 5],
  ['2026-03-02', '07:00', 1, 'R', 'P2', 'servente', 'V', 7],
  ['2026-03-02', '09:30', 1, 'R', 'P1', 'pedreiro', 'H', 5],
  ['2026-03-02', '09:30', 1, 'R', 'P2', 'servente', 'E', 6],
  ['2026-03-03', '08:00', 2, 'W', 'P1', 'pedreiro', 'V', 3],
  ['2026-03-03', '08:00', 2, 'W', 'P1', 'pedreiro', 'E', 4],
];

/** The hand-made fixture's occurrences and catalogue, with A1's rows replaced by `rows`. */
async function withRows(rows: ActivityRow[]): Promise<DashboardFixture> {
  const fixture = await createDashboardFixture(suite);
  await db.orm.delete(activityReports).where(eq(activityReports.contractId, world.contractA1));
  await insertActivityRows(suite, fixture, rows, 101);
  return fixture;
}

async function get<Name extends DashboardName>(name: Name, query = ''): Promise<DashboardAnswers[Name]> {
  const response = await admin.get(`/api/dashboards/${name}?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as DashboardAnswers[Name];
}

/** An interval as §5 writes it: percentages to 0.1 point. */
const percent = (value: number) => Math.round(value * 1000) / 10;
const written = (interval: ShareInterval | null | undefined) =>
  interval ? [percent(interval.low), percent(interval.high)] : null;

describe('share intervals (DOMAIN.md §5)', () => {
  test("the worked example: every share of project health, routine and by function, and Pedreiro's slice", async () => {
    await withRows(WORKED);
    // The fold by class (activity_daily_classes), the daily rollup (a weekday filter), the rows
    // (a time window that is not whole hours) and the hourly rollup (routine) all agree.
    for (const query of ['', 'weekdays=1-7', 'fromTime=06:30&toTime=18:10']) {
      const health: ProjectHealthDashboard = await get('project-health', query);
      const { intervals } = health.totals;
      assert.deepEqual(written(intervals.valueAdding), [16.4, 83.6], query);
      assert.deepEqual(written(intervals.evidentWaste), [8.4, 73.2], query);
      assert.deepEqual(written(intervals.hiddenWaste), [2.6, 59.9], query);
      assert.ok(Math.abs(intervals.valueAdding!.effectiveSample - 4.6875) < 1e-9);
      assert.ok(Math.abs(intervals.valueAdding!.designEffect! - 6.4) < 1e-9);
      assert.ok(Math.abs(intervals.valueAdding!.variance - 10 / (6 * 5 * 2.5 ** 2)) < 1e-12);
      assert.equal(health.totals.lowConfidence, true);
      const pedreiro = health.ranks.functions.find((item) => item.name === 'Pedreiro')!;
      assert.equal(percent(pedreiro.index.valueAdding!), 47.1);
      assert.deepEqual(written(pedreiro.intervals.valueAdding), [11, 86.4], query);
      // One week: its point carries the same interval as the whole.
      assert.deepEqual(
        health.evolution.map((point) => [point.bucket, written(point.interval)]),
        [['2026-03-02', [16.4, 83.6]]],
      );
    }
    const byFunction: ByFunctionDashboard = await get('by-function');
    assert.deepEqual(written(byFunction.totals.intervals.valueAdding), [16.4, 83.6]);
    const pedreiro = byFunction.functions.find((item) => item.name === 'Pedreiro')!;
    assert.deepEqual(written(pedreiro.intervals.valueAdding), [11, 86.4]);
    // An occurrence's share is one of the rows too: "Aguardando material" is all the evident waste.
    const waiting = byFunction.topOccurrences.find((occurrence) => occurrence.name === 'Aguardando material')!;
    assert.deepEqual(written(waiting.interval), [8.4, 73.2]);
    const routine: RoutineDashboard = await get('routine');
    assert.deepEqual(written(routine.totals.intervals.valueAdding), [16.4, 83.6]);
  });

  test("against the period before: Tuesday alone reads 42,9 % against Monday's 52,2 %, −9,3 points, not a real change", async () => {
    await withRows(WORKED);
    // The class fold, the daily rollup and the rows give the same comparison; routine too.
    for (const query of ['', '&weekdays=1-7', '&fromTime=06:30&toTime=18:10']) {
      for (const name of ['project-health', 'routine'] as const) {
        const answer = await get(name, `from=2026-03-03&to=2026-03-03${query}`);
        const { previous } = answer;
        assert.ok(previous, `${name}${query}`);
        assert.deepEqual([previous.from, previous.to], ['2026-03-02', '2026-03-02']);
        assert.equal(percent(answer.totals.index.valueAdding!), 42.9);
        assert.equal(percent(previous.totals.index.valueAdding!), 52.2);
        const change = previous.change.valueAdding!;
        assert.equal(percent(change.difference), -9.3);
        assert.equal(change.real, false, `${name}${query}`);
        assert.ok(change.low < 0 && change.high > 0);
        // Its interval: ± 1.96 √(Var̂ Monday + Var̂ Tuesday).
        const half =
          1.959964 *
          Math.sqrt(previous.totals.intervals.valueAdding!.variance + answer.totals.intervals.valueAdding!.variance);
        assert.ok(Math.abs(change.high - change.low - 2 * half) < 1e-12);
        // Monday had hidden waste, Tuesday none: a change of −21,7 points, still within chance.
        assert.equal(percent(previous.change.hiddenWaste!.difference), -21.7);
      }
    }
    // A week against the one before, which holds no row: nothing to compare a share with.
    const week = await get('project-health', 'week=2026-W10');
    assert.deepEqual([week.previous!.from, week.previous!.to], ['2026-02-23', '2026-03-01']);
    assert.equal(week.previous!.totals.workers, 0);
    assert.deepEqual(week.previous!.change, { valueAdding: null, hiddenWaste: null, evidentWaste: null });
    // Without both ends there is no period before.
    assert.equal((await get('project-health', 'from=2026-03-02')).previous, null);
    assert.equal((await get('routine')).previous, null);
  });

  test('each ranked item says how it moved against the period before, by each class, among the items seen in both', async () => {
    // Monday: Pedreiro 50 % value-adding (half hidden waste), Servente 87,5 %; both on P1.
    // Tuesday: Pedreiro 100 %, Servente 50 % (the rest evident waste), Servente now on P2.
    await withRows([
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'pedreiro', 'V', 5],
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'pedreiro', 'H', 5],
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'servente', 'V', 7],
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'servente', 'E', 1],
      ['2026-03-03', '08:00', 2, 'W', 'P1', 'pedreiro', 'V', 8],
      ['2026-03-03', '08:00', 2, 'W', 'P2', 'servente', 'V', 3],
      ['2026-03-03', '08:00', 2, 'W', 'P2', 'servente', 'E', 3],
    ]);
    const moves = (items: ProjectHealthDashboard['ranks']['functions']) =>
      Object.fromEntries(items.map((item) => [item.name, item.moved]));
    // The class fold, the daily rollup and the rows agree.
    for (const query of ['', '&weekdays=1-7', '&fromTime=06:30&toTime=18:10']) {
      const health = await get('project-health', `from=2026-03-03&to=2026-03-03${query}`);
      // By value-adding share Pedreiro climbed over Servente; by either waste the order held
      // (Servente's 12,5 % evident waste led then, its 50 % now; Pedreiro's hidden waste led then,
      // and now neither has any: the list's order, Pedreiro first, breaks the tie).
      assert.deepEqual(
        moves(health.ranks.functions),
        {
          Pedreiro: { valueAdding: 1, hiddenWaste: 0, evidentWaste: 0 },
          Servente: { valueAdding: -1, hiddenWaste: 0, evidentWaste: 0 },
        },
        query,
      );
      // Pacote 2 was not seen on Monday: it has no movement; Pacote 1, alone in both, kept its place.
      assert.deepEqual(
        health.ranks.packages.map((item) => item.moved),
        [{ valueAdding: 0, hiddenWaste: 0, evidentWaste: 0 }, null],
        query,
      );
    }
    // Without a period before, no item moved.
    const open = await get('project-health', 'from=2026-03-03');
    assert.equal(open.previous, null);
    assert.ok(Object.values(open.ranks).every((items) => items.every((item) => item.moved === null)));
  });

  test('a slice is low-confidence while a share is more than ± 5 points wide, not after', async () => {
    // Crews of one: 420 rows, one worker each, half value-adding: ± 4.8 points. A crew of 8
    // added to one side widens it past 5.
    const rows: ActivityRow[] = Array.from({ length: 420 }, (_, index) => [
      '2026-03-02',
      `${String(7 + Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`,
      1,
      'R',
      'P1',
      'pedreiro',
      index % 2 === 0 ? 'V' : 'E',
      1,
    ]);
    const fixture = await withRows(rows);
    const sure = await get('project-health');
    const half = (interval: ShareInterval | null) => (interval!.high - interval!.low) / 2;
    assert.ok(half(sure.totals.intervals.valueAdding) < 0.05, String(half(sure.totals.intervals.valueAdding)));
    assert.deepEqual([sure.totals.lowConfidence, sure.totals.intervals.valueAdding!.lowConfidence], [false, false]);
    await insertActivityRows(suite, fixture, [['2026-03-02', '16:30', 1, 'R', 'P1', 'pedreiro', 'V', 150]], 900);
    const unsure = await get('project-health');
    // More workers (570 against 420), yet less sure: the crew of 150 is one observation.
    assert.ok(half(unsure.totals.intervals.valueAdding) > 0.05, String(half(unsure.totals.intervals.valueAdding)));
    assert.equal(unsure.totals.lowConfidence, true);
  });

  test('the control chart of the daily value-adding share: centre, limits per day, signals', async () => {
    // Ten days of 40 one-worker rows (March 2–13, weekdays): the window's share is the centre.
    const days = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'];
    const share = [24, 24, 24, 24, 24, 24, 24, 24, 20, 2]; // value-adding rows of 40 per day
    const rows: ActivityRow[] = days.flatMap((day, d) =>
      Array.from({ length: 40 }, (_, index): ActivityRow => [
        `2026-03-${day}`,
        `${String(7 + Math.floor(index / 10)).padStart(2, '0')}:${String(index % 10).padStart(2, '0')}`,
        ((d % 5) + 1) as number,
        'R',
        'P1',
        'pedreiro',
        index < share[d]! ? 'V' : 'E',
        1,
      ]),
    );
    await withRows(rows);
    const { control } = (await get('project-health')) as ProjectHealthDashboard;
    const centre = share.reduce((sum, value) => sum + value, 0) / 400;
    assert.ok(Math.abs(control.centre! - centre) < 1e-12);
    assert.equal(control.days.length, 10);
    const deff = control.designEffect!;
    // Crews of one: no clustering; the ratio estimator's n − 1 makes deff 400 / 399.
    assert.ok(Math.abs(deff - 400 / 399) < 1e-9, String(deff));
    const first = control.days[0]!;
    const half = 3 * Math.sqrt((centre * (1 - centre)) / (40 / deff));
    assert.ok(Math.abs(first.upper - (centre + half)) < 1e-12 && Math.abs(first.lower - (centre - half)) < 1e-12);
    // 0.6 on each of the first eight days (centre 0.545): a run of eight on one side; the last
    // day (0.05) is outside its limits.
    assert.deepEqual(
      control.days.map((day) => [day.date.slice(8), day.signal]),
      [
        ['02', 'run'],
        ['03', 'run'],
        ['04', 'run'],
        ['05', 'run'],
        ['06', 'run'],
        ['09', 'run'],
        ['10', 'run'],
        ['11', 'run'],
        ['12', null],
        ['13', 'outside'],
      ],
    );
  });
});
