import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { works } from '../src/db/schema/organisation.js';
import { users } from '../src/db/schema/people.js';
import { errorMessage } from '@canteiro/shared/domain';
import { Browser, createUser } from './helpers.js';
import { adminSuite, Client, names, valid } from './admin-fixtures.js';
import type { Person, World } from './admin-fixtures.js';

/** ARCHITECTURE.md §5: each level sees and changes only its own part of the organisation. */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;

adminSuite((context) => ({ db, app, world, people } = context), { signInAdmin: false });

const sorted = async (client: Client, url: string) => (await names(await client.get(url))).sort();

describe('what each level sees', () => {
  test('an admin sees everything', async () => {
    const admin = await Client.of(app, 'admin');
    assert.deepEqual(await sorted(admin, '/api/bases'), ['Base Alfa', 'Base Beta']);
    assert.deepEqual(await sorted(admin, '/api/works'), ['Obra A1', 'Obra A2', 'Obra B1']);
    assert.equal((await names(await admin.get('/api/users'))).length, 8);
  });

  test('a base user: its base, its works, contracts and users at its level or below', async () => {
    const base = await Client.of(app, 'baseB');
    assert.deepEqual(await sorted(base, '/api/bases'), ['Base Beta']);
    assert.deepEqual(await sorted(base, '/api/works'), ['Obra B1']);
    assert.deepEqual(await sorted(base, '/api/contracts'), ['Contrato B1']);
    assert.deepEqual(await sorted(base, '/api/users'), ['baseB']);
    const baseA = await Client.of(app, 'baseA');
    assert.deepEqual(await sorted(baseA, '/api/users'), [
      'baseA',
      'contractA1',
      'contractA1b',
      'reporterA1',
      'workA1',
      'workA2',
    ]);
  });

  test('a work user: its work and what hangs from it', async () => {
    const work = await Client.of(app, 'workA2');
    assert.deepEqual(await sorted(work, '/api/works'), ['Obra A2']);
    assert.deepEqual(await sorted(work, '/api/contracts'), ['Contrato A2']);
    assert.deepEqual(await sorted(work, '/api/users'), ['workA2']);
    assert.deepEqual(await sorted(work, '/api/bases'), ['Base Alfa'], 'its own base, for the selects');
  });

  test('a contract user: its contract and its users', async () => {
    const contract = await Client.of(app, 'contractA1');
    assert.deepEqual(await sorted(contract, '/api/contracts'), ['Contrato A1']);
    assert.deepEqual(await sorted(contract, '/api/works'), ['Obra A1']);
    assert.deepEqual(await sorted(contract, '/api/users'), ['contractA1', 'reporterA1']);
  });

  test('filters cannot widen the scope: asking for another base answers nothing', async () => {
    const base = await Client.of(app, 'baseB');
    assert.deepEqual(await names(await base.get(`/api/works?base=${world.baseA}`)), []);
    assert.deepEqual(await names(await base.get(`/api/users?base=${world.baseA}&includeInactive=true`)), []);
    assert.equal((await base.get(`/api/works?base=${world.baseA}`)).json().total, 0);
  });
});

