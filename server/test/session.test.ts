import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { SessionUser } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { authTokens, users } from '../src/db/schema/people.js';
import { Browser, createOrganisation, createUser, serverSuite } from './helpers.js';
import type { Organisation } from './helpers.js';

let db: Database;
let app: FastifyInstance;
let organisation: Organisation;

serverSuite<{ organisation: Organisation }>(
  (context) => ({ db, app, organisation } = context),
  async ({ db }) => ({ organisation: await createOrganisation(db) }),
);

const me = (browser: Browser, token?: string) => browser.request('/api/authentication/me', { token });
const notAuthenticated = { code: 'not_authenticated', message: errorMessage('not_authenticated') };

describe('the session token', () => {
  test('opens GET /api/authentication/me, which answers the user', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test', firstName: 'Ana', profile: 'base' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    const response = await me(browser, token);
    assert.equal(response.statusCode, 200);
    const { user } = response.json() as { user: SessionUser };
    assert.equal(user.email, 'ana@canteiro.test');
    assert.deepEqual(user.permission_set, { value: 'base', label: 'Base', first_access: false });
  });

  test('is required: none, another scheme or an unknown token give 401', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    for (const authorization of [undefined, `Bearer ${token}`, 'Token not-a-real-token', `Token ${token}x`, 'Token']) {
      const response = await browser.request('/api/authentication/me', {
        headers: authorization ? { authorization } : {},
      });
      assert.equal(response.statusCode, 401, String(authorization));
      assert.deepEqual(response.json(), notAuthenticated);
    }
  });

  test('stops working once expired', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    await db.orm.update(authTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    assert.equal((await me(browser, token)).statusCode, 401);
  });

  test('ends with logout (204), and only that session', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const laptop = new Browser(app);
    const phone = new Browser(app);
    const token = await laptop.signIn('ana@canteiro.test');
    const other = await phone.signIn('ana@canteiro.test');

    const response = await laptop.request('/api/authentication/logout', { method: 'POST', token });
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.equal((await me(laptop, token)).statusCode, 401);
    assert.equal((await laptop.request('/api/authentication/logout', { method: 'POST', token })).statusCode, 401);
    assert.equal((await me(phone, other)).statusCode, 200);
  });

  test('of a user who is deactivated stops working at once', async () => {
    const user = await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    assert.equal((await me(browser, token)).statusCode, 200);

    await db.orm.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    assert.equal((await me(browser, token)).statusCode, 401);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 401, 'and cannot sign in again');

    await db.orm.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200, 'until reactivated');
  });
});

describe('POST /api/authentication/change-password', () => {
  const change = (browser: Browser, token: string, body: Record<string, unknown>) =>
    browser.request('/api/authentication/change-password', { method: 'POST', token, body });

  test('refuses a wrong current password with 400 wrong_current_password', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    const response = await change(browser, token, {
      current_password: 'wrong-one',
      new_password: 'novasenha',
      confirm_password: 'novasenha',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      code: 'wrong_current_password',
      message: 'A senha atual está incorreta...',
      fields: { current_password: 'wrong_current_password' },
    });
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200, 'the password did not change');
  });

  test('refuses a confirmation that does not match, and short passwords', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');

    const mismatch = await change(browser, token, {
      current_password: 'demo1234',
      new_password: 'novasenha',
      confirm_password: 'outrasenha',
    });
    assert.equal(mismatch.statusCode, 400);
    assert.deepEqual(mismatch.json(), {
      code: 'validation_failed',
      message: errorMessage('validation_failed'),
      fields: { confirm_password: 'passwords_mismatch' },
    });

    const short = await change(browser, token, {
      current_password: 'demo1234',
      new_password: '123',
      confirm_password: '123',
    });
    assert.equal(short.statusCode, 400);
    assert.deepEqual((short.json() as { fields: unknown }).fields, {
      new_password: 'min_length',
      confirm_password: 'min_length',
    });

    const missing = await change(browser, token, {});
    assert.deepEqual((missing.json() as { fields: unknown }).fields, {
      current_password: 'required',
      new_password: 'required',
      confirm_password: 'required',
    });
  });

  test('needs a session', async () => {
    const response = await new Browser(app).request('/api/authentication/change-password', {
      method: 'POST',
      body: { current_password: 'demo1234', new_password: 'novasenha', confirm_password: 'novasenha' },
    });
    assert.equal(response.statusCode, 401);
  });

  test('changes the password, clears first access and ends the other sessions', async () => {
    const user = await createUser(db, organisation, { email: 'first@canteiro.test', firstAccess: true });
    const browser = new Browser(app);
    const otherDevice = new Browser(app);
    const first = await browser.login('first@canteiro.test');
    assert.equal((first.json() as { user: SessionUser }).user.permission_set.first_access, true);
    const token = (first.json() as { token: string }).token;
    const otherToken = await otherDevice.signIn('first@canteiro.test');

    const response = await change(browser, token, {
      current_password: 'demo1234',
      new_password: 'novasenha',
      confirm_password: 'novasenha',
    });
    assert.equal(response.statusCode, 200);
    const { user: changed } = response.json() as { user: SessionUser };
    assert.equal(changed.email, 'first@canteiro.test');
    assert.equal(changed.permission_set.first_access, false);

    assert.equal((await me(browser, token)).statusCode, 200, 'this session goes on');
    assert.equal((await me(otherDevice, otherToken)).statusCode, 401, 'the other session is over');
    assert.equal(
      (await browser.login('first@canteiro.test', 'demo1234')).statusCode,
      401,
      'the old password no longer works',
    );
    const again = await browser.login('first@canteiro.test', 'novasenha');
    assert.equal(again.statusCode, 200, 'the new one does');
    assert.equal((again.json() as { user: SessionUser }).user.permission_set.first_access, false);

    const trail = await db.orm.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    assert.deepEqual(
      trail.map(({ actorId, action, entity }) => ({ actorId, action, entity })),
      [{ actorId: user.id, action: 'change_password', entity: 'users' }],
    );
  });
});
