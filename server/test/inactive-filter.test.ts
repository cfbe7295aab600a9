import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminSuite, names } from './admin-fixtures.js';
import type { Client, World } from './admin-fixtures.js';

/**
 * "Mostrar inativos" off shows what is in effect active (docs/scoping.md): a row inactive
 * only through an ancestor is inactive for the person reading the list, so it leaves the
 * default list with the rows that are inactive themselves, and comes back with the toggle.
 */

let world: World;
let admin: Client;

adminSuite((context) => ({ world, admin } = context));

interface Row {
  name?: string;
  isActive: boolean;
  parentInactive: boolean;
}
const rows = async (url: string) => (await admin.get(url)).json() as { items: Row[]; total: number };

describe('the lists without includeInactive', () => {
  test('leave out the works and contracts of a deactivated base, and its users', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);

    assert.deepEqual(await names(await admin.get('/api/works')), ['Obra B1']);
    assert.deepEqual(await names(await admin.get('/api/contracts')), ['Contrato B1']);
    assert.equal((await rows('/api/works')).total, 1, 'the total counts the same rows');
    assert.deepEqual(await names(await admin.get('/api/users?search=workA1')), []);
    // The admin hangs from base A too, but depends on no base: it stays.
    assert.deepEqual(await names(await admin.get('/api/users?search=admin')), ['admin']);
  });

  test('leave out the contracts of a deactivated work, not those of its siblings', async () => {
    await admin.status(`/api/works/${world.workA1}`, false);
    assert.deepEqual(await names(await admin.get('/api/contracts')), ['Contrato A2', 'Contrato B1']);
  });

  test('with includeInactive=true show every row, the ones inactive through a parent marked', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);
    const works = await rows('/api/works?includeInactive=true');
    assert.deepEqual(
      works.items.map(({ name, isActive, parentInactive }) => [name, isActive, parentInactive]),
      [
        ['Obra A1', true, true],
        ['Obra A2', true, true],
        ['Obra B1', true, false],
      ],
    );
  });

  test('the export follows the same rule as the list', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);
    const csv = (await admin.get('/api/works/export?format=csv')).body;
    assert.match(csv, /Obra B1/);
    assert.doesNotMatch(csv, /Obra A1/);
    const all = (await admin.get('/api/works/export?format=csv&includeInactive=true')).body;
    assert.match(all, /Obra A1/);
  });

  test('reactivating the parent brings the rows back', async () => {
    await admin.status(`/api/bases/${world.baseA}`, false);
    await admin.status(`/api/bases/${world.baseA}`, true);
    assert.deepEqual(await names(await admin.get('/api/works')), ['Obra A1', 'Obra A2', 'Obra B1']);
  });
});
