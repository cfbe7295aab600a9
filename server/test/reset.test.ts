import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/connection.js';
import type { Database } from '../src/db/connection.js';
import { createOrganisation, createUser, openTestDatabase, resetDatabase } from './helpers.js';

/**
 * The reset before each test (helpers.ts) leaves the database as truncating every table with
 * `restart identity` does, whether it deletes a test's few rows or truncates many.
 */
let db: Database;
before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db?.close();
});

/** Tables holding a row, and the tables' own sequences that have been used. */
async function leftOver(): Promise<{ tables: string[]; sequences: string[] }> {
  const tables = await selectRows<{ table: string }>(
    db.orm,
    sql`select tablename as "table" from pg_tables where schemaname = 'public'`,
  );
  const holding: string[] = [];
  for (const { table } of tables) {
    const [row] = await selectRows<{ rows: number }>(
      db.orm,
      sql.raw(`select count(*)::int as rows from public."${table}"`),
    );
    // The data version's one row is made again by the catalogue tables' triggers, as after a truncate.
    if (row!.rows > 0 && table !== 'dashboard_data_version') holding.push(table);
  }
  const sequences = await selectRows<{ name: string }>(
    db.orm,
    sql`select sequencename as name from pg_sequences
         where schemaname = 'public' and last_value is not null and sequencename <> 'dashboard_data_version_seq'`,
  );
  return { tables: holding, sequences: sequences.map(({ name }) => name) };
}

describe('the reset before each test', () => {
  test('a few rows are deleted, children before parents, and every sequence starts again', async () => {
    const organisation = await createOrganisation(db);
    await createUser(db, organisation, { email: 'ana@canteiro.test', profile: 'admin' });
    assert.notDeepEqual((await leftOver()).tables, []);
    await resetDatabase(db);
    assert.deepEqual(await leftOver(), { tables: [], sequences: [] });
    // Ids start from 1 again, as after `truncate … restart identity`.
    assert.deepEqual(await createOrganisation(db), { baseId: 1, workId: 1, contractId: 1 });
  });

  test('many rows are truncated, with the same result', async () => {
    await resetDatabase(db);
    await createOrganisation(db);
    await db.orm.execute(
      sql`insert into bases (name, state) select 'Base ' || g, 'SP' from generate_series(1, 6000) g`,
    );
    await resetDatabase(db);
    assert.deepEqual(await leftOver(), { tables: [], sequences: [] });
  });

  test('a table emptied by the test itself still gets its sequence back', async () => {
    await resetDatabase(db);
    await createOrganisation(db);
    await db.orm.execute(sql`delete from contracts`);
    await resetDatabase(db);
    assert.deepEqual(await leftOver(), { tables: [], sequences: [] });
    assert.equal((await createOrganisation(db)).contractId, 1);
  });
});
