import { after, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { Config, LoginLimits } from '../src/config.js';
import type { Database } from '../src/db/connection.js';
import { loginAttempts } from '../src/db/schema/people.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { MAX_SLOWDOWN_SECONDS, slowdownSeconds } from '../src/authentication/login-attempts.js';
import { DEVICE_COOKIE } from '../src/authentication/sign-in.js';
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
    // The account's limits are shared by every caller: no Retry-After telling a guesser when to guess next.
    assert.equal(soon.headers['retry-after'], undefined);
    await db.orm.update(loginAttempts).set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '2 seconds'` });
    assert.equal((await from('192.0.2.10').login('ana@canteiro.test')).statusCode, 200, 'a moment later it may');
  });

  test('stops at a ceiling far above the per-address limit', async () => {
    await failFromMany(limits.perAccount);
    const limited = await from('192.0.2.10').login('ana@canteiro.test');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.headers['retry-after'], undefined);
  });

  test('the delay doubles from one second up to its cap', () => {
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter - 1, 0), 0, 'below the threshold: no delay');
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter, 0), 1);
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 3, 0), 8);
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 3, 5), 3, 'time already waited counts');
    assert.equal(slowdownSeconds(limits, limits.slowdownAfter + 30, 0), MAX_SLOWDOWN_SECONDS);
  });
});

describe('trusted devices: nobody can deny sign-in to an account or an address they do not control', () => {
  /** A browser that signed in to ana's account before, from the owner's address: it holds the device cookie. */
  async function ownersDevice(address = '192.0.2.10'): Promise<Browser> {
    const owner = from(address);
    await owner.signIn('ana@canteiro.test');
    assert.ok(owner.cookies.get(DEVICE_COOKIE), 'the sign-in left a device cookie');
    return owner;
  }

  /** Wrong passwords for ana from many addresses, past the account's ceiling. */
  async function guessFromFourAddresses(): Promise<void> {
    for (let attempt = 0; attempt < limits.perAccount + 4; attempt++) {
      await db.orm
        .update(loginAttempts)
        .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${MAX_SLOWDOWN_SECONDS + 1})` });
      await from(`203.0.113.${(attempt % 4) + 1}`).login('ana@canteiro.test', 'wrong-password');
    }
  }

  test('guesses from four addresses stop unknown devices, never the owner on a device that signed in before', async () => {
    const owner = await ownersDevice();
    await guessFromFourAddresses();
    const stranger = await from('192.0.2.99').login('ana@canteiro.test');
    assert.equal(stranger.statusCode, 429, 'an unknown device is still held back by the account ceiling');
    assert.equal(stranger.headers['retry-after'], undefined);
    assert.equal((await owner.login('ana@canteiro.test')).statusCode, 200);
    // The same device on another network (the phone leaves the site's Wi-Fi).
    const travelling = new Browser(app, { remoteAddress: '198.51.100.200' });
    travelling.cookies.set(DEVICE_COOKIE, owner.cookies.get(DEVICE_COOKIE)!);
    assert.equal((await travelling.login('ana@canteiro.test')).statusCode, 200);
  });

  test('an address flooded with failures still lets its known devices in', async () => {
    const owner = await ownersDevice('198.51.100.7');
    const neighbour = from('198.51.100.7');
    for (let attempt = 0; attempt < limits.perAddress; attempt++)
      await neighbour.login(`guess${attempt}@canteiro.test`, 'wrong-password');
    assert.equal((await from('198.51.100.7').login('ana@canteiro.test')).statusCode, 429, 'a new device there');
    assert.equal((await owner.login('ana@canteiro.test')).statusCode, 200, 'the owner there');
  });

  test("a device is trusted for its own account only: another account's limits still apply to it", async () => {
    await createUser(db, organisation, { email: 'bruno@canteiro.test' });
    const owner = await ownersDevice();
    for (let attempt = 0; attempt < limits.perAccountAddress; attempt++)
      assert.equal((await owner.login('bruno@canteiro.test', 'wrong-password')).statusCode, 401);
    assert.equal((await owner.login('bruno@canteiro.test')).statusCode, 429);
    assert.equal((await owner.login('ana@canteiro.test')).statusCode, 200, "ana's device is untouched");
  });

  test('a stolen device token is held back on its own: a few failures stop that device, not the account', async () => {
    const owner = await ownersDevice();
    const laptop = await ownersDevice('192.0.2.11');
    const thief = new Browser(app, { remoteAddress: '203.0.113.50' });
    thief.cookies.set(DEVICE_COOKIE, owner.cookies.get(DEVICE_COOKIE)!);
    for (let attempt = 0; attempt < limits.perAccountAddress; attempt++)
      assert.equal((await thief.login('ana@canteiro.test', 'wrong-password')).statusCode, 401);
    const stopped = await thief.login('ana@canteiro.test');
    assert.equal(stopped.statusCode, 429);
    assert.equal(stopped.headers['retry-after'], String(limits.windowMinutes * 60));
    assert.equal((await laptop.login('ana@canteiro.test')).statusCode, 200, "the owner's other device");
    assert.equal(
      (await from('192.0.2.12').login('ana@canteiro.test')).statusCode,
      200,
      'a new device: the account is untouched',
    );
  });

  test('40 parallel wrong passwords from one trusted device check no more than its allowance', async () => {
    const owner = await ownersDevice();
    const checks = mock.method(passwordHashing, 'verify');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => owner.login('ana@canteiro.test', 'wrong-password')),
    );
    checks.mock.restore();
    assert.equal(checks.mock.callCount(), limits.perAccountAddress);
    assert.equal(answers.filter((answer) => answer.statusCode === 401).length, limits.perAccountAddress);
  });

  test('the device cookie is HttpOnly, SameSite=Strict, for the sign-in routes only, and never in the answer', async () => {
    const answer = await from('192.0.2.10').login('ana@canteiro.test');
    const cookie = answer.cookies.find((candidate) => candidate.name === DEVICE_COOKIE);
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/api/authentication');
    assert.ok(Number(cookie.maxAge) > 30 * 24 * 3600);
    assert.equal((answer.json() as { device?: string }).device, undefined);
  });

  test('the mobile app gets its device token in the answer and, sending it back, is not stopped by guesses from elsewhere', async () => {
    const phone = from('100.64.0.9');
    const mobileLogin = (device?: string) =>
      phone.request('/api/mobile/login', {
        method: 'POST',
        body: { email: 'ana@canteiro.test', password: 'demo1234', ...(device ? { device } : {}) },
      });
    const first = await mobileLogin();
    assert.equal(first.statusCode, 200);
    const { device } = first.json() as { device: string };
    assert.match(device, /^[\w-]{43}$/);
    phone.cookies.clear();
    await guessFromFourAddresses();
    assert.equal((await mobileLogin()).statusCode, 429);
    const again = await mobileLogin(device);
    assert.equal(again.statusCode, 200);
    assert.equal((again.json() as { device: string }).device, device);
  });
});

