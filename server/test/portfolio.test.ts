import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, weekDays, weekOf, weekdayOf } from '@canteiro/shared/domain';
import type { Portfolio } from '@canteiro/shared/domain';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture, insertActivityRows } from './dashboard-fixtures.js';
import type { ActivityRow, DashboardFixture, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';
import { siteToday } from '../src/site-clock.js';
import type { FastifyInstance } from 'fastify';

/**
 * The portfolio (docs/dashboards.md, "Portfolio") on rows dated from the site's today: A1
 * (30-minute reports, goal 16 walks a day) gets one walk a day, 08:00 by its reporter, of
 * 5 workers value-adding on Pacote 1 and 5 in evident waste on Pacote 2, on each of the 20
 * days before today; and in the four weeks before those, one row a day of 10 workers all
 * value-adding. Evident waste went from 0 to 50 %: a real rise.
 */

let app: FastifyInstance;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, admin, world } = context);
  suite = context;
});

const TIME_ZONE = 'America/Sao_Paulo';
const row = (day: string, chain: 'P1' | 'P2', occurrence: 'V' | 'H' | 'E', workers: number): ActivityRow => [
  day,
  '08:00',
  weekdayOf(day),
  'R',
  chain,
  chain === 'P1' ? 'pedreiro' : 'servente',
  occurrence,
  workers,
];

async function seed(extra: ActivityRow[] = []): Promise<{ fixture: DashboardFixture; today: string }> {
  const fixture = await createDashboardFixture(suite);
  const today = siteToday(TIME_ZONE);
  const rows: ActivityRow[] = [];
  for (let back = 1; back <= 20; back += 1) {
    const day = addDays(today, -back);
    rows.push(row(day, 'P1', 'V', 5), row(day, 'P2', 'E', 5));
  }
  for (let back = 30; back <= 49; back += 1) rows.push(row(addDays(today, -back), 'P1', 'V', 10));
  await insertActivityRows(suite, fixture, [...rows, ...extra], 1000);
  return { fixture, today };
}

async function portfolioOf(client: Client): Promise<Portfolio> {
  const response = await client.get('/api/dashboards/portfolio');
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Portfolio;
}

describe('portfolio', () => {
  test('every contract of the scope, its share, eight weeks, compliance, last observation and alerts', async () => {
    const { today } = await seed();
    const answer = await portfolioOf(admin);
    assert.deepEqual([answer.from, answer.to], [addDays(today, -27), today]);
    const monday = weekDays(weekOf(today))!.from;
    assert.deepEqual(
      answer.weeks,
      [7, 6, 5, 4, 3, 2, 1, 0].map((back) => addDays(monday, -7 * back)),
    );
    // The admin sees every active contract, by base, work and name.
    assert.deepEqual(
      answer.contracts.map((contract) => contract.id),
      [world.contractA1, world.contractA1b, world.contractA2, world.contractB1],
    );
    const a1 = answer.contracts[0]!;
    assert.equal(a1.valueAdding, 0.5);
    assert.equal(a1.workers, 200);
    assert.ok(a1.interval && a1.interval.low < 0.5 && a1.interval.high > 0.5);
    // Each week's share: 50 % where the 20 days fall, 100 % in the weeks before them, none before those.
    const shareOn = (day: string) =>
      day >= addDays(today, -20) && day <= addDays(today, -1)
        ? 0.5
        : day >= addDays(today, -49) && day <= addDays(today, -30)
          ? 1
          : null;
    const expectedWeeks = answer.weeks.map((first) => {
      const days = Array.from({ length: 7 }, (_, index) => addDays(first, index));
      const va = days.reduce((sum, day) => sum + (shareOn(day) === null ? 0 : shareOn(day) === 1 ? 10 : 5), 0);
      const all = days.reduce((sum, day) => sum + (shareOn(day) === null ? 0 : 10), 0);
      return all === 0 ? null : va / all;
    });
    assert.deepEqual(a1.weeks, expectedWeeks);
    // One walk a day against 16 a full day in proportion to its schedule (Saturday 300 of 540
    // minutes, Sunday none): 20 / (16 × the scheduled share of the 20 days).
    const scheduled = Array.from({ length: 20 }, (_, index) => addDays(today, -index - 1)).reduce(
      (sum, day) => sum + (weekdayOf(day) === 7 ? 0 : weekdayOf(day) === 6 ? 300 / 540 : 1),
      0,
    );
    assert.ok(Math.abs(a1.compliance! - 20 / (16 * scheduled)) < 1e-12);
    assert.deepEqual(a1.lastObservation, { date: addDays(today, -1), time: '08:00' });
    // Every day at the centre: no control signal; compliance far under 80 %; evident waste 0 → 50 %.
    assert.deepEqual(a1.alerts, ['compliance', 'evidentWaste']);
    // A contract without rows in the weeks: nothing to say, nothing to alert.
    const b1 = answer.contracts.find((contract) => contract.id === world.contractB1)!;
    assert.deepEqual(
      [b1.valueAdding, b1.interval, b1.workers, b1.compliance, b1.alerts, b1.weeks],
      [null, null, 0, null, [], Array(8).fill(null)],
    );
    assert.equal(b1.lastObservation?.date, '2026-03-02');
    assert.deepEqual([a1.base.id, a1.work.id], [world.baseA, world.workA1]);
  });

  test('a day far from the centre is a control signal', async () => {
    const today = siteToday(TIME_ZONE);
    const day = addDays(today, -21);
    // 100 workers in four crews, every one waiting: a day at 0 % among days at 50 %.
    await seed([row(day, 'P2', 'E', 25), row(day, 'P2', 'E', 25), row(day, 'P2', 'E', 25), row(day, 'P2', 'E', 25)]);
    const a1 = (await portfolioOf(admin)).contracts.find((contract) => contract.id === world.contractA1)!;
    assert.ok(a1.alerts.includes('control'), JSON.stringify(a1.alerts));
  });

  test('a kept answer never outlives a report written after it', async () => {
    const { fixture, today } = await seed();
    const before = (await portfolioOf(admin)).contracts[0]!;
    assert.equal(before.valueAdding, 0.5);
    // The same view again: the kept answer (the very same instant of computing).
    assert.equal((await portfolioOf(admin)).generatedAt, (await portfolioOf(admin)).generatedAt);
    // 100 more value-adding workers yesterday: 200 of 300.
    await insertActivityRows(suite, fixture, [row(addDays(today, -1), 'P1', 'V', 100)], 5000);
    const after = (await portfolioOf(admin)).contracts[0]!;
    assert.ok(Math.abs(after.valueAdding! - 200 / 300) < 1e-12, String(after.valueAdding));
  });

  test('each level sees its own contracts', async () => {
    await seed();
    const ids = async (person: 'baseB' | 'workA1' | 'contractA1b') =>
      (await portfolioOf(await Client.of(app, person))).contracts.map((contract) => contract.id);
    assert.deepEqual(await ids('baseB'), [world.contractB1]);
    assert.deepEqual(await ids('workA1'), [world.contractA1, world.contractA1b]);
    assert.deepEqual(await ids('contractA1b'), [world.contractA1b]);
    // A deactivated contract leaves it.
    assert.equal((await admin.status(`/api/contracts/${world.contractA1b}`, false)).statusCode, 200);
    assert.deepEqual(await ids('workA1'), [world.contractA1]);
  });
});
