import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { DEFAULT_WORK_SCHEDULE, errorMessage } from '@canteiro/shared/domain';
import type { ContractItem, ProjectHealthDashboard, WorkSchedule } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { contracts } from '../src/db/schema/organisation.js';
import { valid } from './admin-fixtures.js';
import type { Client, World } from './admin-fixtures.js';
import { createDashboardFixture, insertActivityRows } from './dashboard-fixtures.js';
import type { ActivityRow, DashboardFixture, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * A contract's work schedule (hours per weekday) and compliance in proportion to it
 * (docs/dashboards.md). Contract A1's goal is set to 18 walks a day so the shares come out
 * whole: the default schedule's reference day is Monday's 540 minutes (07:00–12:00,
 * 13:00–17:00), a Saturday's 300 minutes expect 18 × 300/540 = 10 walks, a 07:00–08:55 window
 * on a weekday 18 × 115/540 = 3.8333 walks. 2026-03-07 is a Saturday, 2026-03-08 a Sunday.
 * The dashboard fixture's walks: R on Monday 03-02 at 07:00 and 09:30, W on Tuesday 03-03 at 08:00.
 */

let db: Database;
let world: World;
let admin: Client;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ db, world, admin } = context);
  suite = context;
});

const GOAL = 18;

/** The fixture's rows, A1's goal at 18, and R's walks of a Saturday (10, every 30 minutes from 07:00) and a Sunday (1). */
async function weekFixture(): Promise<DashboardFixture> {
  const fixture = await createDashboardFixture(suite);
  await db.orm.update(contracts).set({ reportingGoal: GOAL }).where(eq(contracts.id, world.contractA1));
  const saturday: ActivityRow[] = Array.from({ length: 10 }, (_, index) => [
    '2026-03-07',
    `${String(7 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
    6,
    'R',
    'P1',
    'pedreiro',
    'V',
    2,
  ]);
  await insertActivityRows(
    suite,
    fixture,
    [...saturday, ['2026-03-08', '09:00', 7, 'R', 'P1', 'pedreiro', 'V', 1]],
    100,
  );
  return fixture;
}

async function compliance(query: string): Promise<ProjectHealthDashboard['compliance']> {
  const response = await admin.get(`/api/dashboards/project-health?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as ProjectHealthDashboard).compliance;
}

const near = (actual: number | null | undefined, expected: number, what: string) =>
  assert.ok(
    typeof actual === 'number' && Math.abs(actual - expected) < 1e-9,
    `${what}: ${String(actual)} ≠ ${expected}`,
  );

const hours = (...pairs: [string, string][]) => pairs.map(([start, end]) => ({ start, end }));

describe('compliance in proportion to the work schedule', () => {
  test('a Saturday (half a day) at its share of the goal reads 100 %, not 55,6 %', async () => {
    await weekFixture();
    const saturday = await compliance('from=2026-03-07&to=2026-03-07');
    assert.deepEqual(saturday, {
      goal: GOAL,
      reports: 10,
      expected: 10,
      ratio: 1,
      reporters: [{ user: suite.people.reporterA1, name: 'reporterA1', reports: 10, expected: 10, ratio: 1 }],
      days: [{ date: '2026-03-07', reports: 10, expected: 10, ratio: 1 }],
    });
  });

  test('the week: each reported day expects its share, a Sunday (no schedule) expects nothing', async () => {
    await weekFixture();
    const week = await compliance('from=2026-03-02&to=2026-03-08');
    // Reported days: Mon (18), Tue (18), Sat (10), Sun (0) → 46 walks expected of each reporter.
    assert.deepEqual(
      week.reporters.map((reporter) => [reporter.name, reporter.reports, reporter.expected]),
      [
        ['reporterA1', 13, 46],
        ['workA1', 1, 46],
      ],
    );
    assert.deepEqual([week.reports, week.expected, week.ratio], [14, 92, 14 / 92]);
    // Per day: the day's share × 2 reporters.
    assert.deepEqual(week.days, [
      { date: '2026-03-02', reports: 2, expected: 36, ratio: 2 / 36 },
      { date: '2026-03-03', reports: 1, expected: 36, ratio: 1 / 36 },
      { date: '2026-03-07', reports: 10, expected: 20, ratio: 0.5 },
      { date: '2026-03-08', reports: 1, expected: 0, ratio: null },
    ]);
  });

  test('a time window 07:00–08:55 expects 115/540 of the goal, not the whole day', async () => {
    const fixture = await weekFixture();
    // R walks 07:00 (fixture), 07:30, 08:00, 08:30 on Monday 03-02; 09:30 is outside the window.
    const more: ActivityRow[] = ['07:30', '08:00', '08:30'].map((time) => [
      '2026-03-02',
      time,
      1,
      'R',
      'P1',
      'pedreiro',
      'V',
      1,
    ]);
    await insertActivityRows(suite, fixture, more, 200);
    const morning = await compliance('from=2026-03-02&to=2026-03-02&fromTime=07:00&toTime=08:55');
    const expected = (GOAL * 115) / 540; // 3.8333…
    assert.deepEqual([morning.reports, morning.reporters.length, morning.days.length], [4, 1, 1]);
    near(morning.expected, expected, 'overall expected');
    near(morning.ratio, 4 / expected, 'overall ratio');
    near(morning.reporters[0]?.expected, expected, "R's expected");
    near(morning.days[0]?.expected, expected, "the day's expected");
    // The window ends at the end of the day when toTime is 23:59: a Saturday's whole 300 minutes.
    const evening = await compliance('from=2026-03-07&to=2026-03-07&fromTime=11:00&toTime=23:59');
    // 11:00–12:00 of 07:00–12:00: 60/540 of 18 = 2; R's walks at 11:00 and 11:30.
    assert.deepEqual([evening.reports, evening.expected, evening.ratio], [2, 2, 1]);
  });

  test('a custom schedule: its longest day is the reference, each day expects its own share', async () => {
    await weekFixture();
    // Mon–Sat 06:00–14:00 (480 minutes, the reference), Sunday 06:00–10:00 (half of it).
    const long = hours(['06:00', '14:00']);
    const schedule: WorkSchedule = {
      '1': long,
      '2': long,
      '3': long,
      '4': long,
      '5': long,
      '6': long,
      '7': hours(['06:00', '10:00']),
    };
    const saved = await admin.put(`/api/contracts/${world.contractA1}`, {
      ...valid.contract(world.baseA, world.workA1),
      name: 'Contrato A1',
      reportingGoal: GOAL,
      workSchedule: schedule,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((saved.json() as ContractItem).workSchedule, schedule);
    const weekend = await compliance('from=2026-03-07&to=2026-03-08');
    assert.deepEqual(weekend.days, [
      { date: '2026-03-07', reports: 10, expected: 18, ratio: 10 / 18 },
      { date: '2026-03-08', reports: 1, expected: 9, ratio: 1 / 9 },
    ]);
    assert.deepEqual([weekend.reporters[0]?.expected, weekend.expected], [27, 27]);
    // 07:00–08:55 of 06:00–14:00 on a Monday: 115/480 of 18 = 4.3125.
    const morning = await compliance('from=2026-03-02&to=2026-03-02&fromTime=07:00&toTime=08:55');
    assert.deepEqual([morning.reports, morning.expected], [1, 4.3125]);
  });
});

describe('the work schedule of a contract', () => {
  test('a contract has the default schedule until one is given; an edit without one keeps it', async () => {
    const item = (await admin.get(`/api/contracts/${world.contractA1}`)).json() as ContractItem;
    assert.deepEqual(item.workSchedule, DEFAULT_WORK_SCHEDULE);
    const created = await admin.post('/api/contracts', valid.contract(world.baseA, world.workA1));
    assert.equal(created.statusCode, 201, created.body);
    const id = (created.json() as ContractItem).id;
    assert.deepEqual((created.json() as ContractItem).workSchedule, DEFAULT_WORK_SCHEDULE);
    const nights: WorkSchedule = { ...DEFAULT_WORK_SCHEDULE, '5': hours(['22:00', '24:00']), '6': [] };
    await admin.put(`/api/contracts/${id}`, { ...valid.contract(world.baseA, world.workA1), workSchedule: nights });
    const edited = await admin.put(`/api/contracts/${id}`, {
      ...valid.contract(world.baseA, world.workA1),
      reportingGoal: 3,
    });
    assert.deepEqual((edited.json() as ContractItem).workSchedule, nights);
    // A day's intervals are kept in order of start, whatever order they came in.
    const unordered = { ...DEFAULT_WORK_SCHEDULE, '1': hours(['13:00', '17:00'], ['07:00', '12:00']) };
    const reordered = await admin.put(`/api/contracts/${id}`, {
      ...valid.contract(world.baseA, world.workA1),
      workSchedule: unordered,
    });
    assert.deepEqual((reordered.json() as ContractItem).workSchedule['1'], DEFAULT_WORK_SCHEDULE['1']);
  });

  test('a bad schedule is refused with a code on its place, and nothing is written', async () => {
    const withDay = (day: string, intervals: unknown) => ({ ...DEFAULT_WORK_SCHEDULE, [day]: intervals });
    const cases: [unknown, Record<string, string>][] = [
      [withDay('6', hours(['12:00', '07:00'])), { 'workSchedule.6.0.end': 'interval_start_not_before_end' }],
      [withDay('6', hours(['07:00', '07:00'])), { 'workSchedule.6.0.end': 'interval_start_not_before_end' }],
      [withDay('1', hours(['07:00', '12:00'], ['11:00', '17:00'])), { 'workSchedule.1': 'intervals_overlap' }],
      [withDay('2', hours(['7:00', '12:00'])), { 'workSchedule.2.0.start': 'invalid_time' }],
      [withDay('2', hours(['07:00', '24:30'])), { 'workSchedule.2.0.end': 'invalid_time' }],
      [withDay('3', hours(['07:60', '12:00'])), { 'workSchedule.3.0.start': 'invalid_time' }],
      [
        withDay(
          '4',
          Array.from({ length: 7 }, (_, hour) => ({ start: `0${hour}:00`, end: `0${hour}:30` })),
        ),
        { 'workSchedule.4': 'too_many_intervals' },
      ],
      [{ '1': [], '2': [], '3': [], '4': [], '5': [], '6': [], '7': [] }, { workSchedule: 'schedule_empty' }],
      [withDay('8', []), { 'workSchedule.8': 'invalid_value' }],
      [{ ...DEFAULT_WORK_SCHEDULE, '7': undefined }, { 'workSchedule.7': 'required' }],
    ];
    const before = await db.orm.select().from(contracts).orderBy(contracts.id);
    for (const [workSchedule, fields] of cases) {
      const body = { ...valid.contract(world.baseA, world.workA1), workSchedule };
      for (const response of [
        await admin.post('/api/contracts', body),
        await admin.put(`/api/contracts/${world.contractA1}`, { ...body, name: 'Contrato A1' }),
      ]) {
        assert.equal(response.statusCode, 400, JSON.stringify(workSchedule));
        assert.deepEqual(response.json(), {
          code: 'validation_failed',
          message: errorMessage('validation_failed'),
          fields,
        });
      }
    }
    assert.deepEqual(await db.orm.select().from(contracts).orderBy(contracts.id), before);
    const english = await admin.browser.request('/api/contracts', {
      method: 'POST',
      body: { ...valid.contract(world.baseA, world.workA1), workSchedule: withDay('1', hours(['08:00', '07:00'])) },
      token: admin.token,
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal((english.json() as { message: string }).message, errorMessage('validation_failed', 'en-US'));
  });
});
