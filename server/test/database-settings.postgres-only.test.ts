import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { openTestDatabase } from './helpers.js';

/**
 * PostgreSQL's own settings the product decides (docs/server.md, "Decisions"). This file's
 * database is a copy of the migrated template, and a copy does not carry the database's
 * settings: what it checks is what migrating sets.
 */

let db: Database;
before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db?.close();
});

const setting = async (name: string): Promise<string | undefined> =>
  (await selectRows<{ value: string }>(db.orm, sql`select current_setting(${name}) as value`))[0]?.value;

test('migrating turns JIT off for the database, so every session of every node has it off', async () => {
  await db.migrate();
  // The pool's first session (opened to check the server at start) is gone: this one is new.
  assert.equal(await setting('jit'), 'off');
  const [stored] = await selectRows<{ settings: string[] }>(
    db.orm,
    sql`select s.setconfig as settings from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
        where d.datname = current_database() and s.setrole = 0`,
  );
  assert.ok(stored?.settings.includes('jit=off'), `the database's own settings: ${JSON.stringify(stored)}`);
});
