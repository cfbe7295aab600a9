import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { copyLine, copyRows, copyValue, escapeCopyText } from '../src/db/copy.js';
import { openTestDatabase } from './helpers.js';

/** copyRows: COPY's text format, and the same rows back from both databases. */

describe('COPY text format', () => {
  test('escapes backslash, tab, newline and carriage return, and leaves other text alone', () => {
    assert.equal(escapeCopyText('plain — açaí 🙂'), 'plain — açaí 🙂');
    assert.equal(escapeCopyText('a\\b'), 'a\\\\b');
    assert.equal(escapeCopyText('a\tb\nc\rd'), 'a\\tb\\nc\\rd');
    assert.equal(escapeCopyText('\\N'), '\\\\N');
    assert.throws(() => escapeCopyText('a\0b'), /NUL/);
  });

  test('writes null as \\N, booleans as t/f, dates as instants, and refuses what it cannot write', () => {
    assert.equal(copyValue(null), '\\N');
    assert.equal(copyValue(undefined), '\\N');
    assert.equal(copyValue(true), 't');
    assert.equal(copyValue(false), 'f');
    assert.equal(copyValue(12.5), '12.5');
    assert.equal(copyValue(7n), '7');
    assert.equal(copyValue(new Date('2026-03-02T10:30:00Z')), '2026-03-02T10:30:00.000Z');
    assert.throws(() => copyValue(Number.NaN), /finite/);
    assert.throws(() => copyValue({}), /cannot copy/);
    assert.equal(copyLine([1, 'a\tb', null]), '1\ta\\tb\t\\N\n');
  });
});

describe('copyRows', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await db.orm.execute(sql`drop table if exists copy_probe`);
    await db.orm.execute(sql`create table copy_probe (n integer, t text, b boolean, at timestamptz, x numeric)`);
  });
  after(async () => {
    await db?.orm.execute(sql`drop table if exists copy_probe`);
    await db?.close();
  });

  const awkward = ['', '\\', '\\N', 'tab\there', 'line\nbreak', 'cr\rhere', 'quote \' " ;', 'ação — 🙂', 'end\\'];

  test('stores every value exactly, from an iterable and in chunks', async () => {
    await db.orm.execute(sql`truncate copy_probe`);
    const rows: unknown[][] = awkward.map((text, index) => [
      index,
      text,
      index % 2 === 0,
      new Date(Date.UTC(2026, 0, 1, index)),
      1.5,
    ]);
    rows.push([99, null, null, null, null]);
    assert.equal(await copyRows(db, 'copy_probe', ['n', 't', 'b', 'at', 'x'], rows, { chunkRows: 4 }), rows.length);
    const stored = await selectRows<{ n: number; t: string | null; b: boolean | null; at: string | null }>(
      db.orm,
      sql`select n, t, b, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24') as at from copy_probe order by n`,
    );
    assert.deepEqual(
      stored,
      rows.map(([n, t, b, at]) => ({
        n,
        t,
        b,
        at: at instanceof Date ? at.toISOString().slice(0, 13).replace('T', ' ') : null,
      })),
    );
  });

  test('takes an async iterable of many rows and counts them', async () => {
    await db.orm.execute(sql`truncate copy_probe`);
    async function* many() {
      for (let n = 0; n < 120_000; n += 1) yield [n, `row ${n}`];
    }
    assert.equal(await copyRows(db, 'copy_probe', ['n', 't'], many()), 120_000);
    const [summary] = await selectRows<{ rows: number; total: number }>(
      db.orm,
      sql`select count(*)::int as rows, sum(n)::float8 as total from copy_probe`,
    );
    assert.deepEqual(summary, { rows: 120_000, total: (119_999 * 120_000) / 2 });
  });

  test('inside a transaction the rows are part of it', async () => {
    await db.orm.execute(sql`truncate copy_probe`);
    await assert.rejects(
      db.orm.transaction(async (tx) => {
        assert.equal(await copyRows(tx, 'copy_probe', ['n'], [[1], [2]]), 2);
        const [seen] = await selectRows<{ rows: number }>(tx, sql`select count(*)::int as rows from copy_probe`);
        assert.equal(seen?.rows, 2);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    const [left] = await selectRows<{ rows: number }>(db.orm, sql`select count(*)::int as rows from copy_probe`);
    assert.equal(left?.rows, 0);
  });

  test('a row the table refuses fails the copy', async () => {
    await assert.rejects(copyRows(db, 'copy_probe', ['n'], [['not a number']]));
    // The connection is usable afterwards.
    const [after] = await selectRows<{ one: number }>(db.orm, sql`select 1 as one`);
    assert.equal(after?.one, 1);
  });
});
