import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Annotation, AnnotationList, ProjectHealthDashboard } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { activityReports } from '../src/db/schema/reports.js';
import { Client, placeOf } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture, insertActivityRows } from './dashboard-fixtures.js';
import type { ActivityRow, DashboardSuite } from './dashboard-fixtures.js';
import { createUser } from './helpers.js';
import { managementSuite } from './management-fixtures.js';

/**
 * Annotations (docs/dashboards.md, "Annotations"): events on a contract's time axis, scoped
 * like the contract, changed only by their author or a higher level, listed by project health,
 * each with the before/after comparison of DOMAIN.md §5 — which is the dashboards' own
 * comparison of the same two windows.
 */

let app: FastifyInstance;
let db: Database;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, db, admin, world } = context);
  suite = context;
});

/** Two weeks of A1: the first at 12/23 value-adding, the second at 4/11 (Monday 2 and 9 March 2026). */
const TWO_WEEKS: ActivityRow[] = [
  ['2026-03-02', '07:00', 1, 'R', 'P1', 'pedreiro', 'V', 5],
  ['2026-03-02', '07:00', 1, 'R', 'P2', 'servente', 'V', 7],
  ['2026-03-02', '09:30', 1, 'R', 'P1', 'pedreiro', 'H', 5],
  ['2026-03-03', '09:30', 2, 'R', 'P2', 'servente', 'E', 6],
  ['2026-03-09', '08:00', 1, 'W', 'P1', 'pedreiro', 'V', 3],
  ['2026-03-10', '08:00', 2, 'W', 'P1', 'pedreiro', 'E', 4],
  ['2026-03-11', '08:00', 3, 'W', 'P2', 'servente', 'V', 1],
  ['2026-03-11', '10:00', 3, 'W', 'P2', 'servente', 'H', 3],
];

async function withTwoWeeks(): Promise<void> {
  const fixture = await createDashboardFixture(suite);
  await db.orm.delete(activityReports).where(eq(activityReports.contractId, world.contractA1));
  await insertActivityRows(suite, fixture, TWO_WEEKS, 301);
}

