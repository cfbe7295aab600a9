import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { MobileContext } from './mobile-fixtures.js';
import { Phone, a1ActivityRow, mobileSuite } from './mobile-fixtures.js';
import type { BatchAnswer } from './mobile-fixtures.js';
import { failureOf, freshParent, reportRow } from './report-keys-fixtures.js';
import type { Parent } from './report-keys-fixtures.js';

/**
 * A batch and a delete of a parent it names, at the same instant, on two sessions (migration
 * 0026, docs/ingestion.md): whichever comes first, no report is left naming a parent that is
 * gone. The batch's statement locks its parents FOR KEY SHARE; a delete waits for it and then
 * sees its rows, and a batch that waits for a delete finds its parent gone. PGlite has one
 * session: there is no race to have.
 */

let context: MobileContext;
mobileSuite((given) => (context = given));

/** Each test's sessions end with it: a transaction a failed test left open rolls back, and blocks no reset. */
const sessions: pg.Client[] = [];
afterEach(() => Promise.all(sessions.splice(0).map((session) => session.end())));

async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  client.on('error', () => {});
  await client.connect();
  sessions.push(client);
  return client;
}

/** An activity report naming `parent` (its `column`), inserted on `client`. */
function insertReport(client: pg.Client, column: string, parent: number) {
  const row = reportRow(context, 'activity_reports', { [column]: parent });
  const columns = Object.keys(row);
  return client.query(
    `insert into activity_reports (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
    Object.values(row),
  );
}

/** Resolves once `client`'s statement waits for a lock; fails after 5 s of running freely. */
async function waitingForLock(client: pg.Client): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  const observer = await session();
  for (const started = Date.now(); Date.now() - started < 5_000;) {
    const { rows } = await observer.query<{ waiting: boolean }>(
      `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
      [pid],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail(`session ${pid} never waited for a lock`);
}

async function reportsCount(column: string, parent: number): Promise<number> {
  const client = await session();
  const { rows } = await client.query<{ count: number }>(
    `select count(*)::int as count from activity_reports where ${column} = $1`,
    [parent],
  );
  return rows[0]!.count;
}

const CASES: { parent: Parent; column: string; key: string }[] = [
  { parent: 'functions', column: 'function_id', key: 'activity_reports_function_fk' },
  { parent: 'occurrences', column: 'occurrence_id', key: 'activity_reports_occurrence_fk' },
];

describe('a batch and a delete of its parent, at the same instant', () => {
  for (const { parent, column, key } of CASES) {
    test(`${parent}: the batch first: the delete waits for it, then is refused`, async () => {
      const id = await freshParent(context, parent);
      const [batch, remover] = [await session(), await session()];
      await batch.query('begin');
      await insertReport(batch, column, id);
      const removal = failureOf(remover.query(`delete from ${parent} where id = $1`, [id]));
      await waitingForLock(remover);
      await batch.query('commit');
      assert.equal(await removal, `23503 ${key}`);
      assert.equal(await reportsCount(column, id), 1);
    });

    test(`${parent}: the delete first: the batch waits for it, then is refused; rolled back, the batch goes in`, async () => {
      const id = await freshParent(context, parent);
      const [batch, remover] = [await session(), await session()];
      await remover.query('begin');
      await remover.query(`delete from ${parent} where id = $1`, [id]);
      const refused = failureOf(insertReport(batch, column, id));
      await waitingForLock(batch);
      await remover.query('commit');
      assert.equal(await refused, `23503 ${key}`);
      assert.equal(await reportsCount(column, id), 0);

      const kept = await freshParent(context, parent);
      await remover.query('begin');
      await remover.query(`delete from ${parent} where id = $1`, [kept]);
      const stored = failureOf(insertReport(batch, column, kept));
      await waitingForLock(batch);
      await remover.query('rollback');
      assert.equal(await stored, null);
      assert.equal(await reportsCount(column, kept), 1);
    });
  }
});

describe('a parent deleted between the batch’s look and its insert', () => {
  test('the batch is run again: that row is rejected invalid_reference, the others are stored, nothing is a 500', async () => {
    const gone = await freshParent(context, 'occurrences');
    const gate = await session();
    // The insert waits at this gate (a statement trigger for the test alone) until the delete is committed.
    await gate.query(`create function test_gate() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(99, 1); return null; end $$`);
    await gate.query(
      `create trigger test_gate before insert on activity_reports for each statement execute function test_gate()`,
    );
    try {
      await gate.query('select pg_advisory_lock(99, 1)');
      const phone = await Phone.signIn(context.app, 'reporterA1@t.test');
      const [kept, refused] = [
        a1ActivityRow(context.catalogue, context.occurrence),
        a1ActivityRow(context.catalogue, gone),
      ];
      const answer = phone.send([kept, refused]);
      const observer = await session();
      for (let waiting = false; !waiting;) {
        const { rows } = await observer.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        waiting = rows[0]!.count > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await gate.query('delete from occurrences where id = $1', [gone]);
      await gate.query('select pg_advisory_unlock(99, 1)');
      const response = await answer;
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json() as BatchAnswer;
      assert.deepEqual(body.accepted, [kept.id]);
      assert.deepEqual(
        body.rejected.map(({ id, code }) => ({ id, code })),
        [{ id: refused.id, code: 'invalid_reference' }],
      );
      assert.equal(await reportsCount('occurrence_id', gone), 0);
    } finally {
      await gate.query('drop trigger test_gate on activity_reports; drop function test_gate()');
    }
  });
});
