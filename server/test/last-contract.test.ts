import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Client, adminSuite } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';

/**
 * The contract the Dashboards open on (docs/dashboards.md, "Filters that follow the user"):
 * kept per user on the server, so another session — another device — opens on it too; only a
 * contract the user may open now is kept or answered.
 */

let app: FastifyInstance;
let admin: Client;
let world: World;

adminSuite((context) => {
  ({ app, admin, world } = context);
});

const last = async (client: Client) => {
  const response = await client.get('/api/dashboards/last-contract');
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { contract: number | null }).contract;
};

describe('the contract the dashboards open on', () => {
  test('is kept for the user and read back on another device', async () => {
    const laptop = await Client.of(app, 'workA1');
    assert.equal(await last(laptop), null);
    const chosen = await laptop.put('/api/dashboards/last-contract', { contract: world.contractA1b });
    assert.equal(chosen.statusCode, 200, chosen.body);
    assert.deepEqual(chosen.json(), { contract: world.contractA1b });
    // The same choice again is no error.
    assert.equal((await laptop.put('/api/dashboards/last-contract', { contract: world.contractA1b })).statusCode, 200);
    const phone = await Client.of(app, 'workA1', 'en-US');
    assert.equal(await last(phone), world.contractA1b);
    // Each user has their own.
    assert.equal(await last(admin), null);
    assert.equal((await admin.put('/api/dashboards/last-contract', { contract: world.contractB1 })).statusCode, 200);
    assert.equal(await last(admin), world.contractB1);
    assert.equal(await last(phone), world.contractA1b);
  });

  test('refuses a contract out of scope, inactive or unreadable, with our error shape, and keeps the last', async () => {
    const user = await Client.of(app, 'workA1');
    await user.put('/api/dashboards/last-contract', { contract: world.contractA1 });
    for (const [body, code] of [
      [{ contract: world.contractB1 }, 'contract_out_of_scope'],
      [{ contract: 999_999 }, 'contract_out_of_scope'],
      [{ contract: '__proto__' }, 'validation_failed'],
      [{ contract: 2 ** 31 }, 'validation_failed'],
      [{ contract: 1.5 }, 'validation_failed'],
      [{}, 'validation_failed'],
      [{ contract: world.contractA1b, extra: 1 }, 'validation_failed'],
    ] as const) {
      const response = await user.put('/api/dashboards/last-contract', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      const answer = response.json() as { code: string; message: string; fields?: Record<string, string> };
      assert.equal(answer.code, code);
      assert.ok(answer.message.length > 0);
    }
    assert.equal(await last(user), world.contractA1);
    // A deactivated contract is not opened on, nor chosen; once active again, it is the one.
    assert.equal((await admin.status(`/api/contracts/${world.contractA1}`, false)).statusCode, 200);
    assert.equal(await last(user), null);
    const refused = await user.put('/api/dashboards/last-contract', { contract: world.contractA1 });
    assert.equal(refused.statusCode, 400);
    assert.equal((refused.json() as { fields: Record<string, string> }).fields.contract, 'invalid_parent');
    assert.equal((await admin.status(`/api/contracts/${world.contractA1}`, true)).statusCode, 200);
    assert.equal(await last(user), world.contractA1);
  });

  test('nobody signed out reads or writes it', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/api/dashboards/last-contract' })).statusCode, 401);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/dashboards/last-contract',
      payload: { contract: world.contractA1 },
    });
    assert.ok([401, 403].includes(put.statusCode), put.body);
  });
});
