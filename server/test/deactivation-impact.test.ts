import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { DeactivationImpact } from '@canteiro/shared/domain';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { managementSuite } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/**
 * What deactivating a record hides (spec §4; docs/hierarchy.md): the records hanging from it
 * that are active now, by kind. A1 holds one discipline with two chains (Torre 1 → Pavimento 1
 * → Bloco A → Pacote 1, with Concretagem; Torre 2 → Pavimento 2 → Bloco B → Pacote 2), one
 * function and one machine; its users are the contract user and the reporter of A1.
 */

let app: FastifyInstance;
let admin: Client;
let world: World;
let catalogue: Catalogue;

managementSuite((context) => {
  ({ app, admin, world, catalogue } = context);
});

async function impact(client: Client, url: string): Promise<DeactivationImpact['hides']> {
  const response = await client.get(url);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as DeactivationImpact).hides;
}

describe('deactivation impact', () => {
  test('counts what hangs from a record and is active now, kind by kind', async () => {
    assert.deepEqual(await impact(admin, `/api/contracts/${world.contractA1}/deactivation-impact`), [
      { entity: 'user', count: 2 },
      { entity: 'discipline', count: 1 },
      { entity: 'area', count: 2 },
      { entity: 'local', count: 2 },
      { entity: 'block', count: 2 },
      { entity: 'package', count: 2 },
      { entity: 'activity', count: 1 },
      { entity: 'function', count: 1 },
      { entity: 'equipment', count: 1 },
    ]);
    assert.deepEqual(await impact(admin, `/api/blocks/${catalogue.a1.block}/deactivation-impact`), [
      { entity: 'package', count: 1 },
      { entity: 'activity', count: 1 },
    ]);
    // Bloco B hides nothing but its package, which has no activity.
    assert.deepEqual(await impact(admin, `/api/blocks/${catalogue.a1Other.block}/deactivation-impact`), [
      { entity: 'package', count: 1 },
    ]);
    // A work: its contracts, their users and catalogue; the work user too.
    const work = await impact(admin, `/api/works/${world.workA1}/deactivation-impact`);
    assert.deepEqual(
      work.find((row) => row.entity === 'contract'),
      { entity: 'contract', count: 2 },
    );
  });

  test('what is hidden already is not counted again', async () => {
    const off = await admin.status(`/api/areas/${catalogue.a1Other.area}`, false);
    assert.equal(off.statusCode, 200, off.body);
    const hides = await impact(admin, `/api/contracts/${world.contractA1}/deactivation-impact`);
    assert.deepEqual(
      hides.filter((row) => ['area', 'local', 'block', 'package'].includes(row.entity)),
      [
        { entity: 'area', count: 1 },
        { entity: 'local', count: 1 },
        { entity: 'block', count: 1 },
        { entity: 'package', count: 1 },
      ],
    );
    // A record with nothing active under it hides nothing.
    assert.deepEqual(await impact(admin, `/api/locals/${catalogue.a1Other.local}/deactivation-impact`), []);
  });

  test('asked by who may (de)activate the record, in scope; nowhere a record has nothing under it', async () => {
    const other = await Client.of(app, 'contractA1b');
    assert.equal((await other.get(`/api/blocks/${catalogue.a1.block}/deactivation-impact`)).statusCode, 404);
    const own = await Client.of(app, 'contractA1');
    assert.equal((await own.get(`/api/blocks/${catalogue.a1.block}/deactivation-impact`)).statusCode, 200);
    // A contract's (de)activation is the work level's.
    const denied = await own.get(`/api/contracts/${world.contractA1}/deactivation-impact`);
    assert.equal(denied.statusCode, 403, denied.body);
    assert.equal((denied.json() as { code: string }).code, 'forbidden');
    assert.equal((await admin.get('/api/blocks/999999/deactivation-impact')).statusCode, 404);
    assert.equal((await admin.get('/api/blocks/x/deactivation-impact')).statusCode, 404);
    assert.equal((await admin.get(`/api/functions/${catalogue.a1.function}/deactivation-impact`)).statusCode, 404);
  });
});
