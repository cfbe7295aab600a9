import { after, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { loginAttempts } from '../src/db/schema/people.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { Browser, createOrganisation, createUser, openTestDatabase, resetDatabase, startApp } from './helpers.js';
import type { Organisation } from './helpers.js';

let db: Database;
let app: FastifyInstance;
let organisation: Organisation;

/** Small limits keep the test fast; the defaults (5 and 30) are checked in config.test.ts. */
const limits = { windowMinutes: 15, perAccount: 3, perAddress: 5 };

before(async () => {
  db = await openTestDatabase();
});
beforeEach(async () => {
  await resetDatabase(db);
  organisation = await createOrganisation(db);
  await createUser(db, organisation, { email: 'ana@canteiro.test' });
  await app?.close();
  app = await startApp(db, { loginLimits: limits });
});
after(async () => {
  await app?.close();
  await db?.close();
});

async function failTimes(browser: Browser, email: string, times: number): Promise<void> {
  for (let attempt = 0; attempt < times; attempt++) {
    assert.equal((await browser.login(email, 'wrong-password')).statusCode, 401);
  }
}

describe('sign-in throttling', () => {
  test('after too many failures for one account, even the right password gets 429', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccount);

    const limited = await browser.login('ana@canteiro.test');
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { code: 'rate_limited', message: errorMessage('rate_limited') });
    assert.equal(limited.headers['retry-after'], String(limits.windowMinutes * 60));

    // Counted per account, whatever address the guesses come from.
    const elsewhere = await new Browser(app, { remoteAddress: '203.0.113.9' }).login('ANA@canteiro.test');
    assert.equal(elsewhere.statusCode, 429);
  });

  test('does not check the password while throttled: right and wrong answers look the same', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccount);
    const recorded = await countAttempts();
    const checks = mock.method(passwordHashing, 'verify');

    const right = await browser.login('ana@canteiro.test');
    const wrong = await browser.login('ana@canteiro.test', 'another-guess');
    const unknown = await browser.login('nobody@canteiro.test');
    checks.mock.restore();

    assert.equal(checks.mock.callCount(), 1, 'only the unknown, unthrottled account was checked');
    assert.equal(right.statusCode, 429);
    assert.equal(wrong.statusCode, 429);
    assert.deepEqual(right.json(), wrong.json());
    assert.equal(unknown.statusCode, 401);
    assert.equal(
      await countAttempts(),
      recorded + 1,
      'refused attempts are not even counted, only the unknown account',
    );
  });

  test('after too many failures from one address, every account is refused from it', async () => {
    await createUser(db, organisation, { email: 'bruno@canteiro.test' });
    const attacker = new Browser(app, { remoteAddress: '198.51.100.7' });
    for (let attempt = 0; attempt < limits.perAddress; attempt++) {
      assert.equal((await attacker.login(`guess${attempt}@canteiro.test`, 'wrong-password')).statusCode, 401);
    }
    assert.equal((await attacker.login('bruno@canteiro.test')).statusCode, 429);
    assert.equal(
      (await new Browser(app, { remoteAddress: '192.0.2.10' }).login('bruno@canteiro.test')).statusCode,
      200,
    );
  });

  test('a successful sign-in forgives the account its earlier failures', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccount - 1);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccount - 1);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200, 'the first failures no longer count');
  });

  test('failures older than the window no longer count', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccount);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 429);
    await db.orm.update(loginAttempts).set({ attemptedAt: sql`now() - interval '16 minutes'` });
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200);
  });

  test('wrong current passwords in change-password count against the account', async () => {
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    const change = (current: string) =>
      browser.request('/api/authentication/change-password', {
        method: 'POST',
        token,
        body: { current_password: current, new_password: 'novasenha', confirm_password: 'novasenha' },
      });
    for (let attempt = 0; attempt < limits.perAccount; attempt++)
      assert.equal((await change('wrong-password')).statusCode, 400);
    assert.equal((await change('demo1234')).statusCode, 429);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 429);
  });
});

async function countAttempts(): Promise<number> {
  return (await db.orm.select().from(loginAttempts)).length;
}
