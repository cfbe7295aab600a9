import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { CATALOGUE_ENTITIES, HIERARCHY, errorMessage } from '@canteiro/shared/domain';
import type { CatalogueEntity, Entity } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { ENTITIES } from '@canteiro/shared/domain';
import { duplicateIndexName } from '../src/crud/writes.js';
import { areas } from '../src/db/schema/catalogue.js';
import { contracts } from '../src/db/schema/organisation.js';
import { TABLES } from '../src/resources/hierarchy-resource.js';
import type { Client, World } from './admin-fixtures.js';
import { body, managementSuite } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/** Spec §5 and §8 for the catalogue: validation, duplicates, inactive parents, parents of another contract or chain. */

let db: Database;
let admin: Client;
let catalogue: Catalogue;
let world: World;

managementSuite((context) => ({ db, admin, catalogue, world } = context));

const url = (entity: Entity) => `/api/${HIERARCHY[entity].endpoint}`;
const fieldsOf = (response: LightMyRequestResponse) => (response.json() as { fields?: Record<string, string> }).fields;
const codeOf = (response: LightMyRequestResponse) => (response.json() as { code: string }).code;

describe('validation (spec §5)', () => {
  test('required fields, with a code per field', async () => {
    for (const entity of CATALOGUE_ENTITIES) {
      const response = await admin.post(url(entity), {});
      assert.equal(response.statusCode, 400, entity);
      const fields = fieldsOf(response)!;
      for (const parent of HIERARCHY[entity].parents) assert.equal(fields[parent], 'required', `${entity}.${parent}`);
      assert.equal(fields.isActive, 'required', entity);
    }
  });

  test('an activity: positive numbers, a unit of the list, start not after end', async () => {
    const response = await admin.post(url('activity'), {
      ...body.activity(catalogue.a1),
      hhCount: 0,
      quantity: -1,
      measureUnit: 'barrel',
      startDate: '2026-03-10',
      endDate: '2026-03-01',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(fieldsOf(response), {
      hhCount: 'must_be_positive',
      quantity: 'must_be_positive',
      measureUnit: 'invalid_value',
      endDate: 'start_after_end',
    });
  });

  test('every entity is created with a valid body and answers its item', async () => {
    for (const entity of CATALOGUE_ENTITIES) {
      const response = await admin.post(url(entity), body[entity](catalogue.a1));
      assert.equal(response.statusCode, 201, `${entity}: ${response.body}`);
      const item = response.json() as Record<string, unknown>;
      assert.equal(item.contract, catalogue.a1.contract);
      assert.equal(item.contractName, 'Contrato A1');
      assert.equal(item.parentInactive, false);
      assert.match(String(item.createdAt), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      for (const parent of HIERARCHY[entity].parents) {
        assert.equal(item[parent], (catalogue.a1 as unknown as Record<string, number>)[parent], `${entity}.${parent}`);
        assert.equal(typeof item[`${parent}Name`], 'string', `${entity}.${parent}Name`);
      }
    }
  });
});

describe('duplicates (spec §8)', () => {
  const cases: [CatalogueEntity, Record<string, unknown>, string, string][] = [
    ['discipline', { name: 'ESTRUTURA' }, 'name', 'duplicate_discipline_name'],
    ['area', { name: 'torre 1' }, 'name', 'duplicate_area_name'],
    ['local', { name: 'Pavimento 1' }, 'name', 'duplicate_local_name'],
    ['block', { name: 'bloco a' }, 'name', 'duplicate_block_name'],
    ['package', { name: 'PACOTE 1' }, 'name', 'duplicate_package_name'],
    ['activity', { name: 'concretagem' }, 'name', 'duplicate_activity_name'],
    ['function', { name: 'pedreiro' }, 'name', 'duplicate_function_name'],
    [
      'equipment',
      { company: 'locadora alfa', specification: 'GRUA 40 M', type: 'Outra' },
      'specification',
      'duplicate_equipment',
    ],
  ];
  for (const [entity, change, field, code] of cases) {
    test(`${entity}: ${code}, never across contracts`, async () => {
      const response = await admin.post(url(entity), { ...body[entity](catalogue.a1), ...change });
      assert.equal(response.statusCode, 409, response.body);
      assert.deepEqual(response.json(), { code, message: errorMessage(code as never), fields: { [field]: code } });
      // The same in another contract is no duplicate (B1 has its own Estrutura: A1b for a discipline).
      const other = entity === 'discipline' ? { ...catalogue.b1, contract: world.contractA1b } : catalogue.b1;
      const elsewhere = await admin.post(url(entity), { ...body[entity](other), ...change });
      assert.equal(elsewhere.statusCode, 201, `${entity} in B1: ${elsewhere.body}`);
    });
  }

  test('a package name repeats under another block; an activity name under another package', async () => {
    const pkg = await admin.post(url('package'), { ...body.package(catalogue.a1Other), name: 'Pacote 1' });
    assert.equal(pkg.statusCode, 201, pkg.body);
    const activity = await admin.post(url('activity'), { ...body.activity(catalogue.a1Other), name: 'Concretagem' });
    assert.equal(activity.statusCode, 201, activity.body);
  });

  test('equipment: the same specification from another company is no duplicate', async () => {
    const response = await admin.post(url('equipment'), {
      ...body.equipment(catalogue.a1),
      company: 'Locadora Gama',
      specification: 'Grua 40 m',
    });
    assert.equal(response.statusCode, 201, response.body);
  });

  test('an edit into a duplicate is refused too', async () => {
    const created = (await admin.post(url('function'), body.function(catalogue.a1))).json() as { id: number };
    const response = await admin.put(`${url('function')}/${created.id}`, {
      ...body.function(catalogue.a1),
      name: 'PEDREIRO',
    });
    assert.equal(response.statusCode, 409);
    assert.equal(codeOf(response), 'duplicate_function_name');
  });

  test('every declared duplicate rule has its unique index in the database', async () => {
    const indexes = await selectRows<{ name: string; unique: boolean }>(
      db.orm,
      sql`select c.relname as name, i.indisunique as unique from pg_index i join pg_class c on c.oid = i.indexrelid`,
    );
    const unique = new Set(indexes.filter((index) => index.unique).map((index) => index.name));
    for (const entity of ENTITIES) {
      for (const rule of HIERARCHY[entity].duplicates) {
        const name = duplicateIndexName(entity, rule.fields);
        assert.ok(unique.has(name), `${entity}: no unique index ${name}`);
      }
    }
  });
});

describe('inactive parents (spec §8)', () => {
  // Each entity and the parents whose deactivation §8 lists for it (the field that gets the code).
  const cases: [CatalogueEntity, [string, keyof Catalogue['a1'] | 'base' | 'work'][]][] = [
    ['discipline', [['contract', 'contract']]],
    [
      'area',
      [
        ['contract', 'contract'],
        ['discipline', 'discipline'],
      ],
    ],
    [
      'local',
      [
        ['contract', 'contract'],
        ['area', 'area'],
        ['area', 'discipline'],
      ],
    ],
    [
      'block',
      [
        ['contract', 'contract'],
        ['local', 'discipline'],
        ['local', 'area'],
        ['local', 'local'],
      ],
    ],
    [
      'package',
      [
        ['contract', 'contract'],
        ['block', 'discipline'],
        ['block', 'local'],
        ['block', 'block'],
      ],
    ],
    [
      'activity',
      [
        ['contract', 'contract'],
        ['area', 'area'],
        ['area', 'discipline'],
        ['local', 'local'],
        ['block', 'block'],
        ['package', 'package'],
      ],
    ],
    [
      'function',
      [
        ['contract', 'contract'],
        ['contract', 'work'],
        ['contract', 'base'],
      ],
    ],
    ['equipment', [['contract', 'contract']]],
  ];

  for (const [entity, inactive] of cases) {
    test(`${entity}: 409 parent_inactive for ${inactive.map(([, what]) => what).join(', ')}`, async () => {
      const ids = { ...catalogue.a1, base: 0, work: 0 } as Record<string, number>;
      const [contract] = await db.orm.select().from(contracts).where(eq(contracts.id, catalogue.a1.contract));
      ids.base = contract!.baseId;
      ids.work = contract!.workId;
      for (const [field, what] of inactive) {
        const table = TABLES[what as keyof typeof TABLES];
        await db.orm.update(table).set({ isActive: false }).where(eq(table.id, ids[what]!));
        const response = await admin.post(url(entity), body[entity](catalogue.a1));
        assert.equal(response.statusCode, 409, `${entity} with ${what} inactive: ${response.body}`);
        assert.equal(codeOf(response), 'parent_inactive');
        assert.equal(fieldsOf(response)?.[field], 'inactive_parent', `${entity} with ${what} inactive`);
        await db.orm.update(table).set({ isActive: true }).where(eq(table.id, ids[what]!));
      }
    });
  }

  test('an edit that keeps its inactive parent may save; a move onto one may not', async () => {
    await db.orm.update(areas).set({ isActive: false }).where(eq(areas.id, catalogue.a1.area));
    const kept = await admin.put(`${url('local')}/${catalogue.a1.local}`, {
      ...body.local(catalogue.a1),
      name: 'Pavimento 1 (renomeado)',
    });
    assert.equal(kept.statusCode, 200, kept.body);
    const moved = await admin.put(`${url('local')}/${catalogue.a1Other.local}`, {
      ...body.local(catalogue.a1),
      name: 'Pavimento 2',
    });
    assert.equal(moved.statusCode, 409);
    assert.deepEqual(fieldsOf(moved), { area: 'inactive_parent' });
  });
});

describe('parents of another contract or chain', () => {
  test('a parent of another contract: 400 invalid_parent on it', async () => {
    const cases: [CatalogueEntity, string][] = [
      ['area', 'discipline'],
      ['local', 'area'],
      ['block', 'local'],
      ['package', 'block'],
      ['activity', 'package'],
    ];
    for (const [entity, parent] of cases) {
      const response = await admin.post(url(entity), {
        ...body[entity](catalogue.a1),
        [parent]: (catalogue.b1 as unknown as Record<string, number>)[parent],
      });
      assert.equal(response.statusCode, 400, `${entity}: ${response.body}`);
      assert.deepEqual(fieldsOf(response), { [parent]: 'invalid_parent' }, entity);
    }
  });

  test('a parent outside the chosen chain: 400 invalid_parent on the wrong link only', async () => {
    const { a1, a1Other } = catalogue;
    const cases: [string, Record<string, number>, string][] = [
      ['a local of another area', { local: a1Other.local }, 'local'],
      ['a block under another local', { block: a1Other.block }, 'block'],
      ['a package under another block', { package: a1Other.package }, 'package'],
      ['another area, the rest of the first chain', { area: a1Other.area }, 'local'],
    ];
    for (const [what, change, field] of cases) {
      const response = await admin.post(url('activity'), { ...body.activity(a1), ...change });
      assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
      assert.deepEqual(fieldsOf(response), { [field]: 'invalid_parent' }, what);
    }
  });

  test('a parent that does not exist: 400, never a 500', async () => {
    const response = await admin.post(url('area'), { ...body.area(catalogue.a1), discipline: 999_999 });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(fieldsOf(response), { discipline: 'invalid_parent' });
  });

  test('moving a record with children to another contract is refused, never a 500', async () => {
    const response = await admin.put(`${url('discipline')}/${catalogue.a1.discipline}`, {
      ...body.discipline(catalogue.a1),
      name: 'Estrutura',
      contract: catalogue.b1.contract,
    });
    assert.ok([400, 409].includes(response.statusCode), response.body);
  });
});
