import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { truncateAll } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { users } from '../src/db/schema/people.js';
import { DEMO_PASSWORD, insertDemoData, seedIfEmpty } from '../src/demo/seed.js';
import { Browser, openTestDatabase, resetDatabase, startApp } from './helpers.js';

let db: Database;
let app: FastifyInstance;

before(async () => {
  db = await openTestDatabase();
  app = await startApp(db);
});
beforeEach(async () => {
  await resetDatabase(db);
});
after(async () => {
  await app?.close();
  await db?.close();
});

describe('demo data', () => {
  test('creates one base, work and contract and the six accounts on an empty database', async () => {
    assert.equal(await seedIfEmpty(db.orm), true);

    const [base] = await db.orm.select().from(bases);
    const [work] = await db.orm.select().from(works);
    const [contract] = await db.orm.select().from(contracts);
    assert.deepEqual([base?.name, base?.state], ['Base São Paulo', 'SP']);
    assert.deepEqual(
      [work?.name, work?.prj, work?.baseId],
      ['Residencial Parque das Araucárias', 'PRJ-2041', base?.id],
    );
    assert.deepEqual(
      [contract?.name, contract?.reportingGoal, contract?.reportingPeriod, contract?.workId],
      ['Construtora Alvorada — Estrutura', 16, 30, work?.id],
    );

    const accounts = await db.orm.select().from(users).orderBy(users.id);
    assert.deepEqual(
      accounts.map(({ email, profile, firstName, firstAccess, isActive }) => ({
        email,
        profile,
        firstName,
        firstAccess,
        isActive,
      })),
      [
        { email: 'admin@canteiro.test', profile: 'admin', firstName: 'Ana', firstAccess: false, isActive: true },
        { email: 'base@canteiro.test', profile: 'base', firstName: 'Bruno', firstAccess: false, isActive: true },
        { email: 'work@canteiro.test', profile: 'work', firstName: 'Carla', firstAccess: false, isActive: true },
        {
          email: 'contract@canteiro.test',
          profile: 'contract',
          firstName: 'Diego',
          firstAccess: false,
          isActive: true,
        },
        {
          email: 'reporter@canteiro.test',
          profile: 'reporter',
          firstName: 'Rafael',
          firstAccess: false,
          isActive: true,
        },
        { email: 'first@canteiro.test', profile: 'contract', firstName: 'Fernanda', firstAccess: true, isActive: true },
      ],
    );
    for (const account of accounts) {
      assert.deepEqual(
        [account.baseId, account.workId, account.contractId],
        [base?.id, work?.id, contract?.id],
        account.email,
      );
    }
    assert.equal(new Set(accounts.map((account) => account.passwordHash)).size, 6, 'each account has its own salt');
  });

  test('is idempotent: a database that has users is left alone', async () => {
    assert.equal(await seedIfEmpty(db.orm), true);
    assert.equal(await seedIfEmpty(db.orm), false);
    assert.equal((await db.orm.select().from(users)).length, 6);
    assert.equal((await db.orm.select().from(bases)).length, 1);
  });

  test('accounts sign in with demo1234 as their profile says', async () => {
    await seedIfEmpty(db.orm);
    const browser = new Browser(app);
    for (const email of ['admin@canteiro.test', 'base@canteiro.test', 'work@canteiro.test', 'contract@canteiro.test']) {
      const response = await browser.login(email, DEMO_PASSWORD);
      assert.equal(response.statusCode, 200, email);
      assert.equal((response.json() as LoginResponse).user.permission_set.value, email.split('@')[0]);
    }
    assert.equal((await browser.login('reporter@canteiro.test', DEMO_PASSWORD)).statusCode, 403);
    const first = (await browser.login('first@canteiro.test', DEMO_PASSWORD)).json() as LoginResponse;
    assert.equal(first.user.permission_set.first_access, true);
  });

  test('a reset (empty every table, insert again) gives the same demo data back', async () => {
    await seedIfEmpty(db.orm);
    await db.orm.update(users).set({ firstName: 'Changed' });
    await db.orm.transaction(async (tx) => {
      await truncateAll(tx);
      await insertDemoData(tx);
    });
    const accounts = await db.orm.select().from(users).orderBy(users.id);
    assert.equal(accounts.length, 6);
    assert.equal(accounts[0]?.firstName, 'Ana');
    assert.equal(accounts[0]?.id, 1, 'identities restart');
  });
});

test('pnpm db:reset (src/cli/reset.ts) migrates, reseeds and lists the accounts', async () => {
  const url = process.env.TEST_DATABASE_URL;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=canteiro-source', '--import', 'tsx', 'src/cli/reset.ts'],
    {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '', DATA_DIR: 'memory://' }) },
    },
  );
  assert.match(stdout, /Database reset/);
  for (const email of ['admin', 'base', 'work', 'contract', 'reporter', 'first'])
    assert.match(stdout, new RegExp(`${email}@canteiro\\.test`));
  if (url) assert.equal((await db.orm.select().from(users)).length, 6);
});
