import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { bases, works } from '../src/db/schema/organisation.js';
import { occurrences } from '../src/db/schema/catalogue.js';
import { surveys } from '../src/db/schema/people.js';
import { totalsStats } from '../src/crud/totals.js';
import { adminSuite, Client, names } from './admin-fixtures.js';
import type { Person, World } from './admin-fixtures.js';

/** GET /api/<resource>: search, pages, inactive rows, order, filters, shapes. */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;
let admin: Client;

adminSuite((context) => ({ db, app, world, people, admin } = context));

type Page = { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };
const page = async (url: string) => (await admin.get(url)).json() as Page;

describe('lists', () => {
  test('answer { items, total, page, pageSize }, 20 a page, sorted by name', async () => {
    const body = await page('/api/works');
    assert.deepEqual(
      { ...body, items: body.items.map((item) => item.name) },
      {
        items: ['Obra A1', 'Obra A2', 'Obra B1'],
        total: 3,
        page: 1,
        pageSize: 20,
      },
    );
  });

  test('search ignores case and finds the text anywhere in the main columns', async () => {
    assert.deepEqual(await names(await admin.get('/api/works?search=bra a')), ['Obra A1', 'Obra A2']);
    assert.deepEqual(await names(await admin.get('/api/works?search=prj-b')), ['Obra B1'], 'works: also PRJ');
    assert.deepEqual(await names(await admin.get('/api/users?search=T.TEST&pageSize=1')), ['admin'], 'users: e-mail');
    assert.deepEqual(await names(await admin.get('/api/users?search=rEpOrT')), ['reporterA1'], 'users: name');
    assert.deepEqual(await names(await admin.get('/api/bases?search=%25')), [], '% is a literal');
    assert.deepEqual(await names(await admin.get('/api/bases?search=_')), [], '_ is a literal');
  });

  test('pages through the rows, the total counting them all', async () => {
    const first = await page('/api/users?pageSize=3&page=1');
    const third = await page('/api/users?pageSize=3&page=3');
    assert.deepEqual([first.total, first.items.length, third.items.length], [8, 3, 2]);
    const all = [...first.items, ...(await page('/api/users?pageSize=3&page=2')).items, ...third.items];
    assert.equal(new Set(all.map((user) => user.id)).size, 8, 'no row twice, none missing');
    const beyond = await page('/api/users?pageSize=3&page=9');
    assert.deepEqual([beyond.items.length, beyond.total], [0, 8]);
  });

  test('the total of a page already counted comes from memory until anything is written, by anyone', async () => {
    const before = totalsStats();
    assert.equal((await page('/api/works?pageSize=1&page=1')).total, 3);
    assert.equal((await page('/api/works?pageSize=1&page=2')).total, 3);
    assert.equal((await page('/api/works?pageSize=1&page=3')).total, 3);
    const paging = totalsStats();
    assert.deepEqual([paging.misses - before.misses, paging.hits - before.hits], [1, 2]);

    // Written behind the server's back (a script, another server): the next total sees it.
    await db.orm.insert(works).values({
      name: 'Obra A3',
      prj: 'PRJ-A3',
      description: 'Inserida direto no banco',
      baseId: world.baseA,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    assert.equal((await page('/api/works?pageSize=1&page=1')).total, 4);
    // Through the API too.
    await admin.status(`/api/works/${world.workA1}`, false);
    assert.equal((await page('/api/works?pageSize=1&page=1')).total, 3);
  });

  test('hide inactive rows unless includeInactive=true', async () => {
    await db.orm.update(works).set({ isActive: false }).where(eq(works.id, world.workA2));
    assert.deepEqual(await names(await admin.get('/api/works')), ['Obra A1', 'Obra B1']);
    assert.deepEqual(await names(await admin.get('/api/works?includeInactive=true')), [
      'Obra A1',
      'Obra A2',
      'Obra B1',
    ]);
    assert.equal((await page('/api/works?includeInactive=false')).total, 2);
  });

  test('sort by another column and order, and filter by parent', async () => {
    assert.deepEqual(await names(await admin.get('/api/works?sort=name&order=desc')), [
      'Obra B1',
      'Obra A2',
      'Obra A1',
    ]);
    assert.deepEqual(await names(await admin.get('/api/bases?sort=state')), ['Base Beta', 'Base Alfa']);
    assert.deepEqual(await names(await admin.get(`/api/works?base=${world.baseB}`)), ['Obra B1']);
    assert.deepEqual(await names(await admin.get(`/api/contracts?work=${world.workA1}`)), [
      'Contrato A1',
      'Contrato A1b',
    ]);
    assert.deepEqual(await names(await admin.get(`/api/contracts?base=${world.baseA}&work=${world.workA2}`)), [
      'Contrato A2',
    ]);
    assert.deepEqual(await names(await admin.get(`/api/users?contract=${world.contractA1}&permission=reporter`)), [
      'reporterA1',
    ]);
  });

  test('refuse a bad query with a code per parameter, never a 500', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/works?pageSize=101', { pageSize: 'invalid_value' }],
      ['/api/works?page=0', { page: 'invalid_value' }],
      ['/api/works?page=abc&includeInactive=yes', { page: 'invalid_value', includeInactive: 'invalid_value' }],
      ['/api/works?sort=password', { sort: 'invalid_value' }],
      ['/api/works?order=sideways', { order: 'invalid_value' }],
      ['/api/works?base=x', { base: 'invalid_value' }],
      ['/api/users?permission=god', { permission: 'invalid_value' }],
      [`/api/works?search=${'x'.repeat(101)}`, { search: 'too_long' }],
    ];
    for (const [url, fields] of cases) {
      const response = await admin.get(url);
      assert.equal(response.statusCode, 400, url);
      assert.deepEqual((response.json() as { fields: unknown }).fields, fields, url);
    }
  });
});

