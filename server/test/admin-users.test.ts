import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { users } from '../src/db/schema/people.js';
import { Browser } from './helpers.js';
import { adminSuite, Client, valid } from './admin-fixtures.js';
import type { Person, World } from './admin-fixtures.js';

/** /api/users: temporary passwords, the user rules of spec §5 and §8, and the audit of every change. */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;
let admin: Client;

adminSuite((context) => ({ db, app, world, people, admin } = context));

const placeA1 = () => ({ base: world.baseA, work: world.workA1, contract: world.contractA1 });
const fieldsOf = (response: { json(): unknown }) => (response.json() as { fields?: unknown }).fields;

describe('a new user', () => {
  test('signs in with the temporary password and is told to change it', async () => {
    const created = await admin.post('/api/users', valid.user(placeA1()));
    assert.equal(created.statusCode, 201);
    const user = created.json() as { firstAccess: boolean; email: string };
    assert.deepEqual([user.firstAccess, user.email], [true, 'nova@t.test']);

    const login = await new Browser(app).login('nova@t.test', 'temp12345');
    assert.equal(login.statusCode, 200);
    assert.equal((login.json() as LoginResponse).user.permission_set.first_access, true);
    const [stored] = await db.orm.select().from(users).where(eq(users.email, 'nova@t.test'));
    assert.match(stored!.passwordHash, /^\$argon2id\$/);
    assert.equal(stored!.username, 'nova');
  });

  test('needs every field of spec §5, a valid e-mail and a password of 5 or more', async () => {
    const response = await admin.post('/api/users', { email: 'not-an-email', password: '1234' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(fieldsOf(response), {
      firstName: 'required',
      email: 'invalid_email',
      password: 'min_length',
      permission: 'required',
      base: 'required',
      work: 'required',
      contract: 'required',
      isActive: 'required',
    });
  });

  test('needs an e-mail nobody has, whatever the case', async () => {
    const response = await admin.post('/api/users', { ...valid.user(placeA1()), email: 'BASEA@t.test' });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), {
      code: 'duplicate_user_email',
      message: errorMessage('duplicate_user_email'),
      fields: { email: 'duplicate_user_email' },
    });
  });

  test('needs a contract of the work and a work of the base', async () => {
    const contract = await admin.post('/api/users', valid.user({ ...placeA1(), contract: world.contractA2 }));
    assert.deepEqual(fieldsOf(contract), { contract: 'invalid_parent' });
    const work = await admin.post('/api/users', valid.user({ ...placeA1(), base: world.baseB }));
    assert.deepEqual(fieldsOf(work), { work: 'invalid_parent' });
  });

  test('needs an active base, work and contract', async () => {
    for (const [table, id, field] of [
      [contracts, world.contractA1, 'contract'],
      [works, world.workA1, 'work'],
      [bases, world.baseA, 'base'],
    ] as const) {
      await db.orm.update(table).set({ isActive: false }).where(eq(table.id, id));
      const response = await admin.post('/api/users', valid.user(placeA1()));
      assert.equal(response.statusCode, 409, field);
      assert.equal((response.json() as { code: string }).code, 'parent_inactive');
      assert.equal((fieldsOf(response) as Record<string, string>)[field], 'inactive_parent');
      await db.orm.update(table).set({ isActive: true }).where(eq(table.id, id));
    }
  });
});

describe('editing a user', () => {
  const edit = (password?: string) => ({
    ...valid.user(placeA1(), 'contract'),
    password: undefined,
    firstName: 'Renomeado',
    email: 'contractA1@t.test',
    ...(password === undefined ? {} : { password }),
  });

  test('without a password keeps the current one', async () => {
    for (const body of [edit(), edit(''), { ...edit(), password: null }]) {
      const response = await admin.put(`/api/users/${people.contractA1}`, body);
      assert.equal(response.statusCode, 200);
      assert.equal((response.json() as { firstName: string }).firstName, 'Renomeado');
    }
    assert.equal((await new Browser(app).login('contractA1@t.test')).statusCode, 200);
  });

  test('with a password sets a new temporary one and ends the user’s sessions', async () => {
    const session = await Client.of(app, 'contractA1');
    const short = await admin.put(`/api/users/${people.contractA1}`, edit('123'));
    assert.deepEqual(fieldsOf(short), { password: 'min_length' });

    assert.equal((await admin.put(`/api/users/${people.contractA1}`, edit('novaSenha1'))).statusCode, 200);
    assert.equal((await session.get('/api/authentication/me')).statusCode, 401);
    assert.equal((await new Browser(app).login('contractA1@t.test')).statusCode, 401, 'the old password is gone');
    const login = (await new Browser(app).login('contractA1@t.test', 'novaSenha1')).json() as LoginResponse;
    assert.equal(login.user.permission_set.first_access, true);
  });

  test('the caller’s own change of password keeps working, and clears first access', async () => {
    await admin.post('/api/users', valid.user(placeA1()));
    const browser = new Browser(app);
    const token = await browser.signIn('nova@t.test', 'temp12345');
    const change = await browser.request('/api/authentication/change-password', {
      method: 'POST',
      token,
      body: { current_password: 'temp12345', new_password: 'minha123', confirm_password: 'minha123' },
    });
    assert.equal(change.statusCode, 200);
    assert.equal((change.json() as LoginResponse).user.permission_set.first_access, false);
  });
});

describe('the audit trail', () => {
  const trail = (entity: string, entityId: number) =>
    db.orm
      .select({ actorId: auditLog.actorId, action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(auditLog.id);

  test('records create, edit and status with who, what and the values before and after', async () => {
    const created = (await admin.post('/api/works', valid.work(world.baseA))).json() as { id: number };
    await admin.put(`/api/works/${created.id}`, { ...valid.work(world.baseA), name: 'Obra Renomeada' });
    await admin.status(`/api/works/${created.id}`, false);

    const rows = await trail('works', created.id);
    assert.deepEqual(
      rows.map((row) => [row.actorId, row.action]),
      [
        [people.admin, 'create'],
        [people.admin, 'update'],
        [people.admin, 'status'],
      ],
    );
    assert.equal((rows[0]!.changes!.after as { name: string }).name, 'Obra Nova');
    assert.deepEqual(rows[1]!.changes, { before: { name: 'Obra Nova' }, after: { name: 'Obra Renomeada' } });
    assert.deepEqual(rows[2]!.changes, { before: { isActive: true }, after: { isActive: false } });
  });

  test('never holds a password or its hash', async () => {
    const created = (await admin.post('/api/users', valid.user(placeA1()))).json() as { id: number };
    await admin.put(`/api/users/${created.id}`, { ...valid.user(placeA1()), password: 'outra123' });
    const rows = await trail('users', created.id);
    assert.equal(rows.length, 2);
    const text = JSON.stringify(rows);
    assert.doesNotMatch(text, /argon2|temp12345|outra123/);
    assert.deepEqual(rows[1]!.changes, {
      before: { passwordHash: '[redacted]' },
      after: { passwordHash: '[redacted]' },
    });
  });

  test('a refused change writes nothing, not even the audit line', async () => {
    await admin.post('/api/bases', { ...valid.base(), name: 'Base Alfa' });
    await admin.post('/api/works', valid.work(world.baseB + 1000));
    assert.equal((await db.orm.select().from(auditLog)).length, 0);
  });
});