describe("TRUST_PROXY: the client address is the proxy's to tell", () => {
  /** A request through the load balancer at 10.0.0.2, which appends the address it saw. */
  const throughBalancer = (proxied: FastifyInstance, seenByBalancer: string, claimed?: string) =>
    proxied.inject({
      method: 'POST',
      url: '/api/mobile/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': claimed ? `${claimed}, ${seenByBalancer}` : seenByBalancer },
      payload: { email: 'ana@canteiro.test', password: 'wrong-password' },
    });

  for (const trustProxy of [1, ['10.0.0.0/8']] as const) {
    test(`${JSON.stringify(trustProxy)}: invented X-Forwarded-For values neither escape the limit nor limit the victim`, async () => {
      const proxied = await startApp(db, { loginLimits: limits, trustProxy: trustProxy as Config['trustProxy'] });
      try {
        for (let attempt = 0; attempt < limits.perAccountAddress + 3; attempt++) {
          const answer = await throughBalancer(proxied, '198.51.100.7', `192.0.2.${attempt}, 192.0.2.10`);
          assert.equal(answer.statusCode, attempt < limits.perAccountAddress ? 401 : 429, `attempt ${attempt + 1}`);
        }
        const victim = await proxied.inject({
          method: 'POST',
          url: '/api/mobile/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': '192.0.2.10' },
          payload: { email: 'ana@canteiro.test', password: 'demo1234' },
        });
        assert.equal(victim.statusCode, 200, 'the address the attacker claimed is not limited');
      } finally {
        await proxied.close();
      }
    });
  }

  test('a list of proxies: X-Forwarded-For from anyone else is ignored', async () => {
    const proxied = await startApp(db, { loginLimits: limits, trustProxy: ['10.0.0.0/8'] });
    try {
      for (let attempt = 0; attempt < limits.perAccountAddress + 1; attempt++) {
        const answer = await proxied.inject({
          method: 'POST',
          url: '/api/mobile/login',
          remoteAddress: '203.0.113.5',
          headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
          payload: { email: 'ana@canteiro.test', password: 'wrong-password' },
        });
        assert.equal(answer.statusCode, attempt < limits.perAccountAddress ? 401 : 429);
      }
    } finally {
      await proxied.close();
    }
  });
});

async function countAttempts(): Promise<number> {
  return (await db.orm.select().from(loginAttempts)).length;
}
