import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { OccurrenceImpact } from '@canteiro/shared/domain';
import type { FastifyInstance } from 'fastify';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * What moving an occurrence to another class would rewrite (GET /api/occurrences/:id/impact),
 * on the dashboard fixture: A1's workers are VA 4 + 6 + 5 = 15, HW 2, EW 3 + 1 = 4 (21 in
 * all); B1 has one row of 9 workers, value-adding ("Executando", as A1's VA rows).
 */

let app: FastifyInstance;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, admin, world } = context);
  suite = context;
});

async function impact(id: number, classification: string, client = admin): Promise<OccurrenceImpact> {
  const response = await client.get(`/api/occurrences/${id}/impact?classification=${classification}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as OccurrenceImpact;
}

const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

describe("an occurrence's class change, before it is saved", () => {
  test('counts its observations and contracts, and each contract’s shares before and after', async () => {
    const fixture = await createDashboardFixture(suite);
    const waiting = await impact(fixture.E, 'hidden_waste');
    assert.equal(waiting.observations, 2);
    assert.equal(waiting.contracts, 1);
    const [a1] = waiting.shares;
    assert.equal(a1!.contract, world.contractA1);
    assert.equal(a1!.observations, 2);
    close(a1!.before.evidentWaste, 4 / 21);
    close(a1!.after.evidentWaste, 0);
    close(a1!.before.hiddenWaste, 2 / 21);
    close(a1!.after.hiddenWaste, 6 / 21);
    close(a1!.after.valueAdding, 15 / 21);

    const executing = await impact(fixture.V, 'hidden_waste');
    assert.deepEqual(
      executing.shares.map((row) => [row.contractName, row.observations]),
      [
        ['Contrato A1', 3],
        ['Contrato B1', 1],
      ],
    );
    assert.equal(executing.observations, 4);
    const b1 = executing.shares[1]!;
    assert.deepEqual([b1.before.valueAdding, b1.after.valueAdding, b1.after.hiddenWaste], [1, 0, 1]);
  });

  test('writes nothing: the dashboards read the same after it', async () => {
    const fixture = await createDashboardFixture(suite);
    const url = `/api/dashboards/project-health?contract=${world.contractA1}&from=2026-03-01&to=2026-03-31`;
    const before = (await admin.get(url)).json() as { totals: unknown };
    await impact(fixture.E, 'value_adding');
    const after = (await admin.get(url)).json() as { totals: unknown };
    assert.deepEqual(after.totals, before.totals);
  });

  test('admins only; a bad class or an unknown occurrence gets its code', async () => {
    const fixture = await createDashboardFixture(suite);
    const bad = await admin.get(`/api/occurrences/${fixture.E}/impact?classification=lost`);
    assert.equal(bad.statusCode, 400);
    assert.deepEqual((bad.json() as { fields: object }).fields, { classification: 'invalid_value' });
    assert.equal((await admin.get('/api/occurrences/999999/impact?classification=hidden_waste')).statusCode, 404);
    const base = await Client.of(app, 'baseA');
    assert.equal((await base.get(`/api/occurrences/${fixture.E}/impact?classification=hidden_waste`)).statusCode, 403);
  });
});
