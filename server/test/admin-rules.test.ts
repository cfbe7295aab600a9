import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { DEFAULT_WORK_SCHEDULE, errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { occurrences } from '../src/db/schema/catalogue.js';
import { adminSuite, valid } from './admin-fixtures.js';
import type { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';

/** Spec §5 and §8 for bases, works, contracts and occurrences: validation, duplicates, inactive parents. */

let db: Database;
let world: World;
let admin: Client;

adminSuite((context) => ({ db, world, admin } = context));

const failed = (fields: Record<string, string>) => ({
  code: 'validation_failed',
  message: errorMessage('validation_failed'),
  fields,
});

describe('validation (spec §5)', () => {
  test('required fields, with a code per field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/bases', { name: 'required', state: 'required', isActive: 'required' }],
      [
        '/api/works',
        {
          name: 'required',
          prj: 'required',
          description: 'required',
          base: 'required',
          startDate: 'required',
          endDate: 'required',
          isActive: 'required',
        },
      ],
      [
        '/api/contracts',
        {
          name: 'required',
          description: 'required',
          base: 'required',
          work: 'required',
          reportingGoal: 'required',
          reportingPeriod: 'required',
          isActive: 'required',
        },
      ],
      [
        '/api/occurrences',
        { name: 'required', category: 'required', classification: 'required', isActive: 'required' },
      ],
    ];
    for (const [url, fields] of cases) {
      const response = await admin.post(url, {});
      assert.equal(response.statusCode, 400, url);
      assert.deepEqual(response.json(), failed(fields), url);
    }
    const blank = await admin.post('/api/bases', { name: '   ', state: null, isActive: null });
    assert.deepEqual(blank.json(), failed({ name: 'required', state: 'required', isActive: 'required' }));
  });

  test('a work may not start after it ends', async () => {
    const response = await admin.post('/api/works', { ...valid.work(world.baseA), startDate: '2026-10-01' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), failed({ endDate: 'start_after_end' }));
    const sameDay = await admin.post('/api/works', { ...valid.work(world.baseA), endDate: '2026-03-01' });
    assert.equal(sameDay.statusCode, 201, 'the same day is fine');
  });

  test('a contract needs a reporting goal above 0 and a period of the list', async () => {
    for (const reportingGoal of [0, -3]) {
      const response = await admin.post('/api/contracts', {
        ...valid.contract(world.baseA, world.workA1),
        reportingGoal,
      });
      assert.deepEqual(response.json(), failed({ reportingGoal: 'must_be_positive' }), String(reportingGoal));
    }
    const period = await admin.post('/api/contracts', {
      ...valid.contract(world.baseA, world.workA1),
      reportingPeriod: 45,
    });
    assert.deepEqual(period.json(), failed({ reportingPeriod: 'invalid_value' }));
  });

  test('values out of the lists, impossible dates and text too long never reach the database', async () => {
    const response = await admin.post('/api/works', {
      ...valid.work(world.baseA),
      name: 'x'.repeat(151),
      startDate: '2026-02-31',
      base: 'one',
    });
    assert.deepEqual(response.json(), failed({ name: 'too_long', startDate: 'invalid_value', base: 'invalid_value' }));
    const state = await admin.post('/api/bases', { ...valid.base(), state: 'XX' });
    assert.deepEqual(state.json(), failed({ state: 'invalid_value' }));
    const occurrence = await admin.post('/api/occurrences', { ...valid.occurrence(), classification: 'useful' });
    assert.deepEqual(occurrence.json(), failed({ classification: 'invalid_value' }));
    const huge = await admin.post('/api/works', { ...valid.work(world.baseA), base: 99_999_999_999 });
    assert.deepEqual(huge.json(), failed({ base: 'invalid_value' }));
  });

  test('names are trimmed before they are stored', async () => {
    const response = await admin.post('/api/bases', { ...valid.base(), name: '  Base Gama  ' });
    assert.equal((response.json() as { name: string }).name, 'Base Gama');
  });
});

