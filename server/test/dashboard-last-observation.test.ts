import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import type { DashboardName, LastObservation } from '@canteiro/shared/domain';
import { activityReports } from '../src/db/schema/reports.js';
import type { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { addEquipmentRows, createDashboardFixture, uuidOf } from './dashboard-fixtures.js';
import type { DashboardFixture, DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * "Dados até" (docs/dashboards.md): every answer's `lastObservation` is the newest row under
 * the filters, its date and minute on the site's clock (São Paulo, UTC-3), on the rows of
 * dashboard-fixtures.ts: the activity rows r1–r6 (last r6, 2026-03-09 14:15) and the equipment
 * rows of 2026-03-02 (07:00 and 15:00).
 */

let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ admin, world } = context);
  suite = context;
});

const ACTIVITY_DASHBOARDS = DASHBOARD_NAMES.filter((name) => name !== 'equipment');

async function lastOf(name: DashboardName, query = ''): Promise<LastObservation> {
  const response = await admin.get(`/api/dashboards/${name}?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, `${name}?${query}: ${response.body}`);
  return (response.json() as { lastObservation: LastObservation }).lastObservation;
}

/** The same figure on every activity dashboard. */
async function activityLast(query = ''): Promise<LastObservation> {
  const answers = await Promise.all(ACTIVITY_DASHBOARDS.map((name) => lastOf(name, query)));
  for (const [index, answer] of answers.entries())
    assert.deepEqual(answer, answers[0], `${ACTIVITY_DASHBOARDS[index]}?${query}`);
  return answers[0]!;
}

test('the last observation under the filters, on the site clock, on every dashboard', async () => {
  const fixture: DashboardFixture = await createDashboardFixture(suite);
  await addEquipmentRows(suite);

  // r6 at 14:15 on the site (17:15 UTC).
  assert.deepEqual(await activityLast(), { date: '2026-03-09', time: '14:15' });
  // A range that ends before the last row: that range's last row (r4 and r5, 03-03 08:00).
  assert.deepEqual(await activityLast('from=2026-03-02&to=2026-03-03'), { date: '2026-03-03', time: '08:00' });
  assert.deepEqual(await activityLast('week=2026-W10'), { date: '2026-03-03', time: '08:00' });
  // A time window (minutes, then whole hours, which the hourly rollup answers): r3 at 09:30, r1 and r2 at 07:00.
  assert.deepEqual(await activityLast('fromTime=09:00&toTime=10:00'), { date: '2026-03-02', time: '09:30' });
  assert.deepEqual(await activityLast('fromTime=07:00&toTime=07:59'), { date: '2026-03-02', time: '07:00' });
  // A dimension and a weekday range: Servente's last row is r4; Tuesdays only, r4 and r5.
  assert.deepEqual(await activityLast(`function=${fixture.servente}`), { date: '2026-03-03', time: '08:00' });
  assert.deepEqual(await activityLast('weekdays=2-2'), { date: '2026-03-03', time: '08:00' });
  // Nothing under the filters: null.
  assert.equal(await activityLast('from=2026-04-01&to=2026-04-30'), null);

  // Equipment reads its own rows: Betoneira at 15:00, Grua (its only item at 07:00) before a window.
  assert.deepEqual(await lastOf('equipment'), { date: '2026-03-02', time: '15:00' });
  assert.deepEqual(await lastOf('equipment', 'toTime=12:00'), { date: '2026-03-02', time: '07:00' });
  assert.equal(await lastOf('equipment', 'from=2026-03-03'), null);

  // Site clock: a row at 22:40 on 2026-03-10 on the site is 01:40 on the 11th in UTC.
  const [r6] = await suite.db.orm
    .select()
    .from(activityReports)
    .where(eq(activityReports.id, uuidOf(6)));
  await suite.db.orm.insert(activityReports).values({
    ...r6!,
    id: uuidOf(7),
    reportTime: new Date('2026-03-11T01:40:00Z'),
    localDate: '2026-03-10',
    localMinute: 22 * 60 + 40,
    localWeekday: 2,
  });
  // The kept answers were computed before the write: the new row is in the next one.
  assert.deepEqual(await activityLast(), { date: '2026-03-10', time: '22:40' });
  assert.deepEqual(await activityLast('to=2026-03-10'), { date: '2026-03-10', time: '22:40' });
});