async function health(client: Client, query: string): Promise<ProjectHealthDashboard> {
  const response = await client.get(`/api/dashboards/project-health?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as ProjectHealthDashboard;
}

async function listed(client: Client, query = ''): Promise<Annotation[]> {
  const response = await client.get(`/api/annotations?contract=${world.contractA1}&${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as AnnotationList).items;
}

async function annotate(client: Client, body: Record<string, unknown>): Promise<Annotation> {
  const response = await client.post('/api/annotations', { contract: world.contractA1, ...body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Annotation;
}

const refusal = (response: { statusCode: number; json(): unknown }) =>
  response.json() as { code: string; message: string; fields?: Record<string, string> };

describe('annotations', () => {
  test('compare the weeks around them as the dashboards compare the same windows, and project health lists them', async () => {
    await withTwoWeeks();
    const contractUser = await Client.of(app, 'contractA1');
    // Read (and kept) before the annotation exists: the write must not leave it stale.
    assert.deepEqual((await health(contractUser, 'from=2026-03-01&to=2026-03-31')).annotations, []);
    const created = await annotate(contractUser, { from: '2026-03-09', to: '2026-03-11', label: 'Falta de material' });
    assert.equal(created.label, 'Falta de material');
    assert.deepEqual(created.author, { id: suite.people.contractA1, name: 'contractA1', profile: 'contract' });
    // Three days round up to a week on each side: the same weekdays before and after.
    const { comparison } = created;
    assert.equal(comparison.days, 7);
    assert.deepEqual([comparison.before.from, comparison.before.to], ['2026-03-02', '2026-03-08']);
    assert.deepEqual([comparison.after.from, comparison.after.to], ['2026-03-09', '2026-03-15']);
    // The shares by hand: 12 of 23 workers adding value, then 4 of 11.
    assert.ok(Math.abs(comparison.before.share! - 12 / 23) < 1e-12);
    assert.ok(Math.abs(comparison.after.share! - 4 / 11) < 1e-12);
    assert.equal(comparison.before.workers, 23);
    assert.equal(comparison.after.workers, 11);
    // The dashboards' comparison of the week after with the week before is the very same.
    const after = await health(contractUser, 'from=2026-03-09&to=2026-03-15');
    assert.deepEqual(comparison.change, after.previous!.change.valueAdding);
    assert.equal(comparison.change!.real, false);
    // Listed by project health on the days it meets, under the dashboard's filters; not outside them.
    const march = await health(contractUser, 'from=2026-03-01&to=2026-03-31');
    assert.deepEqual(
      march.annotations.map((annotation) => [annotation.id, annotation.label]),
      [[created.id, 'Falta de material']],
    );
    // The other time axes list them too: routine's and equipment's buckets.
    for (const name of ['routine', 'equipment']) {
      const response = await contractUser.get(
        `/api/dashboards/${name}?contract=${world.contractA1}&from=2026-03-01&to=2026-03-31`,
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        (response.json() as { annotations: Annotation[] }).annotations.map((annotation) => annotation.id),
        [created.id],
      );
    }
    assert.deepEqual((await health(contractUser, 'from=2026-03-12&to=2026-03-31')).annotations, []);
    assert.deepEqual((await health(contractUser, 'from=2026-02-01&to=2026-03-08')).annotations, []);
    assert.equal((await health(contractUser, 'from=2026-03-11&to=2026-03-11')).annotations.length, 1);
    // Under a function filter the comparison is that function's: Pedreiro 5/10 before, 3/7 after.
    const [pedreiro] = await listed(
      contractUser,
      `from=2026-03-01&to=2026-03-31&function=${suite.catalogue.a1.function}`,
    );
    assert.equal(pedreiro!.comparison.before.share, 5 / 10);
    assert.ok(Math.abs(pedreiro!.comparison.after.share! - 3 / 7) < 1e-12);
    // A change of its days is a new comparison, and project health shows the change.
    const moved = await contractUser.put(`/api/annotations/${created.id}`, {
      from: '2026-03-16',
      to: '2026-03-16',
      label: 'Falta de material (fim)',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const changed = moved.json() as Annotation;
    assert.deepEqual([changed.comparison.before.from, changed.comparison.after.to], ['2026-03-09', '2026-03-22']);
    assert.equal(changed.comparison.after.share, null);
    assert.equal(changed.comparison.change, null);
    assert.deepEqual(
      (await health(contractUser, 'from=2026-03-01&to=2026-03-31')).annotations.map((annotation) => annotation.label),
      ['Falta de material (fim)'],
    );
  });

  test('are the contract’s: whoever sees it reads and adds; only the author or a higher level changes or removes', async () => {
    const author = await Client.of(app, 'contractA1');
    await createUser(db, placeOf(world, 'A1'), { email: 'colleague@t.test', profile: 'contract', firstName: 'Colega' });
    const colleague = await Client.of(app, 'colleague');
    const otherContract = await Client.of(app, 'contractA1b');
    const work = await Client.of(app, 'workA1');
    const otherWork = await Client.of(app, 'workA2');
    const mine = await annotate(author, { from: '2026-03-09', to: '2026-03-09', label: 'Chuva' });
    const works = await annotate(work, { from: '2026-03-10', to: '2026-03-10', label: 'Troca de encarregado' });
    // The same level sees both and adds its own; another contract sees none and adds none.
    assert.deepEqual(
      (await listed(colleague)).map((annotation) => annotation.label),
      ['Chuva', 'Troca de encarregado'],
    );
    assert.deepEqual(await listed(otherContract), []);
    assert.deepEqual(await listed(otherWork), []);
    const outside = await otherContract.post('/api/annotations', {
      contract: world.contractA1,
      from: '2026-03-09',
      to: '2026-03-09',
      label: 'Fora',
    });
    assert.equal(outside.statusCode, 400);
    assert.equal(refusal(outside).code, 'contract_out_of_scope');
    // Out of scope it does not exist; in scope but not theirs, it is refused in words.
    for (const client of [otherContract, otherWork]) {
      assert.equal((await client.delete(`/api/annotations/${mine.id}`)).statusCode, 404);
      assert.equal(
        (await client.put(`/api/annotations/${mine.id}`, { from: '2026-03-09', to: '2026-03-09', label: 'x' }))
          .statusCode,
        404,
      );
    }
    for (const [client, id] of [
      [colleague, mine.id],
      [author, works.id],
    ] as const) {
      const refused = await client.delete(`/api/annotations/${id}`);
      assert.equal(refused.statusCode, 403);
      assert.equal(refusal(refused).code, 'annotation_not_yours');
      assert.match(refusal(refused).message, /nível acima/);
      const renamed = await client.put(`/api/annotations/${id}`, { from: '2026-03-09', to: '2026-03-09', label: 'x' });
      assert.equal(renamed.statusCode, 403);
    }
    assert.equal((await listed(author)).length, 2);
    // A higher level changes the lower one's; the author removes their own; an admin anyone's.
    const renamed = await work.put(`/api/annotations/${mine.id}`, {
      from: '2026-03-09',
      to: '2026-03-10',
      label: 'Chuva forte',
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal((await author.delete(`/api/annotations/${mine.id}`)).statusCode, 204);
    assert.equal((await admin.delete(`/api/annotations/${works.id}`)).statusCode, 204);
    assert.deepEqual(await listed(author), []);
    assert.equal((await admin.delete(`/api/annotations/${works.id}`)).statusCode, 404);
    // Every write is in the audit log, before and after.
    const audit = await admin.get('/api/audit?entity=annotations');
    assert.equal(audit.statusCode, 200, audit.body);
    const entries = (audit.json() as { items: { action: string; entityId: number; changes: unknown }[] }).items;
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.entityId]).sort(),
      [
        ['create', mine.id],
        ['create', works.id],
        ['delete', mine.id],
        ['delete', works.id],
        ['update', mine.id],
      ].sort(),
    );
    const update = entries.find((entry) => entry.action === 'update')!;
    assert.deepEqual(update.changes, {
      before: { to: '2026-03-09', label: 'Chuva' },
      after: { to: '2026-03-10', label: 'Chuva forte' },
    });
  });

  test('refuse bad input with our error shape and write nothing', async () => {
    const user = await Client.of(app, 'contractA1', 'en-US');
    const kept = await annotate(user, { from: '2026-03-09', to: '2026-03-09', label: 'Chuva' });
    const good = { contract: world.contractA1, from: '2026-03-09', to: '2026-03-10', label: 'Ok' };
    for (const [body, field, code] of [
      [{ ...good, label: '   ' }, 'label', 'required'],
      [{ ...good, label: 'x'.repeat(121) }, 'label', 'too_long'],
      [{ ...good, from: '2026-03-11' }, 'to', 'from_after_to'],
      [{ ...good, from: '2025-01-01', to: '2026-03-10' }, 'to', 'invalid_value'],
      [{ ...good, from: '2026-02-31' }, 'from', 'invalid_value'],
      [{ ...good, contract: 2 ** 31 }, 'contract', 'invalid_value'],
      [{ ...good, contract: '__proto__' }, 'contract', 'invalid_value'],
      [{ ...good, contract: 1.5 }, 'contract', 'invalid_value'],
      [{ ...good, label: 42 }, 'label', 'required'],
    ] as const) {
      const response = await user.post('/api/annotations', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      const answer = refusal(response);
      assert.equal(answer.code, 'validation_failed');
      assert.equal(answer.fields?.[field], code, JSON.stringify([body, answer]));
      assert.ok(answer.message.length > 0);
    }
    const extra = await user.post('/api/annotations', { ...good, author: 1 });
    assert.equal(extra.statusCode, 400);
    const badChange = await user.put(`/api/annotations/${kept.id}`, {
      from: '2026-03-12',
      to: '2026-03-10',
      label: 'x',
    });
    assert.equal(badChange.statusCode, 400);
    assert.equal(refusal(badChange).fields?.to, 'from_after_to');
    const moveContract = await user.put(`/api/annotations/${kept.id}`, { ...good, contract: world.contractA1b });
    assert.equal(moveContract.statusCode, 400);
    for (const id of ['abc', String(2 ** 31), '0']) {
      const response = await user.delete(`/api/annotations/${id}`);
      assert.ok([400, 404].includes(response.statusCode), `${id}: ${response.statusCode}`);
      assert.ok(refusal(response).code.length > 0);
    }
    const badList = await user.get(`/api/annotations?contract=${world.contractA1}&from=2026-03-10&to=2026-03-01`);
    assert.equal(badList.statusCode, 400);
    assert.deepEqual(
      (await listed(user)).map((annotation) => [annotation.id, annotation.from, annotation.to, annotation.label]),
      [[kept.id, '2026-03-09', '2026-03-09', 'Chuva']],
    );
  });
});
