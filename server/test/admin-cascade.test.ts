import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { contracts, works } from '../src/db/schema/organisation.js';
import { users } from '../src/db/schema/people.js';
import { Browser } from './helpers.js';
import { adminSuite, Client, names } from './admin-fixtures.js';
import type { Person, World } from './admin-fixtures.js';

/**
 * Spec §4: deactivating affects related data, reactivating restores it. Nothing is
 * rewritten: a record is in effect active when it and its ancestors are (docs/scoping.md).
 */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;

adminSuite((context) => ({ db, app, world, admin } = context));

const canSignIn = async (person: Person) => (await new Browser(app).login(`${person}@t.test`)).statusCode === 200;
const options = async (resource: string) => (await names(await admin.get(`/api/${resource}/options`))).sort();

/** Who can sign in, among those the cascade may touch. */
async function signIns(): Promise<Record<string, boolean>> {
  const result: Record<string, boolean> = {};
  for (const person of ['admin', 'baseA', 'baseB', 'workA1', 'workA2', 'contractA1', 'contractA1b'] as const) {
    result[person] = await canSignIn(person);
  }
  return result;
}

const everyone = {
  admin: true,
  baseA: true,
  baseB: true,
  workA1: true,
  workA2: true,
  contractA1: true,
  contractA1b: true,
};

describe('deactivating a base', () => {
  test('takes its works and contracts out of the selects, and its users out of the app', async () => {
    const workA1 = await Client.of(app, 'workA1');
    assert.equal((await admin.status(`/api/bases/${world.baseA}`, false)).statusCode, 200);

    assert.deepEqual(await options('bases'), ['Base Beta']);
    assert.deepEqual(await options('works'), ['Obra B1']);
    assert.deepEqual(await options('contracts'), ['Contrato B1']);
    assert.deepEqual(await signIns(), {
      ...everyone,
      baseA: false,
      workA1: false,
      workA2: false,
      contractA1: false,
      contractA1b: false,
    });
    // The session opened before stops working at once.
    assert.equal((await workA1.get('/api/authentication/me')).statusCode, 401);
  });

  test('keeps the rows in the lists with inactive rows, marked parentInactive, their own status untouched', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);
    const list = (await admin.get('/api/works?includeInactive=true')).json() as {
      items: { name: string; isActive: boolean; parentInactive: boolean }[];
    };
    assert.deepEqual(
      list.items.map(({ name, isActive, parentInactive }) => [name, isActive, parentInactive]),
      [
        ['Obra A1', true, true],
        ['Obra A2', true, true],
        ['Obra B1', true, false],
      ],
    );
    const people = (await admin.get('/api/users?search=workA1&includeInactive=true')).json() as {
      items: { parentInactive: boolean }[];
    };
    assert.equal(people.items[0]?.parentInactive, true);
    assert.ok(
      (await db.orm.select().from(works)).every((work) => work.isActive),
      'no row rewritten',
    );
    assert.ok(
      (await db.orm.select().from(users)).every((user) => user.isActive),
      'no row rewritten',
    );
  });

  test('reactivating it gives everything back', async () => {
    const contract = await Client.of(app, 'contractA1');
    await admin.status(`/api/bases/${world.baseA}`, false);
    await admin.status(`/api/bases/${world.baseA}`, true);

    assert.deepEqual(await options('works'), ['Obra A1', 'Obra A2', 'Obra B1']);
    assert.deepEqual(await options('contracts'), ['Contrato A1', 'Contrato A1b', 'Contrato A2', 'Contrato B1']);
    assert.deepEqual(await signIns(), everyone);
    assert.equal((await contract.get('/api/authentication/me')).statusCode, 200, 'the old session works again');
    const list = (await admin.get('/api/works')).json() as { items: { parentInactive: boolean }[] };
    assert.ok(list.items.every((work) => !work.parentInactive));
  });

  test('never locks the admins out, whatever base they are attached to', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);
    assert.equal((await admin.get('/api/bases')).statusCode, 200);
    assert.equal(await canSignIn('admin'), true);
  });
});

describe('deactivating a work or a contract', () => {
  test('a work: its contracts leave the selects, its work and contract users cannot sign in', async () => {
    await admin.status(`/api/works/${world.workA1}`, false);
    assert.deepEqual(await options('works'), ['Obra A2', 'Obra B1']);
    assert.deepEqual(await options('contracts'), ['Contrato A2', 'Contrato B1']);
    assert.deepEqual(await signIns(), { ...everyone, workA1: false, contractA1: false, contractA1b: false });
    const contracts = (await admin.get(`/api/contracts?work=${world.workA1}&includeInactive=true`)).json() as {
      items: { parentInactive: boolean }[];
    };
    assert.ok(contracts.items.length === 2 && contracts.items.every((contract) => contract.parentInactive));

    await admin.status(`/api/works/${world.workA1}`, true);
    assert.deepEqual(await signIns(), everyone);
  });

  test('a contract: only its own users are out', async () => {
    await admin.status(`/api/contracts/${world.contractA1b}`, false);
    assert.deepEqual(await options('contracts'), ['Contrato A1', 'Contrato A2', 'Contrato B1']);
    assert.deepEqual(await signIns(), { ...everyone, contractA1b: false });
    await admin.status(`/api/contracts/${world.contractA1b}`, true);
    assert.equal(await canSignIn('contractA1b'), true);
  });

  test('a reporter of an inactive contract cannot sign in from the mobile app either', async () => {
    await admin.status(`/api/contracts/${world.contractA1}`, false);
    const response = await new Browser(app).login('reporterA1@t.test', 'demo1234', false);
    assert.equal(response.statusCode, 401);
  });

  test('an inactive contract is not offered even when its work and base are active', async () => {
    await db.orm.update(contracts).set({ isActive: false });
    assert.deepEqual(await options('contracts'), []);
    assert.deepEqual(await options('works'), ['Obra A1', 'Obra A2', 'Obra B1']);
  });
});

describe('deactivating a user', () => {
  test('ends its sessions and its sign-ins until it is reactivated', async () => {
    const contract = await Client.of(app, 'contractA1');
    const people = (await admin.get('/api/users?search=contractA1@')).json() as { items: { id: number }[] };
    const id = people.items[0]!.id;
    await admin.status(`/api/users/${id}`, false);
    assert.equal((await contract.get('/api/contracts')).statusCode, 401);
    assert.equal(await canSignIn('contractA1'), false);
    await admin.status(`/api/users/${id}`, true);
    assert.equal(await canSignIn('contractA1'), true);
  });
});
