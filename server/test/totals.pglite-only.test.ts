import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { openDatabase, selectRows } from '../src/db/connection.js';
import { bases } from '../src/db/schema/organisation.js';
import { countRows, totalsStats } from '../src/crud/totals.js';

/**
 * Remembered totals belong to one database: two databases can stand at the very same
 * snapshot text. Always two embedded PGlite databases, whatever TEST_DATABASE_URL says.
 */
let first: Database;
let second: Database;

async function embedded(): Promise<Database> {
  const db = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir: 'memory://' });
  await db.migrate();
  return db;
}

before(async () => {
  first = await embedded();
  second = await embedded();
});
after(async () => {
  await first?.close();
  await second?.close();
});

const snapshot = async (db: Database) =>
  (await selectRows<{ snapshot: string }>(db.orm, sql`select pg_current_snapshot()::text as snapshot`))[0]!.snapshot;

test('two databases at the same snapshot keep their own totals', async () => {
  await first.orm.insert(bases).values([{ name: 'Uma', state: 'SP' }]);
  await second.orm.insert(bases).values([
    { name: 'Uma', state: 'SP' },
    { name: 'Duas', state: 'RJ' },
  ]);
  assert.equal(await snapshot(first), await snapshot(second), 'the same snapshot text, or this proves nothing');

  const before = totalsStats();
  assert.equal(await countRows(first.orm, sql`${bases}`, sql`true`), 1);
  assert.equal(await countRows(second.orm, sql`${bases}`, sql`true`), 2);
  assert.equal(await countRows(first.orm, sql`${bases}`, sql`true`), 1);
  const after = totalsStats();
  assert.deepEqual([after.misses - before.misses, after.hits - before.hits], [2, 1]);
});
