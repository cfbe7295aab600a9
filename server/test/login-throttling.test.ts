import { after, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { LoginLimits } from '../src/config.js';
import type { Database } from '../src/db/connection.js';
import { loginAttempts } from '../src/db/schema/people.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { MAX_SLOWDOWN_SECONDS, slowdownSeconds } from '../src/authentication/login-attempts.js';
import { Browser, createOrganisation, createUser, openTestDatabase, resetDatabase, startApp } from './helpers.js';
import type { Organisation } from './helpers.js';

let db: Database;
let app: FastifyInstance;
let organisation: Organisation;

/** Small limits keep the test fast; the defaults (5, 30, 100, 10) are checked in config.test.ts. */
const limits: LoginLimits = { windowMinutes: 15, perAccountAddress: 3, perAddress: 6, perAccount: 8, slowdownAfter: 5 };

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

const from = (address: string) => new Browser(app, { remoteAddress: address });

describe('sign-in throttling per account and address', () => {
  test('after too many failures from one address, that address gets 429, even with the right password', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccountAddress);

    const limited = await browser.login('ana@canteiro.test');
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { code: 'rate_limited', message: errorMessage('rate_limited') });
    assert.equal(limited.headers['retry-after'], String(limits.windowMinutes * 60));
  });

  test('hands out no lockout: the right password from another address still signs in', async () => {
    await failTimes(from('198.51.100.7'), 'ana@canteiro.test', limits.perAccountAddress);
    assert.equal((await from('198.51.100.7').login('ana@canteiro.test')).statusCode, 429);
    const owner = await from('192.0.2.10').login('ANA@canteiro.test');
    assert.equal(owner.statusCode, 200, 'the owner, elsewhere, is not locked out by a guesser');
  });

  test('does not check the password while throttled: right and wrong answers look the same', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccountAddress);
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
    assert.equal(await countAttempts(), recorded + 1, 'refused attempts are not even counted, only the unknown one');
  });

  test('counts parallel attempts atomically: 40 wrong passwords at once check no more than the limit', async () => {
    const checks = mock.method(passwordHashing, 'verify');
    const browser = new Browser(app);
    await browser.request('/api/health');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => browser.login('ana@canteiro.test', 'wrong-password')),
    );
    checks.mock.restore();
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(checks.mock.callCount(), limits.perAccountAddress, 'passwords checked');
    assert.equal(statuses.filter((status) => status === 401).length, limits.perAccountAddress);
    assert.equal(statuses.filter((status) => status === 429).length, 40 - limits.perAccountAddress);
    assert.equal(await countAttempts(), limits.perAccountAddress);
  });

  test('a successful sign-in forgives that address its earlier failures for the account', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccountAddress - 1);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccountAddress - 1);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200, 'the first failures no longer count');
  });

  test('failures older than the window no longer count', async () => {
    const browser = new Browser(app);
    await failTimes(browser, 'ana@canteiro.test', limits.perAccountAddress);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 429);
    await db.orm.update(loginAttempts).set({ attemptedAt: sql`now() - interval '16 minutes'` });
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 200);
  });

  test('wrong current passwords in change-password count like failed sign-ins', async () => {
    const browser = new Browser(app);
    const token = await browser.signIn('ana@canteiro.test');
    const change = (current: string) =>
      browser.request('/api/authentication/change-password', {
        method: 'POST',
        token,
        body: { current_password: current, new_password: 'novasenha', confirm_password: 'novasenha' },
      });
    for (let attempt = 0; attempt < limits.perAccountAddress; attempt++)
      assert.equal((await change('wrong-password')).statusCode, 400);
    assert.equal((await change('demo1234')).statusCode, 429);
    assert.equal((await browser.login('ana@canteiro.test')).statusCode, 429);
  });
});

describe('sign-in throttling per address', () => {
  test('after too many failures from one address, every account is refused from it', async () => {
    await createUser(db, organisation, { email: 'bruno@canteiro.test' });
    const attacker = from('198.51.100.7');
    for (let attempt = 0; attempt < limits.perAddress; attempt++) {
      assert.equal((await attacker.login(`guess${attempt}@canteiro.test`, 'wrong-password')).statusCode, 401);
    }
    assert.equal((await attacker.login('bruno@canteiro.test')).statusCode, 429);
    assert.equal((await from('192.0.2.10').login('bruno@canteiro.test')).statusCode, 200);
  });
});

describe('sign-in throttling per account, from many addresses', () => {
  /** Failures from distinct addresses, as many machines guessing one password would make. */
  async function failFromMany(times: number): Promise<void> {
    for (let attempt = 0; attempt < times; attempt++) {
      // Step past the growing delay, as a patient guesser would (still well inside the window).
      await db.orm
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${MAX_SLOWDOWN_SECONDS + 1})` });
      const answer = await from(`203.0.113.${attempt + 1}`).login('ana@canteiro.test', 'wrong-password');
      assert.equal(answer.statusCode, 401, `attempt ${attempt + 1}`);
    }
  }

  test('slows the account down once it has many failures: each attempt waits longer', async () => {
    await failFromMany(limits.slowdownAfter);
    const soon = await from('192.0.2.10').login('ana@canteiro.test');
    assert.equal(soon.statusCode, 429, 'too soon after the last failure');
    assert.equal(soon.headers['retry-after'], '1', 'the first delay is one second');
    await db.orm.update(loginAttempts).set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '2 seconds'` });
    assert.equal((await from('192.0.2.10').login('ana@canteiro.test')).statusCode, 200, 'a moment later it may');
  });

  test('stops at a ceiling far above the per-address limit', async () => {
    await failFromMany(limits.perAccount);
    const limited = await from('192.0.2.10').login('ana@canteiro.test');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], String(limits.windowMinutes * 60));
  });

  test('the delay doubles from one second up to its cap', () => {
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter - 1, 0), 0, 'below the threshold: no delay');
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter, 0), 1);
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 3, 0), 8);
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 3, 5), 3, 'time already waited counts');
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 30, 0), MAX_SLOWDOWN_SECONDS);
  });
});

async function countAttempts(): Promise<number> {
  return (await db.orm.select().from(loginAttempts)).length;
}
