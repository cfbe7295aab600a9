import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { SessionUser } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { authTokens, users } from '../src/db/schema/people.js';
import { Browser, createOrganisation, createUser, serverSuite, startApp } from './helpers.js';
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

  test('lasts TOKEN_TTL_HOURS, decimals included (0.5: half an hour, where it once answered 500)', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const halfHour = await startApp(db, { tokenTtlHours: 0.5 });
    try {
      const browser = new Browser(halfHour);
      const token = await browser.signIn('ana@canteiro.test');
      assert.equal((await me(browser, token)).statusCode, 200);
      const [session] = await db.orm
        .select({ seconds: sql<number>`extract(epoch from ${authTokens.expiresAt} - ${authTokens.createdAt})::float8` })
        .from(authTokens);
      assert.ok(Math.abs(session!.seconds - 1800) < 5, String(session!.seconds));
    } finally {
      await halfHour.close();
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

describe('a first access (temporary password)', () => {
  const changeRequired = { code: 'password_change_required', message: errorMessage('password_change_required') };

  test('opens only the password change, who am I and logout until the password is changed', async () => {
    await createUser(db, organisation, { email: 'first@canteiro.test', profile: 'admin', firstAccess: true });
    const browser = new Browser(app);
    const token = await browser.signIn('first@canteiro.test');

    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['GET', '/api/bases/1', undefined],
      ['POST', '/api/bases', { name: 'Nova', state: 'SP', isActive: true }],
      ['GET', '/api/users/export?format=csv', undefined],
      ['GET', '/api/%75sers', undefined],
    ] as const) {
      const response = await browser.request(url, { method, token, body });
      assert.equal(response.statusCode, 409, `${method} ${url}`);
      assert.deepEqual(response.json(), changeRequired, `${method} ${url}`);
    }
    assert.equal((await me(browser, token)).statusCode, 200, 'reading its own session');
    assert.equal((await browser.request('/api/health')).statusCode, 200, 'public routes stay public');

    const changed = await browser.request('/api/authentication/change-password', {
      method: 'POST',
      token,
      body: { current_password: 'demo1234', new_password: 'novasenha', confirm_password: 'novasenha' },
    });
    assert.equal(changed.statusCode, 200);
    assert.equal((await browser.request('/api/users', { token })).statusCode, 200, 'then everything is open');
  });

  test('may sign out before changing the password', async () => {
    await createUser(db, organisation, { email: 'first@canteiro.test', firstAccess: true });
    const browser = new Browser(app);
    const token = await browser.signIn('first@canteiro.test');
    assert.equal((await browser.request('/api/authentication/logout', { method: 'POST', token })).statusCode, 204);
    assert.equal((await me(browser, token)).statusCode, 401);
  });

  test('the mobile app keeps working: it has no password change (a reporter submits its survey)', async () => {
    await createUser(db, organisation, { email: 'rep@canteiro.test', profile: 'reporter', firstAccess: true });
    const phone = new Browser(app);
    const signedIn = await phone.login('rep@canteiro.test', 'demo1234', false);
    const { token } = signedIn.json() as { token: string };
    const response = await app.inject({
      method: 'POST',
      url: '/api/mobile/surveys',
      headers: { authorization: `Token ${token}` },
      payload: { experience: 5, usability: 4, resources: 3 },
    });
    assert.equal(response.statusCode, 201);
  });
});

describe('deactivating a user', () => {
  test('ends its sessions for good: after reactivation the old token stays dead', async () => {
    const admin = await createUser(db, organisation, { email: 'admin@canteiro.test', profile: 'admin' });
    const user = await createUser(db, organisation, { email: 'ana@canteiro.test', profile: 'contract' });
    const adminBrowser = new Browser(app);
    const adminToken = await adminBrowser.signIn(admin.email);
    const browser = new Browser(app);
    const viaStatus = await browser.signIn(user.email);
    const status = (isActive: boolean) =>
      adminBrowser.request(`/api/users/${user.id}/status`, { method: 'PATCH', token: adminToken, body: { isActive } });

    assert.equal((await status(false)).statusCode, 200);
    assert.equal((await status(true)).statusCode, 200);
    assert.equal((await me(browser, viaStatus)).statusCode, 401, 'the status switch ended it');

    const viaForm = await browser.signIn(user.email);
    const edit = (isActive: boolean) =>
      adminBrowser.request(`/api/users/${user.id}`, {
        method: 'PUT',
        token: adminToken,
        body: {
          firstName: 'Ana',
          email: user.email,
          permission: 'contract',
          base: organisation.baseId,
          work: organisation.workId,
          contract: organisation.contractId,
          isActive,
        },
      });
    assert.equal((await edit(false)).statusCode, 200);
    assert.equal((await edit(true)).statusCode, 200);
    assert.equal((await me(browser, viaForm)).statusCode, 401, 'the edit form ended it');
    assert.equal((await me(adminBrowser, adminToken)).statusCode, 200, 'the admin’s own session goes on');
    assert.equal((await browser.login(user.email)).statusCode, 200, 'signing in again works');
  });
});
