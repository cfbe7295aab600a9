import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Orm } from '../src/db/connection.js';
import { openDatabase, selectRows, truncateAll } from '../src/db/connection.js';
import { copyRows } from '../src/db/copy.js';
import { DatabaseUnavailable } from '../src/db/driver.js';
import type { PgliteClient } from '../src/db/pglite.js';
import { bases } from '../src/db/schema/organisation.js';
import { userPictures, users } from '../src/db/schema/people.js';
import { startApp } from './helpers.js';
import { longestStall } from './event-loop.js';

/**
 * The embedded database runs in a worker thread (docs/embedded-database.md): the server's
 * event loop stays free while PGlite works, values and errors arrive as they did in-process,
 * and a dead worker costs 503s, not the node. Always PGlite, whatever TEST_DATABASE_URL says.
 */

const embedded = (dataDir = 'memory://') => openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir });
/** The worker behind an embedded database (drizzle keeps its client as `$client`). */
const threadOf = (orm: Orm) => (orm as unknown as { $client: PgliteClient }).$client.thread;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The driver's error behind drizzle's wrapper. */
const driverError = (error: unknown) => ((error as { cause?: unknown }).cause ?? error) as Record<string, unknown>;

describe('the embedded database in its worker', () => {
  let db: Database;
  let app: FastifyInstance;
  before(async () => {
    db = await embedded();
    await db.migrate();
    app = await startApp(db);
    // The first answer of a route compiles its contract check (test/contract.ts): not the loop's load measured here.
    await app.inject('/api/settings');
  });
  beforeEach(() => truncateAll(db.orm));
  after(async () => {
    await app?.close();
    await db?.close();
  });

  test('a long query leaves the event loop free: timers fire and other requests are answered', async () => {
    const started = performance.now();
    const query = db.orm.execute(sql`select pg_sleep(0.8)`);
    const answered = (async () => {
      await sleep(100);
      const asked = performance.now();
      const response = await app.inject('/api/settings');
      assert.equal(response.statusCode, 200);
      return performance.now() - asked;
    })();
    const stall = await longestStall(query);
    const took = performance.now() - started;
    assert.ok(took >= 750, `the query took ${took.toFixed(0)} ms: it proves nothing`);
    assert.ok(stall < 150, `the event loop stalled for ${stall.toFixed(0)} ms during the query`);
    assert.ok((await answered) < 150, 'a request that needs no database is answered during the query');
  });

  test('values come back as they did in-process', async () => {
    const [row] = await selectRows<Record<string, unknown>>(
      db.orm,
      sql`select 9007199254740::bigint as big, 2.5::numeric as decimal, 1.25::float8 as float, 7 as int,
            true as yes, null::text as nothing, 'olá'::text as text,
            date '2026-03-02' as day, timestamptz '2026-03-02 10:30:00+00' as instant,
            timestamp '2026-03-02 10:30:00' as local, interval '90 minutes' as span,
            '\\x00ff10'::bytea as bytes, '{"a":[1,"b",null]}'::json as json, '{"k":1}'::jsonb as jsonb,
            array[1,2,3] as ints, array['x','y'] as texts, array[date '2026-01-01'] as days,
            array[1.5::numeric] as decimals, count(*) as registers`,
    );
    assert.deepEqual(row, {
      big: 9007199254740,
      decimal: 2.5,
      float: 1.25,
      int: 7,
      yes: true,
      nothing: null,
      text: 'olá',
      day: '2026-03-02',
      instant: '2026-03-02 10:30:00+00',
      local: '2026-03-02 10:30:00',
      span: '01:30:00',
      bytes: new Uint8Array([0, 255, 16]),
      json: { a: [1, 'b', null] },
      jsonb: { k: 1 },
      ints: [1, 2, 3],
      texts: ['x', 'y'],
      days: ['2026-01-01'],
      decimals: [1.5],
      registers: 1,
    });
    // A typed select (drizzle's array row mode) and bytes written as parameters.
    const [user] = await db.orm
      .insert(users)
      .values({ email: 'p@x.test', username: 'p', passwordHash: 'h', profile: 'admin' })
      .returning();
    const content = Buffer.from([137, 80, 78, 71, 0, 1, 2, 255]);
    await db.orm.insert(userPictures).values({ userId: user!.id, contentType: 'image/png', content, digest: 'd' });
    const [picture] = await db.orm.select().from(userPictures).where(eq(userPictures.userId, user!.id));
    assert.ok(Buffer.isBuffer(picture!.content));
    assert.deepEqual(picture!.content, content);
    assert.match(picture!.updatedAt.toISOString(), /^\d{4}-\d\d-\d\dT/);
  });

  test('an error carries its SQLSTATE, constraint and detail', async () => {
    await db.orm.insert(bases).values({ name: 'Base', state: 'SP' });
    const error = await db.orm
      .insert(bases)
      .values({ name: 'BASE', state: 'RJ' })
      .then(() => null, driverError);
    assert.ok(error instanceof Error);
    assert.equal(error.code, '23505');
    assert.equal(error.constraint, 'bases_name_unique');
    assert.equal(error.table, 'bases');
    assert.equal(error.severity, 'ERROR');
    assert.match(String(error.detail), /already exists/);
    assert.match(String(error.message), /bases_name_unique/);
    const check = await db.orm
      .insert(bases)
      .values({ name: 'B', state: 'XX' })
      .then(() => null, driverError);
    assert.deepEqual([check?.code, check?.constraint], ['23514', 'bases_state_check']);
  });

  test('a transaction rolled back leaves nothing; after a failed statement it refuses the rest (25P02)', async () => {
    await assert.rejects(
      db.orm.transaction(async (tx) => {
        await tx.insert(bases).values({ name: 'Gone', state: 'SP' });
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    await assert.rejects(
      db.orm.transaction(async (tx) => {
        await tx.insert(bases).values({ name: 'Gone too', state: 'SP' });
        tx.rollback();
      }),
    );
    const aborted = await db.orm
      .transaction(async (tx) => {
        await tx.execute(sql`select 1 / 0`).catch(() => undefined);
        await tx.insert(bases).values({ name: 'Never', state: 'SP' });
      })
      .then(() => null, driverError);
    assert.equal(aborted?.code, '25P02');
    assert.deepEqual(await db.orm.select().from(bases), []);
  });

  test('a savepoint rolled back keeps the rest of its transaction', async () => {
    await db.orm.transaction(async (tx) => {
      await tx.insert(bases).values({ name: 'Kept', state: 'SP' });
      await assert.rejects(
        tx.transaction(async (inner) => {
          await inner.insert(bases).values({ name: 'Dropped', state: 'SP' });
          await inner.insert(bases).values({ name: 'KEPT', state: 'SP' });
        }),
      );
      await tx.transaction(async (inner) => {
        await inner.insert(bases).values({ name: 'Nested', state: 'RJ' });
      });
    });
    const names = (await db.orm.select({ name: bases.name }).from(bases).orderBy(bases.name)).map((row) => row.name);
    assert.deepEqual(names, ['Kept', 'Nested']);
  });

  test('concurrent transactions run one after the other, and statements outside wait for them', async () => {
    const events: string[] = [];
    const first = db.orm.transaction(async (tx) => {
      events.push('first begins');
      await tx.insert(bases).values({ name: 'First', state: 'SP' });
      await sleep(100);
      await tx.insert(bases).values({ name: 'First again', state: 'SP' });
      events.push('first ends');
    });
    await sleep(10);
    const second = db.orm.transaction(async (tx) => {
      events.push('second begins');
      await tx.insert(bases).values({ name: 'Second', state: 'SP' });
      events.push('second ends');
    });
    const outside = selectRows<{ count: number }>(db.orm, sql`select count(*) as count from bases`).then((rows) => {
      events.push(`outside sees ${rows[0]!.count}`);
    });
    await Promise.all([first, second, outside]);
    assert.deepEqual(events.slice(0, 2), ['first begins', 'first ends']);
    assert.ok(events.indexOf('second ends') === events.indexOf('second begins') + 1, events.join(', '));
    assert.ok(events.includes('outside sees 2') || events.includes('outside sees 3'), events.join(', '));
    assert.equal((await db.orm.select().from(bases)).length, 3);
  });

  test('readiness does not wait for a transaction holding the session: /api/health answers while it runs', async () => {
    let held = 0;
    const transaction = db.orm.transaction(async (tx) => {
      await tx.insert(bases).values({ name: 'Held', state: 'SP' });
      held = performance.now();
      await sleep(600);
    });
    while (held === 0) await sleep(5);
    const started = performance.now();
    const health = await app.inject('/api/health');
    const waited = performance.now() - started;
    assert.equal(health.statusCode, 200);
    assert.ok(waited < 200, `readiness waited ${waited.toFixed(0)} ms for the transaction`);
    await transaction;
  });

  test('a quick statement goes ahead of slow ones waiting, which still get their turn', async () => {
    const slow = () => db.orm.execute(sql`select pg_sleep(0.15)`);
    const quick = () => db.orm.execute(sql`select 1`);
    await slow(); // now known as slow
    await quick();
    const order: string[] = [];
    const slows = [1, 2, 3].map((number) => slow().then(() => order.push(`slow ${number}`)));
    await sleep(20);
    await Promise.all([...slows, quick().then(() => order.push('quick'))]);
    assert.deepEqual(order, ['slow 1', 'quick', 'slow 2', 'slow 3']);

    // A stream of quick statements does not keep a slow one waiting for ever.
    const started = performance.now();
    let waiting = true;
    const running = slow();
    const waited = slow().then(() => {
      waiting = false;
      return performance.now() - started;
    });
    const stream = async () => {
      while (waiting && performance.now() - started < 3000) await quick();
    };
    await Promise.all([running, ...[1, 2, 3, 4].map(stream)]);
    assert.ok((await waited) < 1500, `the second slow statement waited ${(await waited).toFixed(0)} ms`);
  });

  test('COPY sends its rows through the worker, inside a transaction or not', async () => {
    const rows = [
      ['Copiada 1', 'SP'],
      ['Copiada\t2', 'RJ'],
    ];
    assert.equal(await copyRows(db, 'bases', ['name', 'state'], rows), 2);
    await db.orm.transaction(async (tx) => {
      assert.equal(await copyRows(tx, 'bases', ['name', 'state'], [['Copiada 3', 'MG']], { chunkRows: 1 }), 1);
    });
    const names = (await db.orm.select({ name: bases.name }).from(bases).orderBy(bases.id)).map((row) => row.name);
    assert.deepEqual(names, ['Copiada 1', 'Copiada\t2', 'Copiada 3']);
  });
});

describe('when the worker dies', () => {
  test('the calls under way fail with DatabaseUnavailable and the node goes on; in memory nothing comes back', async () => {
    const db = await embedded();
    try {
      const query = db.orm.execute(sql`select pg_sleep(5)`);
      await sleep(100);
      await threadOf(db.orm).kill();
      await assert.rejects(query, (error) => driverError(error) instanceof DatabaseUnavailable);
      await assert.rejects(db.orm.execute(sql`select 1`), (error) => driverError(error) instanceof DatabaseUnavailable);
    } finally {
      await db.close();
    }
  });

  test('on a data folder the next call starts it again on the same data; an open transaction is lost', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-embedded-'));
    try {
      let db = await embedded(dataDir);
      await db.orm.execute(sql`create table kept (id int primary key)`);
      await db.orm.execute(sql`insert into kept values (1)`);
      let transactionError: unknown = null;
      const transaction = db.orm
        .transaction(async (tx) => {
          await tx.execute(sql`insert into kept values (2)`);
          await sleep(300);
          await tx.execute(sql`insert into kept values (3)`);
        })
        .catch((error: unknown) => {
          transactionError = error;
        });
      await sleep(100);
      await threadOf(db.orm).kill();
      await transaction;
      assert.ok(driverError(transactionError) instanceof DatabaseUnavailable, String(transactionError));

      const rows = async (database: Database) =>
        (await selectRows<{ id: number }>(database.orm, sql`select id from kept order by id`)).map((row) => row.id);
      assert.deepEqual(await rows(db), [1]);
      await db.orm.execute(sql`insert into kept values (4)`);
      // close() ends PGlite inside the worker first: the folder opens again as it was left.
      await db.close();
      db = await embedded(dataDir);
      assert.deepEqual(await rows(db), [1, 4]);
      await db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
