import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ActivityItem } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { activities } from '../src/db/schema/catalogue.js';
import { auditLog } from '../src/db/schema/audit.js';
import { startApp } from './helpers.js';
import { Client } from './admin-fixtures.js';
import { body, managementSuite, siteDay } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/** An activity's term, status (on the sites' clock), status filter and sorts, finish and reopen. */

let db: Database;
let admin: Client;
let catalogue: Catalogue;
let app: FastifyInstance;

managementSuite((context) => ({ db, app, admin, catalogue } = context));

const create = async (name: string, startDate: string, endDate: string): Promise<ActivityItem> => {
  const response = await admin.post('/api/activities', { ...body.activity(catalogue.a1), name, startDate, endDate });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as ActivityItem;
};

describe('term and status', () => {
  test('term counts both ends; numbers are numbers', async () => {
    const item = await create('Forma', '2026-03-02', '2026-03-06');
    assert.equal(item.term, 5);
    assert.equal(item.hhCount, 120);
    assert.equal(item.quantity, 35.5);
    assert.equal(item.startDate, '2026-03-02');
    assert.equal(item.isFinished, false);
    const oneDay = await create('Desforma', '2026-03-02', '2026-03-02');
    assert.equal(oneDay.term, 1);
  });

  test("ending today on the sites' clock: in term; yesterday: late; finished wins", async () => {
    const today = await create('Hoje', siteDay(-3), siteDay(0));
    assert.equal(today.status, 'in_term');
    const yesterday = await create('Ontem', siteDay(-3), siteDay(-1));
    assert.equal(yesterday.status, 'late');
    const later = await create('Amanhã', siteDay(-3), siteDay(1));
    assert.equal(later.status, 'in_term');
    const finished = (await admin.post(`/api/activities/${yesterday.id}/finish`, {})).json() as ActivityItem;
    assert.equal(finished.status, 'finished');
    assert.equal(finished.isFinished, true);
  });

  test('the status filter and the sorts by status, term and numbers', async () => {
    const late = await create('Atrasada', siteDay(-10), siteDay(-1));
    const inTerm = await create('No prazo', siteDay(-1), siteDay(5));
    const done = await create('Concluída', siteDay(-10), siteDay(-2));
    await admin.post(`/api/activities/${done.id}/finish`, {});
    const list = async (query: string) =>
      (
        (await admin.get(`/api/activities?contract=${catalogue.a1.contract}&${query}`)).json() as {
          items: ActivityItem[];
        }
      ).items;
    assert.deepEqual(
      (await list('status=late')).map((item) => item.name),
      ['Atrasada', 'Concretagem'],
    );
    assert.deepEqual(
      (await list('status=in_term')).map((item) => item.name),
      ['No prazo'],
    );
    assert.deepEqual(
      (await list('status=finished')).map((item) => item.id),
      [done.id],
    );
    const bad = await admin.get('/api/activities?status=soon');
    assert.equal(bad.statusCode, 400);
    assert.deepEqual((bad.json() as { fields: unknown }).fields, { status: 'invalid_value' });

    assert.deepEqual(
      (await list('sort=status')).map((item) => item.status),
      ['finished', 'in_term', 'late', 'late'],
    );
    const byTerm = (await list('sort=term&order=desc')).map((item) => item.term);
    assert.deepEqual(
      byTerm,
      [...byTerm].sort((a, b) => b - a),
    );
    for (const key of ['hhCount', 'quantity', 'startDate', 'endDate', 'areaName', 'packageName']) {
      assert.equal((await admin.get(`/api/activities?sort=${key}`)).statusCode, 200, key);
    }
    // The export walks the same sort with its keyset.
    const csv = await admin.get(`/api/activities/export?format=csv&sort=status&contract=${catalogue.a1.contract}`);
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.body.trim().split('\r\n').length, 5);
    void late;
    void inTerm;
  });

  test('SITE_TIME_ZONE decides what "today" is', async () => {
    // Far east, the date is already tomorrow for part of every day; far west, still yesterday.
    const ahead = await startApp(db, { siteTimeZone: 'Pacific/Kiritimati' });
    const behind = await startApp(db, { siteTimeZone: 'Pacific/Pago_Pago' });
    try {
      const endsToday = siteDay(0, 'Pacific/Pago_Pago');
      const item = await create('Fuso', '2026-01-01', endsToday);
      const statusIn = async (clock: FastifyInstance) =>
        ((await (await Client.of(clock, 'admin')).get(`/api/activities/${item.id}`)).json() as ActivityItem).status;
      assert.equal(await statusIn(behind), 'in_term');
      // Kiritimati is 25 hours ahead of Pago Pago: its today is always after that end date.
      assert.equal(await statusIn(ahead), 'late');
    } finally {
      await ahead.close();
      await behind.close();
    }
  });
});

describe('finish and reopen', () => {
  const audit = (id: number) =>
    db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'activities'), eq(auditLog.entityId, id)));

  test('finish, then 409 activity_already_finished; reopen, then 409 activity_not_finished; each audited', async () => {
    const id = catalogue.a1.activity;
    const finished = await admin.post(`/api/activities/${id}/finish`, {});
    assert.equal(finished.statusCode, 200, finished.body);
    assert.equal((finished.json() as ActivityItem).status, 'finished');
    const again = await admin.post(`/api/activities/${id}/finish`, {});
    assert.equal(again.statusCode, 409);
    assert.equal((again.json() as { code: string }).code, 'activity_already_finished');

    const reopened = await admin.post(`/api/activities/${id}/reopen`, {});
    assert.equal(reopened.statusCode, 200);
    assert.equal((reopened.json() as ActivityItem).isFinished, false);
    const twice = await admin.post(`/api/activities/${id}/reopen`, {});
    assert.equal(twice.statusCode, 409);
    assert.deepEqual(Object.keys(twice.json() as object).sort(), ['code', 'message']);
    assert.equal((twice.json() as { code: string }).code, 'activity_not_finished');

    const lines = await audit(id);
    assert.deepEqual(
      lines.map((line) => [line.action, line.changes]),
      [
        ['finish', { before: { isFinished: false }, after: { isFinished: true } }],
        ['reopen', { before: { isFinished: true }, after: { isFinished: false } }],
      ],
    );
    const [row] = await db.orm.select().from(activities).where(eq(activities.id, id));
    assert.equal(row!.isFinished, false);
  });

  test('an unknown or out-of-scope activity: 404; a malformed id: 404', async () => {
    assert.equal((await admin.post('/api/activities/999999/finish', {})).statusCode, 404);
    assert.equal((await admin.post('/api/activities/abc/reopen', {})).statusCode, 404);
    const other = await Client.of(app, 'contractA1b');
    assert.equal((await other.post(`/api/activities/${catalogue.a1.activity}/finish`, {})).statusCode, 404);
    assert.deepEqual(await audit(catalogue.a1.activity), []);
  });
});
