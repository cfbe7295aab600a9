import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WORK_SCHEDULE } from '@canteiro/shared/domain';
import type { MobileCatalogue } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { areas, functions } from '../src/db/schema/catalogue.js';
import type { Catalogue } from './management-fixtures.js';
import type { Client, World } from './admin-fixtures.js';
import { Phone, mobileSuite } from './mobile-fixtures.js';

/** GET /api/mobile/catalogue?contract=: the app's pickers, in scope, active only, with an ETag. */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;
let catalogue: Catalogue;
let occurrence: number;

mobileSuite((context) => ({ db, app, world, admin, catalogue, occurrence } = context));

const reporter = () => Phone.signIn(app, 'reporterA1@t.test');
const url = (contract: number | string) => `/api/mobile/catalogue?contract=${contract}`;

async function read(phone: Phone, contract = world.contractA1) {
  const response = await phone.request('GET', url(contract));
  assert.equal(response.statusCode, 200, response.body);
  return { body: response.json() as MobileCatalogue, etag: String(response.headers.etag) };
}

describe('the mobile catalogue', () => {
  test('gives the contract and its active records for the pickers, sorted by name', async () => {
    const { a1, a1Other } = catalogue;
    // Sorted as the lists sort: "Área comum" among the A's, before "Torre 1".
    const [common] = await db.orm
      .insert(areas)
      .values({ name: 'Área comum', contractId: world.contractA1, disciplineId: a1.discipline })
      .returning();
    const [armador] = await db.orm
      .insert(functions)
      .values({ name: 'Armador', contractId: world.contractA1 })
      .returning();
    const phone = await reporter();
    const response = await phone.request('GET', url(world.contractA1));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-store', 'no HTTP cache keeps it: the app keeps its own copy');
    assert.match(String(response.headers.etag), /^"[\w-]+"$/, 'a strong tag');
    const body = response.json() as MobileCatalogue;
    assert.deepEqual(body, {
      contract: {
        id: world.contractA1,
        name: 'Contrato A1',
        reportingPeriod: 30,
        reportingGoal: 16,
        workSchedule: DEFAULT_WORK_SCHEDULE,
      },
      packages: [
        { id: a1.package, name: 'Pacote 1', block: a1.block, local: a1.local, area: a1.area },
        { id: a1Other.package, name: 'Pacote 2', block: a1Other.block, local: a1Other.local, area: a1Other.area },
      ],
      locals: [
        { id: a1.local, name: 'Pavimento 1', area: a1.area },
        { id: a1Other.local, name: 'Pavimento 2', area: a1Other.area },
      ],
      blocks: [
        { id: a1.block, name: 'Bloco A', local: a1.local },
        { id: a1Other.block, name: 'Bloco B', local: a1Other.local },
      ],
      areas: [
        { id: common!.id, name: 'Área comum' },
        { id: a1.area, name: 'Torre 1' },
        { id: a1Other.area, name: 'Torre 2' },
      ],
      activities: [
        {
          id: a1.activity,
          name: 'Concretagem',
          package: a1.package,
          local: a1.local,
          area: a1.area,
          measureUnit: 'm³',
        },
      ],
      functions: [
        { id: armador!.id, name: 'Armador' },
        { id: a1.function, name: 'Pedreiro' },
      ],
      equipment: [{ id: a1.equipment, type: 'Grua', specification: 'Grua 40 m', company: 'Locadora Alfa' }],
      // The inactive occurrence ("Chuva") is left out.
      occurrences: [{ id: occurrence, name: 'Produtivo', category: 'labour', classification: 'value_adding' }],
    });
  });

  test('leaves out what is inactive itself or through an ancestor', async () => {
    const { a1 } = catalogue;
    const phone = await reporter();
    assert.equal((await admin.status(`/api/blocks/${a1.block}`, false)).statusCode, 200);
    assert.equal((await admin.status(`/api/equipment/${a1.equipment}`, false)).statusCode, 200);
    const { body } = await read(phone);
    assert.deepEqual(
      body.packages.map((p) => p.name),
      ['Pacote 2'],
      'the block took its package',
    );
    assert.deepEqual(
      body.blocks.map((b) => b.name),
      ['Bloco B'],
      'the inactive block itself is left out',
    );
    assert.deepEqual(body.activities, [], 'and the activity under it');
    assert.deepEqual(
      body.locals.map((l) => l.name),
      ['Pavimento 1', 'Pavimento 2'],
      'the local above it stays',
    );
    assert.deepEqual(body.equipment, []);

    assert.equal((await admin.status(`/api/disciplines/${a1.discipline}`, false)).statusCode, 200);
    const after = (await read(phone)).body;
    assert.deepEqual([after.packages, after.locals, after.blocks, after.areas, after.activities], [[], [], [], [], []]);
    assert.deepEqual(
      after.functions.map((f) => f.name),
      ['Pedreiro'],
      'functions hang from the contract only',
    );
  });

  test('an unchanged catalogue costs a 304; a change gives a new ETag, and undoing it the old one', async () => {
    const phone = await reporter();
    const first = await read(phone);
    const again = await phone.request('GET', url(world.contractA1), undefined, { 'if-none-match': first.etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, first.etag);
    for (const header of [`W/${first.etag}`, `"other", ${first.etag}`, '*']) {
      const response = await phone.request('GET', url(world.contractA1), undefined, { 'if-none-match': header });
      assert.equal(response.statusCode, 304, header);
    }
    const stale = await phone.request('GET', url(world.contractA1), undefined, { 'if-none-match': '"stale"' });
    assert.equal(stale.statusCode, 200);

    assert.equal((await admin.status(`/api/packages/${catalogue.a1Other.package}`, false)).statusCode, 200);
    const changed = await read(phone);
    assert.notEqual(changed.etag, first.etag);
    const refused = await phone.request('GET', url(world.contractA1), undefined, { 'if-none-match': first.etag });
    assert.equal(refused.statusCode, 200, 'the old tag no longer matches');

    assert.equal((await admin.status(`/api/packages/${catalogue.a1Other.package}`, true)).statusCode, 200);
    assert.equal((await read(phone)).etag, first.etag);

    // A renamed record changes it too.
    assert.equal(
      (
        await admin.put(`/api/functions/${catalogue.a1.function}`, {
          name: 'Pedreiro II',
          contract: world.contractA1,
          isActive: true,
        })
      ).statusCode,
      200,
    );
    assert.notEqual((await read(phone)).etag, first.etag);
  });

  test('each encoding is its own representation: its own ETag, Vary: accept-encoding, its own 304', async () => {
    // Over the compression threshold (1 KB), as a real catalogue is.
    await db.orm
      .insert(functions)
      .values(Array.from({ length: 40 }, (_, i) => ({ name: `Função ${i}`, contractId: world.contractA1 })));
    const phone = await reporter();
    const get = (headers: Record<string, string>) => phone.request('GET', url(world.contractA1), undefined, headers);

    const plain = await get({});
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.rawPayload.length > 1024, `${plain.rawPayload.length} bytes`);
    const gzipped = await get({ 'accept-encoding': 'gzip' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), plain.body, 'the same catalogue');
    const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), plain.body);
    const tags = [plain, gzipped, brotli].map((response) => String(response.headers.etag));
    assert.equal(new Set(tags).size, 3, `three tags: ${tags.join(' ')}`);
    for (const [index, response] of [plain, gzipped, brotli].entries()) {
      assert.match(tags[index]!, /^"[\w-]+"$/, 'strong tags');
      assert.equal(response.headers.vary, 'accept-encoding', 'a cache keys the answer by the encoding asked');
    }
    const [plainTag, gzipTag] = tags as [string, string, string];

    // If-None-Match matches the representation the request selects, and only that one.
    const cases: [Record<string, string>, number, string][] = [
      [{ 'if-none-match': plainTag }, 304, plainTag],
      [{ 'if-none-match': gzipTag, 'accept-encoding': 'gzip' }, 304, gzipTag],
      [{ 'if-none-match': `W/${gzipTag}`, 'accept-encoding': 'x-gzip' }, 304, gzipTag],
      // The gzip bytes' tag never validates a plain answer, nor the plain tag a gzip one.
      [{ 'if-none-match': gzipTag }, 200, plainTag],
      [{ 'if-none-match': gzipTag, 'accept-encoding': 'identity' }, 200, plainTag],
      [{ 'if-none-match': gzipTag, 'accept-encoding': 'gzip;q=0' }, 200, plainTag],
      [{ 'if-none-match': plainTag, 'accept-encoding': 'gzip' }, 200, gzipTag],
    ];
    for (const [headers, status, tag] of cases) {
      const response = await get(headers);
      const label = JSON.stringify(headers);
      assert.equal(response.statusCode, status, label);
      assert.equal(response.headers.etag, tag, label);
      assert.equal(response.headers.vary, 'accept-encoding', label);
      if (status === 304) assert.equal(response.rawPayload.length, 0, label);
      else assert.equal(response.headers['content-encoding'], tag === gzipTag ? 'gzip' : undefined, label);
    }
  });

  test('GET /api/mobile/contracts: where the user may report, active, by name', async () => {
    const names = async (phone: Phone) =>
      ((await phone.request('GET', '/api/mobile/contracts')).json() as { id: number; name: string }[]).map(
        (c) => c.name,
      );
    assert.deepEqual(await names(await reporter()), ['Contrato A1'], 'a reporter: its own contract');
    const workPhone = await Phone.signIn(app, 'workA1@t.test');
    assert.deepEqual(await names(workPhone), ['Contrato A1', 'Contrato A1b']);
    assert.equal((await admin.status(`/api/contracts/${world.contractA1b}`, false)).statusCode, 200);
    assert.deepEqual(await names(workPhone), ['Contrato A1']);
    assert.equal((await admin.get('/api/mobile/contracts')).statusCode, 403, 'the app only');
  });

  test('only for a contract in scope and active: 404 otherwise; 400 without a contract', async () => {
    const phone = await reporter();
    for (const contract of [world.contractB1, world.contractA1b, 999_999]) {
      const response = await phone.request('GET', url(contract));
      assert.equal(response.statusCode, 404, `contract ${contract}`);
      assert.equal((response.json() as { code: string }).code, 'not_found');
    }
    const cases: [string, Record<string, string>][] = [
      ['/api/mobile/catalogue', { contract: 'required' }],
      [url('abc'), { contract: 'invalid_value' }],
      [url(0), { contract: 'invalid_value' }],
      [url(2 ** 31), { contract: 'invalid_value' }],
    ];
    for (const [path, fields] of cases) {
      const response = await phone.request('GET', path);
      assert.equal(response.statusCode, 400, path);
      assert.deepEqual((response.json() as { fields: unknown }).fields, fields);
    }
    // A work user sees the contracts of its work; an inactive contract none.
    const workPhone = await Phone.signIn(app, 'workA1@t.test');
    assert.equal((await workPhone.request('GET', url(world.contractA1b))).statusCode, 200);
    assert.equal((await workPhone.request('GET', url(world.contractB1))).statusCode, 404);
    assert.equal((await admin.status(`/api/contracts/${world.contractA1b}`, false)).statusCode, 200);
    assert.equal((await workPhone.request('GET', url(world.contractA1b))).statusCode, 404);
  });
});
