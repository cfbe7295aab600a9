import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { pendingMigrations, truncateAll } from '../src/db/connection.js';
import { users } from '../src/db/schema/people.js';
import { ensureFirstAdmin } from '../src/authentication/first-admin.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { DEMO_ACCOUNTS } from '../src/demo/seed.js';
import { StartRefused, prepareDatabase } from '../src/node/prepare.js';
import type { PrepareSettings } from '../src/node/prepare.js';
import { Browser, createOrganisation, createUser, openTestDatabase, startApp } from './helpers.js';

/**
 * What a node does to its database before it serves (src/node/prepare.ts, docs/deploy.md):
 * demo data and accounts only when asked, the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and
 * a schema older than the code refused.
 */

let db: Database;
before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db?.close();
});

const deployment: PrepareSettings = {
  migrateOnStart: true,
  seedDemo: false,
  firstAdmin: null,
  siteTimeZone: 'America/Sao_Paulo',
};
const noReports = { reports: false };
const userCount = async () => (await db.orm.select({ n: count() }).from(users))[0]!.n;
const emptyDatabase = () => truncateAll(db.orm);

describe('demo data only when asked', () => {
  test('an empty database gets no demo data and no account without SEED_DEMO', async () => {
    await emptyDatabase();
    assert.deepEqual(await prepareDatabase(db, deployment, noReports), { seeded: false, firstAdmin: null });
    assert.equal(await userCount(), 0);
  });

  test('SEED_DEMO=true fills an empty database once, with the demo accounts', async () => {
    await emptyDatabase();
    const settings = { ...deployment, seedDemo: true };
    assert.equal((await prepareDatabase(db, settings, noReports)).seeded, true);
    const emails = (await db.orm.select({ email: users.email }).from(users)).map((user) => user.email);
    for (const account of DEMO_ACCOUNTS) assert.ok(emails.includes(account.email), account.email);
    const before = await userCount();
    assert.equal((await prepareDatabase(db, settings, noReports)).seeded, false);
    assert.equal(await userCount(), before);
  });

  test('SEED_DEMO=true leaves a database with users alone', async () => {
    await emptyDatabase();
    await createUser(db, await createOrganisation(db), { email: 'ana@lab.example', profile: 'admin' });
    assert.equal((await prepareDatabase(db, { ...deployment, seedDemo: true }, noReports)).seeded, false);
    assert.equal(await userCount(), 1);
  });
});

describe('the first admin of a deployment', () => {
  const firstAdmin = { email: 'Ana.Souza@Lab.example', password: 'temporaria-123' };

  test('ADMIN_EMAIL/ADMIN_PASSWORD create an admin on first access when none exists', async () => {
    await emptyDatabase();
    const prepared = await prepareDatabase(db, { ...deployment, firstAdmin }, noReports);
    assert.deepEqual(prepared.firstAdmin, { created: true, email: 'ana.souza@lab.example' });
    const [admin] = await db.orm.select().from(users);
    assert.equal(admin!.profile, 'admin');
    assert.equal(admin!.firstAccess, true);
    assert.equal(admin!.isActive, true);
    // It signs in with that password and is sent to change it before anything else.
    const app = await startApp(db);
    try {
      const browser = new Browser(app);
      const token = await browser.signIn('ana.souza@lab.example', firstAdmin.password);
      assert.equal((await browser.request('/api/bases', { token })).statusCode, 409);
      assert.equal((await browser.request('/api/authentication/me', { token })).statusCode, 200);
    } finally {
      await app.close();
    }
  });

  test('never changes an existing admin, on every later start', async () => {
    await emptyDatabase();
    const existing = await createUser(db, await createOrganisation(db), {
      email: 'boss@lab.example',
      profile: 'admin',
    });
    for (const email of ['boss@lab.example', 'other@lab.example']) {
      const outcome = await ensureFirstAdmin(db.orm, { email, password: 'outra-senha-123' });
      assert.deepEqual(outcome, { created: false, reason: 'admin_exists', existing: 'boss@lab.example' });
    }
    const [after] = await db.orm.select().from(users).where(eq(users.id, existing.id));
    assert.deepEqual(after, existing);
    assert.equal(await passwordHashing.verify(after!.passwordHash, 'outra-senha-123'), false);
    assert.equal(await userCount(), 1);
  });

  test('an address that belongs to someone else is not taken over', async () => {
    await emptyDatabase();
    const someone = await createUser(db, await createOrganisation(db), {
      email: 'ana@lab.example',
      profile: 'contract',
    });
    const outcome = await ensureFirstAdmin(db.orm, { email: 'ANA@lab.example', password: 'outra-senha-123' });
    assert.deepEqual(outcome, { created: false, reason: 'email_taken' });
    assert.deepEqual((await db.orm.select().from(users))[0], someone);
  });

  test('two nodes starting together create one admin', async () => {
    await emptyDatabase();
    const outcomes = await Promise.all(
      ['a@lab.example', 'b@lab.example', 'c@lab.example'].map((email) =>
        ensureFirstAdmin(db.orm, { email, password: 'temporaria-123' }),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.created).length, 1);
    assert.equal(await userCount(), 1);
  });
});

describe('migrations as a deploy step', () => {
  test('a schema behind the code is refused, naming what is missing and what to run', async () => {
    await emptyDatabase();
    const [newest] = await db.orm
      .execute<{ id: number; hash: string; created_at: number }>(
        sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
          returning id, hash, created_at`,
      )
      .then((result) => (result as unknown as { rows: { id: number; hash: string; created_at: number }[] }).rows);
    try {
      const [tag] = await pendingMigrations(db.orm);
      assert.match(tag!, /^\d{4}_/);
      await assert.rejects(
        prepareDatabase(db, { ...deployment, migrateOnStart: false }, noReports),
        (error: Error) =>
          error instanceof StartRefused && error.message.includes(tag!) && error.message.includes('pnpm db:migrate'),
      );
    } finally {
      await db.orm.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    assert.deepEqual(await pendingMigrations(db.orm), []);
  });

  test('MIGRATE_ON_START=false starts nothing on an empty schema; true migrates it', async () => {
    await db.orm.execute(sql`drop schema if exists drizzle cascade`);
    await db.orm.execute(sql`drop schema public cascade`);
    await db.orm.execute(sql`create schema public`);
    await assert.rejects(prepareDatabase(db, { ...deployment, migrateOnStart: false }, noReports), StartRefused);
    await prepareDatabase(db, deployment, noReports);
    assert.deepEqual(await pendingMigrations(db.orm), []);
    assert.equal(await userCount(), 0);
  });
});