describe('duplicates (spec §8), found by the unique indexes', () => {
  const duplicate = (code: string, field: string) => ({ code, message: errorMessage(code), fields: { [field]: code } });

  test('base name, whatever the case', async () => {
    const response = await admin.post('/api/bases', { ...valid.base(), name: 'BASE ALFA' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), duplicate('duplicate_base_name', 'name'));
    assert.equal(errorMessage('duplicate_base_name'), 'Já existe uma base com este nome.');
  });

  test('work name within its base (another base may repeat it), and PRJ everywhere', async () => {
    const sameBase = await admin.post('/api/works', { ...valid.work(world.baseA), name: 'obra a1' });
    assert.equal(sameBase.statusCode, 409);
    assert.deepEqual(sameBase.json(), duplicate('duplicate_work_name', 'name'));
    const otherBase = await admin.post('/api/works', { ...valid.work(world.baseB), name: 'Obra A1' });
    assert.equal(otherBase.statusCode, 201);
    const prj = await admin.post('/api/works', { ...valid.work(world.baseB), name: 'Outra', prj: 'prj-b1' });
    assert.equal(prj.statusCode, 409);
    assert.deepEqual(prj.json(), duplicate('duplicate_work_prj', 'prj'));
  });

  test('contract name within its work', async () => {
    const sameWork = await admin.post('/api/contracts', {
      ...valid.contract(world.baseA, world.workA1),
      name: 'Contrato A1B',
    });
    assert.equal(sameWork.statusCode, 409);
    assert.deepEqual(sameWork.json(), duplicate('duplicate_contract_name', 'name'));
    const otherWork = await admin.post('/api/contracts', {
      ...valid.contract(world.baseA, world.workA2),
      name: 'Contrato A1b',
    });
    assert.equal(otherWork.statusCode, 201);
  });

  test('occurrence name', async () => {
    assert.equal((await admin.post('/api/occurrences', valid.occurrence())).statusCode, 201);
    const again = await admin.post('/api/occurrences', { ...valid.occurrence(), name: 'aguardando GRUA' });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), duplicate('duplicate_occurrence_name', 'name'));
  });

  test('an edit that takes another record’s name is refused too, and changes nothing', async () => {
    const response = await admin.put(`/api/works/${world.workA2}`, { ...valid.work(world.baseA), name: 'Obra A1' });
    assert.equal(response.statusCode, 409);
    const [work] = await db.orm.select().from(works).where(eq(works.id, world.workA2));
    assert.equal(work?.name, 'Obra A2');
  });

  test('two creations of the same name at once: one wins, the other is a 409, never a 500', async () => {
    const [first, second] = await Promise.all([
      admin.post('/api/bases', valid.base()),
      admin.post('/api/bases', valid.base()),
    ]);
    assert.deepEqual([first!.statusCode, second!.statusCode].sort(), [201, 409]);
  });
});

