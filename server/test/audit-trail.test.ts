import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { AuditEntryItem } from '@canteiro/shared/domain';
import { errorMessage } from '@canteiro/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { Client, adminSuite, valid } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import type { Person } from './admin-fixtures.js';

/** The audit trail read back (/api/audit): admins only, newest first, by entity, author and site day. */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;
let people: Record<Person, number>;

adminSuite((context) => ({ db, app, world, admin, people } = context));

interface Page {
  items: AuditEntryItem[];
  total: number;
}

async function page(query = '', client = admin): Promise<Page> {
  const response = await client.get(`/api/audit?${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Page;
}

/** A base created, renamed and deactivated by the admin; a work renamed by the base's user. */
async function someWrites(): Promise<{ base: number }> {
  const created = await admin.post('/api/bases', { name: 'Base Gama', state: 'MG', isActive: true });
  assert.equal(created.statusCode, 201, created.body);
  const base = (created.json() as { id: number }).id;
  const renamed = await admin.put(`/api/bases/${base}`, { name: 'Base Gama Sul', state: 'MG', isActive: true });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.equal((await admin.status(`/api/bases/${base}`, false)).statusCode, 200);
  const baseUser = await Client.of(app, 'baseA');
  const work = await baseUser.put(`/api/works/${world.workA1}`, { ...valid.work(world.baseA), name: 'Obra A1 Norte' });
  assert.equal(work.statusCode, 200, work.body);
  return { base };
}

describe('the audit trail (/api/audit)', () => {
  test('lists every write newest first, with its author and the fields before and after', async () => {
    const { base } = await someWrites();
    const { items, total } = await page();
    assert.equal(total, 4);
    assert.deepEqual(
      items.map((entry) => [entry.action, entry.entity, entry.actor, entry.actorName]),
      [
        ['update', 'works', people.baseA, 'baseA'],
        ['status', 'bases', people.admin, 'admin'],
        ['update', 'bases', people.admin, 'admin'],
        ['create', 'bases', people.admin, 'admin'],
      ],
    );
    const rename = items.find((entry) => entry.action === 'update' && entry.entityId === base)!;
    assert.deepEqual(rename.changes, { before: { name: 'Base Gama' }, after: { name: 'Base Gama Sul' } });
    assert.deepEqual(items.find((entry) => entry.action === 'status')!.changes, {
      before: { isActive: true },
      after: { isActive: false },
    });
  });

  test('filters by entity, by author and by site day; the days on the site clock', async () => {
    await someWrites();
    assert.deepEqual(
      (await page('entity=works')).items.map((entry) => entry.entity),
      ['works'],
    );
    assert.equal((await page(`actor=${people.admin}`)).total, 3);
    assert.equal((await page(`actor=${people.baseA}&entity=bases`)).total, 0);
    // Every write happened today; moved to 2026-03-10 23:30 in São Paulo (02:30 UTC on the 11th).
    await db.orm.update(auditLog).set({ at: sql`'2026-03-11T02:30:00Z'::timestamptz` });
    assert.equal((await page('from=2026-03-10&to=2026-03-10')).total, 4);
    assert.equal((await page('from=2026-03-11')).total, 0);
    assert.equal((await page('to=2026-03-09')).total, 0);
  });

  test('refuses bad parameters with their codes, and everyone but an admin', async () => {
    const response = await admin.get('/api/audit?entity=secrets&from=2026-02-30&actor=x');
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      code: 'validation_failed',
      message: errorMessage('validation_failed'),
      fields: { entity: 'invalid_value', from: 'invalid_value', actor: 'invalid_value' },
    });
    const order = await admin.get('/api/audit?from=2026-03-10&to=2026-03-01');
    assert.equal(order.statusCode, 400);
    assert.deepEqual((order.json() as { fields: object }).fields, { from: 'from_after_to' });
    for (const person of ['baseA', 'workA1', 'contractA1'] as const) {
      const client = await Client.of(app, person);
      assert.equal((await client.get('/api/audit')).statusCode, 403, person);
      assert.equal((await client.get('/api/audit/export?format=csv')).statusCode, 403, person);
    }
  });

  test('exports what the list shows, before and after as JSON', async () => {
    await someWrites();
    const response = await admin.get('/api/audit/export?format=csv&entity=bases');
    assert.equal(response.statusCode, 200, response.body);
    const lines = response.body.trim().split(/\r?\n/);
    assert.equal(lines.length, 4, response.body);
    assert.match(lines[0]!, /Ação/);
    assert.ok(
      lines.some((line) => line.includes('Base Gama Sul')),
      response.body,
    );
  });
});