describe('out of scope is not found', () => {
  const cases: [Person, string][] = [
    ['baseB', '/api/bases/{world.baseA}'],
    ['baseB', '/api/works/{world.workA1}'],
    ['baseB', '/api/contracts/{world.contractA1}'],
    ['workA2', '/api/works/{world.workA1}'],
    ['workA2', '/api/contracts/{world.contractA1}'],
    ['workA2', '/api/users/{people.contractA1}'],
    ['contractA1b', '/api/contracts/{world.contractA1}'],
    ['contractA1b', '/api/users/{people.reporterA1}'],
    ['baseA', '/api/users/{people.admin}'],
    ['baseA', '/api/users/{people.baseB}'],
  ];
  const url = (template: string) =>
    template.replace(/\{(world|people)\.(\w+)\}/, (_, from: string, key: string) =>
      String(from === 'people' ? people[key as Person] : world[key as keyof World]),
    );

  test('reading by id answers 404, exactly as for an id that does not exist', async () => {
    for (const [person, template] of cases) {
      const response = await (await Client.of(app, person)).get(url(template));
      assert.equal(response.statusCode, 404, `${person} ${template}`);
      assert.equal((response.json() as { code: string }).code, 'not_found');
    }
  });

  test('editing and (de)activating answer 404 and change nothing', async () => {
    const base = await Client.of(app, 'baseB');
    const edit = await base.put(`/api/works/${world.workA1}`, { ...valid.work(world.baseB), name: 'Tomada' });
    assert.equal(edit.statusCode, 404);
    assert.equal((await base.status(`/api/works/${world.workA1}`, false)).statusCode, 404);
    const contract = await Client.of(app, 'contractA1b');
    assert.equal((await contract.status(`/api/users/${people.reporterA1}`, false)).statusCode, 404);
    const [work] = await db.orm.select().from(works).where(eq(works.id, world.workA1));
    assert.deepEqual([work?.name, work?.isActive], ['Obra A1', true]);
    const [reporter] = await db.orm.select().from(users).where(eq(users.id, people.reporterA1));
    assert.equal(reporter?.isActive, true);
  });

  test('options offer only what is in scope', async () => {
    const base = await Client.of(app, 'baseB');
    assert.deepEqual(await names(await base.get('/api/bases/options')), ['Base Beta']);
    assert.deepEqual(await names(await base.get(`/api/works/options?base=${world.baseA}`)), []);
    assert.deepEqual(await names(await base.get('/api/contracts/options')), ['Contrato B1']);
    const contract = await Client.of(app, 'contractA1b');
    assert.deepEqual(await names(await contract.get(`/api/contracts/options?work=${world.workA1}`)), ['Contrato A1b']);
  });

  test('the export holds only what is in scope', async () => {
    const work = await Client.of(app, 'workA2');
    const csv = (await work.get('/api/contracts/export?format=csv')).body;
    assert.match(csv, /Contrato A2/);
    assert.doesNotMatch(csv, /Contrato A1|Contrato B1/);
    const usersCsv = (await work.get('/api/users/export?format=csv')).body;
    assert.doesNotMatch(usersCsv, /admin@|baseA@|contractA1@/);
  });

  test('a parent outside the scope is an invalid parent, never a way in', async () => {
    const base = await Client.of(app, 'baseB');
    const work = await base.post('/api/works', valid.work(world.baseA));
    assert.equal(work.statusCode, 400);
    assert.deepEqual((work.json() as { fields: unknown }).fields, { base: 'invalid_parent' });
    const contract = await Client.of(app, 'contractA1b');
    const user = await contract.post(
      '/api/users',
      valid.user({ base: world.baseA, work: world.workA1, contract: world.contractA1 }, 'reporter'),
    );
    assert.deepEqual((user.json() as { fields: unknown }).fields, { contract: 'invalid_parent' });
  });
});

