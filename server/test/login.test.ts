import { after, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { authTokens, users } from '../src/db/schema/people.js';
import { hashToken } from '../src/authentication/tokens.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { Browser, createOrganisation, createUser, openTestDatabase, resetDatabase, startApp } from './helpers.js';
import type { Organisation } from './helpers.js';

let db: Database;
let app: FastifyInstance;
let organisation: Organisation;

before(async () => {
  db = await openTestDatabase();
});
beforeEach(async () => {
  await resetDatabase(db);
  organisation = await createOrganisation(db);
  app = await startApp(db);
});
after(async () => {
  await app?.close();
  await db?.close();
});

describe('POST /api/authentication/login', () => {
  test('answers the token and the user with the spec field names', async () => {
    const created = await createUser(db, organisation, {
      email: 'ana@canteiro.test',
      firstName: 'Ana',
      profile: 'admin',
    });
    const response = await new Browser(app).login('ana@canteiro.test');
    assert.equal(response.statusCode, 200);
    const body = response.json() as LoginResponse;
    assert.match(body.token, /^[A-Za-z0-9_-]{43}$/, '32 random bytes in base64url');
    assert.deepEqual(body.user, {
      id: created.id,
      email: 'ana@canteiro.test',
      username: 'ana',
      first_name: 'Ana',
      profile_picture: null,
      permission_set: { value: 'admin', label: 'Administrador', first_access: false },
    });
  });

  test('labels each profile in Portuguese and tells a first access', async () => {
    const expected = { admin: 'Administrador', base: 'Base', work: 'Obra', contract: 'Contratada' } as const;
    for (const [profile, label] of Object.entries(expected)) {
      await createUser(db, organisation, {
        email: `${profile}@t.test`,
        profile: profile as keyof typeof expected,
        firstAccess: profile === 'work',
      });
      const body = (await new Browser(app).login(`${profile}@t.test`)).json() as LoginResponse;
      assert.deepEqual(body.user.permission_set, { value: profile, label, first_access: profile === 'work' });
    }
  });

  test('finds the account whatever the case of the e-mail', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    assert.equal((await new Browser(app).login('  ANA@Canteiro.TEST ')).statusCode, 200);
  });

  test('wrong password, unknown e-mail and inactive user give the same 401', async () => {
    await createUser(db, organisation, { email: 'ana@canteiro.test' });
    await createUser(db, organisation, { email: 'old@canteiro.test', isActive: false });
    const expected = { code: 'invalid_credentials', message: errorMessage('invalid_credentials', 'pt-BR') };
    assert.equal(
      expected.message,
      'Credenciais inválidas ou usuário inativo, por favor verifique os dados e tente novamente.',
    );

    const browser = new Browser(app);
    for (const [email, password] of [
      ['ana@canteiro.test', 'wrong-password'],
      ['nobody@canteiro.test', 'demo1234'],
      ['old@canteiro.test', 'demo1234'],
    ] as const) {
      const response = await browser.login(email, password);
      assert.equal(response.statusCode, 401, email);
      assert.deepEqual(response.json(), expected, email);
    }
  });

  test('checks a password even for an unknown e-mail, so the answer time does not tell', async () => {
    const checks = mock.method(passwordHashing, 'verify');
    try {
      assert.equal((await new Browser(app).login('nobody@canteiro.test')).statusCode, 401);
      assert.equal(checks.mock.callCount(), 1);
      assert.match(String(checks.mock.calls[0]?.arguments[0]), /^\$argon2id\$/, 'against a real argon2id hash');
    } finally {
      checks.mock.restore();
    }
  });

  test('words the error in English when the browser asks for en-US', async () => {
    const response = await new Browser(app, { language: 'en-US,en;q=0.9' }).login('nobody@canteiro.test');
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), {
      code: 'invalid_credentials',
      message: 'Invalid credentials or inactive user, please check your details and try again.',
    });
  });

  test('refuses a reporter on the web, only once the password is right', async () => {
    await createUser(db, organisation, { email: 'rafael@canteiro.test', profile: 'reporter' });
    const browser = new Browser(app);

    const wrong = await browser.login('rafael@canteiro.test', 'wrong-password');
    assert.equal(wrong.statusCode, 401);

    const denied = await browser.login('rafael@canteiro.test');
    assert.equal(denied.statusCode, 403);
    assert.deepEqual(denied.json(), { code: 'reporter_denied', message: errorMessage('reporter_denied') });
    assert.equal((await db.orm.select().from(authTokens)).length, 0, 'no session was opened');

    const fromMobile = await browser.login('rafael@canteiro.test', 'demo1234', false);
    assert.equal(fromMobile.statusCode, 200, 'the mobile app may sign a reporter in');
  });

  test('rejects a missing or invalid e-mail and a short password with field codes', async () => {
    const browser = new Browser(app);
    const cases: [unknown, Record<string, string>][] = [
      [{ password: 'demo1234' }, { email: 'required' }],
      [{ email: '', password: 'demo1234' }, { email: 'required' }],
      [{ email: 'not-an-email', password: 'demo1234' }, { email: 'invalid_email' }],
      [{ email: 'ana@canteiro.test', password: '1234' }, { password: 'min_length' }],
      [{}, { email: 'required', password: 'required' }],
      [{ email: 'ana@canteiro.test', password: 'demo1234', from_web: 'yes' }, { from_web: 'invalid_value' }],
    ];
    for (const [body, fields] of cases) {
      const response = await browser.request('/api/authentication/login', { method: 'POST', body });
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.deepEqual(response.json(), {
        code: 'validation_failed',
        message: errorMessage('validation_failed'),
        fields,
      });
    }
  });

  test('stores only the SHA-256 of the token, and an argon2id hash of the password', async () => {
    const user = await createUser(db, organisation, { email: 'ana@canteiro.test' });
    const { token } = (await new Browser(app).login('ana@canteiro.test')).json() as LoginResponse;

    const rows = await db.orm.select().from(authTokens).where(eq(authTokens.userId, user.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, hashToken(token));
    assert.match(rows[0]!.tokenHash, /^[0-9a-f]{64}$/);
    assert.notEqual(rows[0]!.tokenHash, token);
    const hours = (rows[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    assert.ok(hours > 11.9 && hours <= 12, `expires in TOKEN_TTL_HOURS (12), got ${hours}`);

    const [stored] = await db.orm.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    assert.match(stored!.passwordHash, /^\$argon2id\$/);
  });
});
