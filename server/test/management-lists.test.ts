import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_ENTITIES, HIERARCHY } from '@canteiro/shared/domain';
import type { Entity } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { contracts } from '../src/db/schema/organisation.js';
import { Client, names } from './admin-fixtures.js';
import { Browser, PASSWORD } from './helpers.js';
import { body, managementSuite } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/** The catalogue's lists, options and exports: scope, cascades, filters, headers. */

let db: Database;
let app: FastifyInstance;
let admin: Client;
let catalogue: Catalogue;

managementSuite((context) => ({ db, app, admin, catalogue } = context));

const url = (entity: Entity) => `/api/${HIERARCHY[entity].endpoint}`;
const ids = async (response: { json(): unknown }) =>
  ((response.json() as { items?: { id: number }[] }).items ?? (response.json() as { id: number }[])).map(
    (row) => row.id,
  );

describe('scope', () => {
  test('each level sees the catalogue of its contracts only', async () => {
    // A1's discipline and B1's: who sees which.
    const expected: [string, number[]][] = [
      ['admin', [catalogue.a1.discipline, catalogue.b1.discipline]],
      ['baseA', [catalogue.a1.discipline]],
      ['baseB', [catalogue.b1.discipline]],
      ['workA1', [catalogue.a1.discipline]],
      ['workA2', []],
      ['contractA1', [catalogue.a1.discipline]],
      ['contractA1b', []],
    ];
    for (const [person, visible] of expected) {
      const client = person === 'admin' ? admin : await Client.of(app, person);
      for (const entity of CATALOGUE_ENTITIES) {
        const response = await client.get(url(entity));
        assert.equal(response.statusCode, 200, `${person} ${entity}`);
      }
      const list = await client.get(`${url('discipline')}?includeInactive=true`);
      assert.deepEqual((await ids(list)).sort(), [...visible].sort(), person);
      const options = await client.get(`${url('discipline')}/options`);
      assert.deepEqual((await ids(options)).sort(), [...visible].sort(), `${person} options`);
    }
  });

  test('a record out of scope does not exist: 404 on read, edit, status and finish', async () => {
    const other = await Client.of(app, 'contractA1b');
    for (const [path, entity] of [
      [`${url('discipline')}/${catalogue.a1.discipline}`, 'discipline'],
      [`${url('activity')}/${catalogue.a1.activity}`, 'activity'],
    ] as const) {
      assert.equal((await other.get(path)).statusCode, 404, path);
      assert.equal((await other.put(path, body[entity](catalogue.a1))).statusCode, 404, path);
      assert.equal((await other.status(path, false)).statusCode, 404, path);
    }
    assert.equal((await other.post(`${url('activity')}/${catalogue.a1.activity}/finish`, {})).statusCode, 404);
  });

  test('creating under a contract out of scope is refused; in scope it is allowed', async () => {
    const workA2 = await Client.of(app, 'workA2');
    const refused = await workA2.post(url('discipline'), body.discipline(catalogue.a1));
    assert.equal(refused.statusCode, 400);
    assert.deepEqual((refused.json() as { fields: unknown }).fields, { contract: 'invalid_parent' });
    const contractUser = await Client.of(app, 'contractA1');
    const created = await contractUser.post(url('activity'), body.activity(catalogue.a1));
    assert.equal(created.statusCode, 201, created.body);
    const toggled = await contractUser.status(`${url('activity')}/${catalogue.a1.activity}`, false);
    assert.equal(toggled.statusCode, 200);
  });

  test('a reporter has no web access to the catalogue', async () => {
    // A reporter signs in from the mobile app only.
    const browser = new Browser(app);
    const signedIn = await browser.login('reporterA1@t.test', PASSWORD, false);
    const reporter = new Client(browser, (signedIn.json() as { token: string }).token);
    assert.equal((await reporter.get(url('discipline'))).statusCode, 403);
    assert.equal((await reporter.post(url('discipline'), body.discipline(catalogue.a1))).statusCode, 403);
  });
});