describe('what each level may change', () => {
  test('a level that may never do something gets 403', async () => {
    const cases: [Person, (client: Client) => Promise<{ statusCode: number }>][] = [
      ['baseA', (c) => c.post('/api/bases', valid.base())],
      ['baseA', (c) => c.status(`/api/bases/${world.baseA}`, false)],
      ['workA1', (c) => c.put(`/api/bases/${world.baseA}`, valid.base())],
      ['workA1', (c) => c.post('/api/works', valid.work(world.baseA))],
      ['workA1', (c) => c.status(`/api/works/${world.workA1}`, false)],
      ['contractA1', (c) => c.put(`/api/works/${world.workA1}`, valid.work(world.baseA))],
      ['contractA1', (c) => c.post('/api/contracts', valid.contract(world.baseA, world.workA1))],
      ['contractA1', (c) => c.status(`/api/contracts/${world.contractA1}`, false)],
      ['baseA', (c) => c.get('/api/occurrences')],
      ['baseA', (c) => c.post('/api/occurrences', valid.occurrence())],
      ['workA1', (c) => c.get('/api/surveys')],
    ];
    for (const [person, call] of cases) {
      const response = await call(await Client.of(app, person));
      assert.equal(response.statusCode, 403, `${person}: ${call.toString()}`);
    }
  });

  test('a reporter token (from the mobile app) opens no admin endpoint', async () => {
    const browser = new Browser(app);
    const { token } = (await browser.login('reporterA1@t.test', 'demo1234', false)).json() as { token: string };
    for (const url of ['/api/works', '/api/users', '/api/bases/options', `/api/users/${people.reporterA1}`]) {
      assert.equal((await browser.request(url, { token })).statusCode, 403, url);
    }
  });

  test('each level edits its own record and manages those below it', async () => {
    const base = await Client.of(app, 'baseA');
    assert.equal(
      (await base.put(`/api/bases/${world.baseA}`, { ...valid.base(), name: 'Base Alfa 2' })).statusCode,
      200,
    );
    assert.equal((await base.post('/api/works', valid.work(world.baseA))).statusCode, 201);
    assert.equal((await base.status(`/api/works/${world.workA2}`, false)).statusCode, 200);
    const work = await Client.of(app, 'workA1');
    assert.equal(
      (await work.put(`/api/works/${world.workA1}`, { ...valid.work(world.baseA), name: 'Obra A1', prj: 'PRJ-A1' }))
        .statusCode,
      200,
    );
    assert.equal((await work.post('/api/contracts', valid.contract(world.baseA, world.workA1))).statusCode, 201);
    const contract = await Client.of(app, 'contractA1');
    const own = { ...valid.contract(world.baseA, world.workA1), name: 'Contrato A1', reportingGoal: 9 };
    assert.equal((await contract.put(`/api/contracts/${world.contractA1}`, own)).statusCode, 200);
  });
});

describe('users: nobody above their own level', () => {
  const placeA1 = () => ({ base: world.baseA, work: world.workA1, contract: world.contractA1 });

  test('a user cannot create a user above its level', async () => {
    for (const [person, permission] of [
      ['baseA', 'admin'],
      ['workA1', 'base'],
      ['contractA1', 'work'],
    ] as const) {
      const response = await (await Client.of(app, person)).post('/api/users', valid.user(placeA1(), permission));
      assert.equal(response.statusCode, 403, `${person} → ${permission}`);
    }
    assert.equal((await db.orm.select().from(users).where(eq(users.email, 'nova@t.test'))).length, 0);
  });

  test('…nor promote one, nor create one at its own level, but may create below it', async () => {
    const work = await Client.of(app, 'workA1');
    const promote = await work.put(`/api/users/${people.contractA1}`, {
      ...valid.user(placeA1(), 'base'),
      email: 'contractA1@t.test',
    });
    assert.equal(promote.statusCode, 403);
    for (const [person, permission] of [
      ['baseA', 'base'],
      ['workA1', 'work'],
      ['contractA1', 'contract'],
    ] as const) {
      const response = await (await Client.of(app, person)).post('/api/users', valid.user(placeA1(), permission));
      assert.equal(response.statusCode, 403, `${person} → ${permission}`);
    }
    assert.equal((await work.post('/api/users', valid.user(placeA1(), 'contract'))).statusCode, 201);
    const contract = await Client.of(app, 'contractA1');
    const reporter = await contract.post('/api/users', { ...valid.user(placeA1(), 'reporter'), email: 'r2@t.test' });
    assert.equal(reporter.statusCode, 201);
  });

  test('nobody deactivates itself', async () => {
    for (const person of ['admin', 'baseA', 'contractA1'] as const) {
      const client = await Client.of(app, person);
      const response = await client.status(`/api/users/${people[person]}`, false);
      assert.equal(response.statusCode, 409, person);
      assert.equal((response.json() as { code: string }).code, 'cannot_deactivate_self');
    }
    const admin = await Client.of(app, 'admin');
    const viaEdit = await admin.put(`/api/users/${people.admin}`, {
      ...valid.user(placeA1(), 'admin'),
      email: 'admin@t.test',
      isActive: false,
    });
    assert.equal(viaEdit.statusCode, 409);
  });
});

