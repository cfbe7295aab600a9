import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContractItem, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { adminSuite, valid } from './admin-fixtures.js';
import type { Client, World } from './admin-fixtures.js';

/**
 * A contract's targets (docs/dashboards.md, "Targets"): percent 1–100 in its form, null for
 * none; an edit that leaves them out keeps them; project health answers them as fractions.
 */

let admin: Client;
let world: World;

adminSuite((context) => {
  ({ admin, world } = context);
});

const fetched = async (id: number) => (await admin.get(`/api/contracts/${id}`)).json() as ContractItem;

describe('contract targets', () => {
  test('are kept, cleared with null, kept when left out, and read by project health as fractions', async () => {
    const created = await admin.post('/api/contracts', {
      ...valid.contract(world.baseA, world.workA1),
      valueAddingTarget: 55,
      complianceTarget: 90,
    });
    assert.equal(created.statusCode, 201, created.body);
    const { id } = created.json() as ContractItem;
    assert.deepEqual([(await fetched(id)).valueAddingTarget, (await fetched(id)).complianceTarget], [55, 90]);
    const health = (await admin.get(`/api/dashboards/project-health?contract=${id}`)).json() as ProjectHealthDashboard;
    assert.deepEqual(health.targets, { valueAdding: 0.55, compliance: 0.9 });
    // An edit without them keeps them; null clears one.
    const edited = await admin.put(`/api/contracts/${id}`, {
      ...valid.contract(world.baseA, world.workA1),
      name: 'Contrato Novo 2',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((await fetched(id)).valueAddingTarget, 55);
    const cleared = await admin.put(`/api/contracts/${id}`, {
      ...valid.contract(world.baseA, world.workA1),
      valueAddingTarget: null,
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual([(await fetched(id)).valueAddingTarget, (await fetched(id)).complianceTarget], [null, 90]);
    const after = (await admin.get(`/api/dashboards/project-health?contract=${id}`)).json() as ProjectHealthDashboard;
    assert.deepEqual(after.targets, { valueAdding: null, compliance: 0.9 });
    // A contract without targets.
    const plain = (
      await admin.get(`/api/dashboards/project-health?contract=${world.contractA1}`)
    ).json() as ProjectHealthDashboard;
    assert.deepEqual(plain.targets, { valueAdding: null, compliance: null });
  });

  test('refuses a target that is no whole percent from 1 to 100, and changes nothing', async () => {
    for (const value of [0, 101, 55.5, '55', '__proto__', true]) {
      const response = await admin.put(`/api/contracts/${world.contractA1}`, {
        ...valid.contract(world.baseA, world.workA1),
        valueAddingTarget: value,
      });
      assert.equal(response.statusCode, 400, `${String(value)}: ${response.body}`);
      const body = response.json() as { code: string; message: string; fields: Record<string, string> };
      assert.equal(body.code, 'validation_failed');
      assert.equal(body.fields.valueAddingTarget, 'invalid_value');
    }
    const kept = await fetched(world.contractA1);
    assert.deepEqual([kept.name, kept.valueAddingTarget], ['Contrato A1', null]);
  });
});