describe('cascade (deactivation hides, reactivation brings back)', () => {
  const below: Entity[] = ['area', 'local', 'block', 'package', 'activity'];

  test('deactivating a discipline hides its areas, locals, blocks, packages and activities', async () => {
    const visible = async (entity: Entity, query = '') =>
      ids(await admin.get(`${url(entity)}?contract=${catalogue.a1.contract}${query}`));
    const options = async (entity: Entity) =>
      ids(await admin.get(`${url(entity)}/options?contract=${catalogue.a1.contract}`));
    for (const entity of below) assert.ok((await visible(entity)).length > 0, entity);

    const off = await admin.status(`${url('discipline')}/${catalogue.a1.discipline}`, false);
    assert.equal(off.statusCode, 200);
    for (const entity of below) {
      assert.deepEqual(await visible(entity), [], `${entity} list`);
      assert.deepEqual(await options(entity), [], `${entity} options`);
      const all = (await admin.get(`${url(entity)}?contract=${catalogue.a1.contract}&includeInactive=true`)).json() as {
        items: { isActive: boolean; parentInactive: boolean }[];
      };
      assert.ok(all.items.length > 0 && all.items.every((item) => item.isActive && item.parentInactive), entity);
    }
    // Another contract's catalogue is untouched; so are A1's functions and equipment.
    assert.ok((await ids(await admin.get(`${url('area')}?contract=${catalogue.b1.contract}`))).length > 0);
    assert.ok((await visible('function')).length > 0);

    await admin.status(`${url('discipline')}/${catalogue.a1.discipline}`, true);
    for (const entity of below) assert.ok((await visible(entity)).length > 0, `${entity} back`);
  });

  test('each level of the chain hides what hangs from it, and only that', async () => {
    const chain: Entity[] = ['area', 'local', 'block', 'package'];
    for (const [index, level] of chain.entries()) {
      const id = (catalogue.a1 as unknown as Record<string, number>)[level]!;
      await admin.status(`${url(level)}/${id}`, false);
      for (const entity of below.slice(index + 1)) {
        const rows = await ids(await admin.get(`${url(entity)}/options?contract=${catalogue.a1.contract}`));
        const mine = (catalogue.a1 as unknown as Record<string, number>)[entity]!;
        assert.ok(!rows.includes(mine), `${entity} under an inactive ${level}`);
        // The other chain of A1 stays.
        if (entity !== 'activity') {
          assert.ok(
            rows.includes((catalogue.a1Other as unknown as Record<string, number>)[entity]!),
            `${entity} other`,
          );
        }
      }
      await admin.status(`${url(level)}/${id}`, true);
    }
  });

  test('an inactive contract hides its catalogue; an inactive work or base too', async () => {
    await db.orm.update(contracts).set({ isActive: false }).where(eq(contracts.id, catalogue.a1.contract));
    for (const entity of CATALOGUE_ENTITIES) {
      assert.deepEqual(await ids(await admin.get(`${url(entity)}?contract=${catalogue.a1.contract}`)), [], entity);
    }
    await db.orm.update(contracts).set({ isActive: true }).where(eq(contracts.id, catalogue.a1.contract));
    assert.ok((await ids(await admin.get(`${url('equipment')}?contract=${catalogue.a1.contract}`))).length > 0);
  });
});

describe('filters, options and export', () => {
  test('?contract= and each direct parent filter the list; a bad id is a 400', async () => {
    assert.deepEqual(await names(await admin.get(`${url('area')}?discipline=${catalogue.a1.discipline}`)), [
      'Torre 1',
      'Torre 2',
    ]);
    assert.deepEqual(await names(await admin.get(`${url('local')}?area=${catalogue.a1Other.area}`)), ['Pavimento 2']);
    assert.deepEqual(await names(await admin.get(`${url('activity')}?package=${catalogue.b1.package}`)), [
      'Alvenaria B',
    ]);
    assert.deepEqual(await names(await admin.get(`${url('block')}/options?local=${catalogue.a1.local}`)), ['Bloco A']);
    const bad = await admin.get(`${url('local')}?area=abc&contract=0`);
    assert.equal(bad.statusCode, 400);
    assert.deepEqual((bad.json() as { fields: unknown }).fields, { area: 'invalid_value', contract: 'invalid_value' });
  });

  test('equipment is offered as "specification — company"', async () => {
    const options = (await admin.get(`${url('equipment')}/options?contract=${catalogue.a1.contract}`)).json();
    assert.deepEqual(options, [{ id: catalogue.a1.equipment, name: 'Grua 40 m — Locadora Alfa' }]);
  });

  test('the OpenAPI document describes each list with its own filters', async () => {
    const document = (await admin.get('/api/docs/json')).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const filters = (path: string) =>
      (document.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    assert.ok(filters('/api/activities').includes('package'), String(filters('/api/activities')));
    assert.ok(filters('/api/activities').includes('status'));
    assert.ok(!filters('/api/bases').includes('contract'));
    assert.ok(filters('/api/areas').includes('discipline'));
  });

  test("export headers are the screens' labels, in both languages", async () => {
    const portuguese = await admin.get(`${url('activity')}/export?format=csv&contract=${catalogue.a1.contract}`);
    const header = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n')[0];
    assert.equal(
      header(portuguese.body),
      'ID;Nome;Unidade;HH planejado;Quantidade planejada;Início;Término;Prazo (dias);Situação;Contratada;Área;Local;Bloco;Pacote;Ativo;Vínculo inativo;Criado em',
    );
    const english = await Client.of(app, 'admin', 'en-US');
    const response = await english.get(`${url('equipment')}/export?format=csv`);
    assert.equal(header(response.body), 'ID,Specification,Company,Type,Contractor,Active,Parent inactive,Created at');
    assert.match(String(response.headers['content-disposition']), /filename="equipment-/);
  });
});