describe('users: a non-admin manages only the levels strictly below its own', () => {
  const placeA1 = () => ({ base: world.baseA, work: world.workA1, contract: world.contractA1 });
  const edit = (person: Person, permission: string, changes: Record<string, unknown> = {}) => ({
    ...valid.user(placeA1(), permission),
    email: `${person}@t.test`,
    firstName: person,
    password: '',
    ...changes,
  });

  test('a base user cannot reset the password of another base user of its base, nor sign in as them', async () => {
    const other = await createUser(
      db,
      { baseId: world.baseA, workId: world.workA1, contractId: world.contractA1 },
      {
        email: 'baseA2@t.test',
        profile: 'base',
      },
    );
    const base = await Client.of(app, 'baseA');
    const reset = await base.put(`/api/users/${other.id}`, {
      ...edit('baseA', 'base'),
      email: 'baseA2@t.test',
      password: 'takeover1',
    });
    assert.equal(reset.statusCode, 404, 'a peer is out of reach, like any record out of scope');
    assert.equal((await base.status(`/api/users/${other.id}`, false)).statusCode, 404);
    assert.equal((await base.get(`/api/users/${other.id}`)).statusCode, 404);
    assert.equal((await new Browser(app).login('baseA2@t.test', 'takeover1')).statusCode, 401);
    assert.equal((await new Browser(app).login('baseA2@t.test', 'demo1234')).statusCode, 200, 'nothing changed');

    const work = await Client.of(app, 'workA1');
    assert.equal((await work.put(`/api/users/${people.workA2}`, edit('workA2', 'work'))).statusCode, 404);
    const contract = await Client.of(app, 'contractA1');
    assert.equal(
      (await contract.status(`/api/users/${people.contractA1b}`, false)).statusCode,
      404,
      'contract users of the same work are peers too',
    );
  });

  test('an admin manages everyone, other admins included', async () => {
    const other = await createUser(
      db,
      { baseId: world.baseA, workId: world.workA1, contractId: world.contractA1 },
      {
        email: 'admin2@t.test',
        profile: 'admin',
      },
    );
    const admin = await Client.of(app, 'admin');
    const changed = await admin.put(`/api/users/${other.id}`, {
      ...edit('admin', 'base'),
      email: 'admin2@t.test',
      password: 'temp12345',
    });
    assert.equal(changed.statusCode, 200);
    assert.equal((changed.json() as { permission: string }).permission, 'base');
    assert.equal((await admin.status(`/api/users/${other.id}`, false)).statusCode, 200);
  });

  test('nobody changes its own profile: an admin cannot demote itself', async () => {
    for (const [person, lower] of [
      ['admin', 'reporter'],
      ['admin', 'base'],
      ['baseA', 'work'],
      ['contractA1', 'reporter'],
    ] as const) {
      const client = await Client.of(app, person);
      const response = await client.put(`/api/users/${people[person]}`, edit(person, lower));
      assert.equal(response.statusCode, 409, `${person} → ${lower}`);
      assert.deepEqual(response.json(), {
        code: 'cannot_change_own_profile',
        message: errorMessage('cannot_change_own_profile'),
        fields: { permission: 'cannot_change_own_profile' },
      });
    }
    const [admin] = await db.orm.select().from(users).where(eq(users.id, people.admin));
    assert.equal(admin?.profile, 'admin');
  });

  test('on itself a user changes its name and e-mail, and its password only through change-password', async () => {
    const base = await Client.of(app, 'baseA');
    const renamed = await base.put(`/api/users/${people.baseA}`, edit('baseA', 'base', { firstName: 'Bea' }));
    assert.equal(renamed.statusCode, 200);
    assert.equal((renamed.json() as { firstName: string }).firstName, 'Bea');

    const ownPassword = await base.put(`/api/users/${people.baseA}`, edit('baseA', 'base', { password: 'semsenha1' }));
    assert.equal(ownPassword.statusCode, 409);
    assert.equal((ownPassword.json() as { code: string }).code, 'cannot_set_own_password');
    assert.equal((await base.get('/api/authentication/me')).statusCode, 200, 'and it stays signed in');
    assert.equal((await new Browser(app).login('baseA@t.test', 'demo1234')).statusCode, 200);
  });
});