describe('item shapes', () => {
  test('a user has its parents by id and name, never its password hash', async () => {
    const user = (await admin.get(`/api/users/${people.workA2}`)).json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(user).sort(), [
      'base',
      'baseName',
      'contract',
      'contractName',
      'createdAt',
      'email',
      'firstAccess',
      'firstName',
      'id',
      'isActive',
      'parentInactive',
      'permission',
      'profilePicture',
      'work',
      'workName',
    ]);
    assert.deepEqual(
      [user.permission, user.base, user.baseName, user.workName, user.contractName],
      ['work', world.baseA, 'Base Alfa', 'Obra A2', 'Contrato A2'],
    );
    assert.match(String(user.createdAt), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.doesNotMatch(JSON.stringify(await page('/api/users')), /argon2|passwordHash|password_hash/);
  });

  test('a work has its dates as YYYY-MM-DD and its base', async () => {
    const work = (await admin.get(`/api/works/${world.workB1}`)).json() as Record<string, unknown>;
    assert.deepEqual(
      [work.startDate, work.endDate, work.base, work.baseName, work.parentInactive],
      ['2026-01-01', '2026-12-31', world.baseB, 'Base Beta', false],
    );
  });
});

describe('options', () => {
  test('give { id, name } of active rows, narrowed by the parent', async () => {
    await db.orm.update(bases).set({ name: 'Base Zeta' }).where(eq(bases.id, world.baseA));
    assert.deepEqual((await admin.get('/api/bases/options')).json(), [
      { id: world.baseB, name: 'Base Beta' },
      { id: world.baseA, name: 'Base Zeta' },
    ]);
    assert.deepEqual(await names(await admin.get(`/api/works/options?base=${world.baseA}`)), ['Obra A1', 'Obra A2']);
    assert.deepEqual(await names(await admin.get(`/api/contracts/options?work=${world.workA1}`)), [
      'Contrato A1',
      'Contrato A1b',
    ]);
  });

  test('occurrences: every level may read the options, only admins the list', async () => {
    await db.orm.insert(occurrences).values([
      { name: 'Ocioso', category: 'labour', classification: 'evident_waste' },
      { name: 'Retrabalho', category: 'planning', classification: 'evident_waste', isActive: false },
    ]);
    const contract = await Client.of(app, 'contractA1');
    assert.deepEqual(await names(await contract.get('/api/occurrences/options')), ['Ocioso']);
    assert.equal((await contract.get('/api/occurrences')).statusCode, 403);
    assert.deepEqual(
      await names(await admin.get('/api/occurrences?classification=evident_waste&includeInactive=true')),
      ['Ocioso', 'Retrabalho'],
    );
  });
});

describe('surveys', () => {
  test('list the newest first, with the user’s name', async () => {
    await db.orm.insert(surveys).values([
      {
        userId: people.reporterA1,
        reportTime: new Date('2026-03-01T10:00:00Z'),
        experience: 3,
        usability: 4,
        resources: 5,
      },
      {
        userId: people.reporterA1,
        reportTime: new Date('2026-03-05T10:00:00Z'),
        experience: 5,
        usability: 5,
        resources: 5,
        suggestions: 'Ótimo',
      },
    ]);
    const body = await page('/api/surveys');
    assert.deepEqual(
      body.items.map(({ id: _id, ...survey }) => survey),
      [
        {
          user: people.reporterA1,
          userName: 'reporterA1',
          reportTime: '2026-03-05T10:00:00.000Z',
          experience: 5,
          usability: 5,
          resources: 5,
          suggestions: 'Ótimo',
        },
        {
          user: people.reporterA1,
          userName: 'reporterA1',
          reportTime: '2026-03-01T10:00:00.000Z',
          experience: 3,
          usability: 4,
          resources: 5,
          suggestions: null,
        },
      ],
    );
    assert.equal((await admin.post('/api/surveys', {})).statusCode, 404, 'read-only');
  });
});