describe('parents (spec §8)', () => {
  test('a work needs an active base', async () => {
    await db.orm.update(bases).set({ isActive: false }).where(eq(bases.id, world.baseB));
    const response = await admin.post('/api/works', valid.work(world.baseB));
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), {
      code: 'parent_inactive',
      message: errorMessage('parent_inactive'),
      fields: { base: 'inactive_parent' },
    });
  });

  test('a contract needs an active base and an active work', async () => {
    await db.orm.update(works).set({ isActive: false }).where(eq(works.id, world.workA2));
    const work = await admin.post('/api/contracts', valid.contract(world.baseA, world.workA2));
    assert.equal(work.statusCode, 409);
    assert.deepEqual((work.json() as { fields: unknown }).fields, { work: 'inactive_parent' });

    await db.orm.update(bases).set({ isActive: false }).where(eq(bases.id, world.baseA));
    const both = await admin.post('/api/contracts', valid.contract(world.baseA, world.workA2));
    assert.deepEqual((both.json() as { fields: unknown }).fields, { base: 'inactive_parent', work: 'inactive_parent' });
  });

  test('a work that is not under the chosen base, or an unknown parent, is invalid_parent', async () => {
    const mismatch = await admin.post('/api/contracts', valid.contract(world.baseA, world.workB1));
    assert.equal(mismatch.statusCode, 400);
    assert.deepEqual(mismatch.json(), failed({ work: 'invalid_parent' }));
    const unknown = await admin.post('/api/works', valid.work(424242));
    assert.deepEqual(unknown.json(), failed({ base: 'invalid_parent' }));
    assert.equal((await db.orm.select().from(contracts)).length, 4, 'nothing written');
  });

  test('a work with contracts cannot move to another base: 400, never a 500, nothing changed', async () => {
    const response = await admin.put(`/api/works/${world.workA2}`, { ...valid.work(world.baseB), name: 'Obra A2' });
    assert.equal(response.statusCode, 400);
    const [work] = await db.orm.select().from(works).where(eq(works.id, world.workA2));
    assert.equal(work?.baseId, world.baseA);
  });

  test('an edit may keep an inactive parent, but not move to one', async () => {
    await db.orm.update(bases).set({ isActive: false }).where(eq(bases.id, world.baseB));
    const keep = await admin.put(`/api/works/${world.workB1}`, { ...valid.work(world.baseB), name: 'Obra B1 revista' });
    assert.equal(keep.statusCode, 200);
    const move = await admin.put(`/api/works/${world.workA2}`, { ...valid.work(world.baseB), name: 'Obra A2' });
    assert.equal(move.statusCode, 409);
  });
});

describe('create, edit and status', () => {
  test('create answers 201 with the item; edit and status answer the item', async () => {
    const created = await admin.post('/api/contracts', valid.contract(world.baseA, world.workA1));
    assert.equal(created.statusCode, 201);
    const contract = created.json() as { id: number };
    assert.deepEqual(
      { ...contract, id: 0, createdAt: '' },
      {
        id: 0,
        name: 'Contrato Novo',
        description: 'Um contrato',
        base: world.baseA,
        baseName: 'Base Alfa',
        work: world.workA1,
        workName: 'Obra A1',
        reportingGoal: 12,
        reportingPeriod: 30,
        workSchedule: DEFAULT_WORK_SCHEDULE,
        valueAddingTarget: null,
        complianceTarget: null,
        isActive: true,
        createdAt: '',
        parentInactive: false,
      },
    );
    const edited = await admin.put(`/api/contracts/${contract.id}`, {
      ...valid.contract(world.baseA, world.workA1),
      reportingGoal: 20,
    });
    assert.equal((edited.json() as { reportingGoal: number }).reportingGoal, 20);
    const status = await admin.status(`/api/contracts/${contract.id}`, false);
    assert.equal((status.json() as { isActive: boolean }).isActive, false);
    assert.equal((await admin.get(`/api/contracts/${contract.id}`)).statusCode, 200);
  });

  test('an occurrence has no createdAt and no parent', async () => {
    const created = (await admin.post('/api/occurrences', valid.occurrence())).json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(created).sort(), ['category', 'classification', 'id', 'isActive', 'name']);
    const [row] = await db.orm.select().from(occurrences);
    assert.equal(row?.category, 'equipment');
  });

  test('an unknown id, or one that is not a number, is 404', async () => {
    for (const url of ['/api/works/999', '/api/works/abc', '/api/works/0', '/api/works/99999999999']) {
      assert.equal((await admin.get(url)).statusCode, 404, url);
      assert.equal((await admin.put(url, valid.work(world.baseA))).statusCode, 404, url);
      assert.equal((await admin.status(url, false)).statusCode, 404, url);
    }
  });

  test('status must be a boolean', async () => {
    const response = await admin.status(`/api/bases/${world.baseA}`, 'no' as unknown as boolean);
    assert.deepEqual(response.json(), failed({ isActive: 'invalid_value' }));
  });
});
