import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { OCCURRENCE_CLASSIFICATIONS, PROFILES } from '@canteiro/shared/domain';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { truncateAll } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { occurrences } from '../src/db/schema/catalogue.js';
import { surveys, users } from '../src/db/schema/people.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, insertDemoData, seedIfEmpty } from '../src/demo/seed.js';
import { DEMO_STAFF } from '../src/demo/people-data.js';
import { Browser, serverSuite } from './helpers.js';

let db: Database;
let app: FastifyInstance;

serverSuite((context) => ({ db, app } = context));

describe('demo data', () => {
  test('puts the six accounts under the first base, work and contract of an empty database', async () => {
    assert.equal(await seedIfEmpty(db.orm), true);

    const [base] = await db.orm.select().from(bases).orderBy(bases.id);
    const [work] = await db.orm.select().from(works).orderBy(works.id);
    const [contract] = await db.orm.select().from(contracts).orderBy(contracts.id);
    assert.deepEqual([base?.name, base?.state], ['Base São Paulo', 'SP']);
    assert.deepEqual(
      [work?.name, work?.prj, work?.baseId],
      ['Residencial Parque das Araucárias', 'PRJ-2041', base?.id],
    );
    assert.deepEqual(
      [contract?.name, contract?.reportingGoal, contract?.reportingPeriod, contract?.workId],
      ['Construtora Alvorada — Estrutura', 16, 30, work?.id],
    );

    const accounts = await db.orm
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      )
      .orderBy(users.id);
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

  test('gives Administration something to show: bases in three states, works, contracts, occurrences, staff, surveys', async () => {
    await seedIfEmpty(db.orm);
    const allBases = await db.orm.select().from(bases);
    assert.deepEqual(allBases.map((base) => base.state).sort(), ['MG', 'RJ', 'SP']);
    const allWorks = await db.orm.select().from(works);
    assert.ok(allWorks.length >= 6 && allWorks.some((work) => !work.isActive), 'several works, one inactive');
    for (const base of allBases)
      assert.ok(
        allWorks.some((work) => work.baseId === base.id),
        base.name,
      );
    const allContracts = await db.orm.select().from(contracts);
    for (const work of allWorks)
      assert.ok(
        allContracts.some((contract) => contract.workId === work.id),
        work.name,
      );

    const catalogue = await db.orm.select().from(occurrences);
    for (const classification of OCCURRENCE_CLASSIFICATIONS) {
      assert.ok(catalogue.filter((occurrence) => occurrence.classification === classification).length >= 2);
    }
    assert.ok(
      catalogue.some((occurrence) => occurrence.name === 'Aguardando material'),
      'DOMAIN.md §4',
    );

    const staff = await db.orm.select().from(users);
    assert.ok(staff.length >= 15 && staff.length <= 30, `15–30 users, got ${staff.length}`);
    for (const profile of PROFILES) assert.ok(staff.filter((user) => user.profile === profile).length >= 2, profile);
    assert.ok(new Set(staff.map((user) => user.baseId)).size === 3, 'users in every base');
    assert.ok((await db.orm.select().from(surveys)).length >= 5);
  });

  test('is idempotent: a database that has users is left alone', async () => {
    assert.equal(await seedIfEmpty(db.orm), true);
    const counted = (await db.orm.select().from(users)).length;
    assert.equal(await seedIfEmpty(db.orm), false);
    assert.equal((await db.orm.select().from(users)).length, counted);
    assert.equal((await db.orm.select().from(bases)).length, 3);
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
    assert.equal(accounts.length, DEMO_ACCOUNTS.length + DEMO_STAFF.length);
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
  if (url) assert.equal((await db.orm.select().from(users)).length, DEMO_ACCOUNTS.length + DEMO_STAFF.length);
});
