import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import type { MobileContext } from './mobile-fixtures.js';
import { mobileSuite } from './mobile-fixtures.js';
import { KEYS, TABLES, failureOf, freshParent, reportRow } from './report-keys-fixtures.js';
import type { Parent, Table } from './report-keys-fixtures.js';

/**
 * The report tables' keys, held by statement triggers since migration 0026 (docs/ingestion.md,
 * "A report's keys, checked once per statement"): a row naming a parent that is missing, or of
 * another contract, is refused under the key's name; a parent that reports name cannot be
 * deleted, rekeyed or truncated away. The races between a batch and a delete are in
 * report-keys.postgres-only.test.ts.
 */

let context: MobileContext;
let db: Database;

mobileSuite((given) => ({ db } = context = given));

/** One INSERT of `rows`, all with the columns of the first. */
function insertRows(table: Table, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]!);
  return db.orm.execute(
    sql`insert into ${sql.identifier(table)} (${sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    )}) values ${sql.join(
      rows.map(
        (row) =>
          sql`(${sql.join(
            columns.map((column) => sql`${row[column]}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    )}`,
  );
}
const insertRow = (table: Table, row: Record<string, unknown>) => insertRows(table, [row]);

async function count(query: SQL): Promise<number> {
  const [row] = await selectRows<{ count: number }>(db.orm, sql`select count(*)::int as count from (${query}) rows`);
  return row!.count;
}

/** The parent of another contract (B1) where the fixtures have one, for keys of the contract. */
function otherContractParent(parent: Parent): number | null {
  const b1: Partial<Record<Parent, number>> = {
    activities: context.catalogue.b1.activity,
    packages: context.catalogue.b1.package,
    locals: context.catalogue.b1.local,
    areas: context.catalogue.b1.area,
  };
  return b1[parent] ?? null;
}

describe("a report's keys refuse what is not there", () => {
  test('each key of each table refuses a missing parent, and one of another contract, under its own name; nothing is written', async () => {
    for (const table of TABLES) {
      for (const { key, column, parent, ofContract } of KEYS[table]) {
        const name = `${table}_${key}_fk`;
        assert.equal(
          await failureOf(insertRow(table, reportRow(context, table, { [column]: 2_000_000_000 }))),
          `23503 ${name}`,
        );
        const other = ofContract ? otherContractParent(parent) : null;
        if (other !== null)
          assert.equal(
            await failureOf(insertRow(table, reportRow(context, table, { [column]: other }))),
            `23503 ${name}`,
          );
      }
      // The whole statement is refused: a good row beside a bad one is not kept either.
      const good = reportRow(context, table);
      const statement = insertRows(table, [good, reportRow(context, table, { activity_id: 2_000_000_000 })]);
      assert.equal(await failureOf(statement), `23503 ${table}_activity_fk`);
      assert.equal(await count(sql`select 1 from ${sql.identifier(table)}`), 0, `${table} holds nothing`);
      // And the row alone is.
      assert.equal(await failureOf(insertRow(table, good)), null);
    }
  });

  test("a report moved onto a missing parent, or another contract's, is refused", async () => {
    for (const table of TABLES) {
      const row = reportRow(context, table);
      await insertRow(table, row);
      const move = (changes: SQL) =>
        db.orm.execute(sql`update ${sql.identifier(table)} set ${changes} where id = ${row.id as string}`);
      assert.equal(await failureOf(move(sql`package_id = 2000000000`)), `23503 ${table}_package_fk`);
      assert.equal(await failureOf(move(sql`contract_id = ${context.world.contractB1}`)), `23503 ${table}_activity_fk`);
      assert.equal(await failureOf(move(sql`user_id = 2000000000`)), `23503 ${table}_user_fk`);
    }
  });
});

describe('a parent that reports name stays', () => {
  test('deleting it, or changing its id or contract, is refused under the key of each table that names it; once none does, it goes', async () => {
    for (const table of TABLES) {
      for (const { key, column, parent, ofContract } of KEYS[table]) {
        const name = `${table}_${key}_fk`;
        const id = await freshParent(context, parent);
        const row = reportRow(context, table, { [column]: id });
        assert.equal(await failureOf(insertRow(table, row)), null, `${name}: the fresh parent is named`);
        const parentTable = sql.identifier(parent);
        assert.equal(
          await failureOf(db.orm.execute(sql`delete from ${parentTable} where id = ${id}`)),
          `23503 ${name}`,
        );
        assert.equal(
          await failureOf(db.orm.execute(sql`update ${parentTable} set id = id + 1000000 where id = ${id}`)),
          `23503 ${name}`,
        );
        if (ofContract) {
          // Activities, packages, locals and areas have keys of their own to their contract's
          // parents, which refuse the move first; functions and equipment have only the reports'.
          const moved = await failureOf(
            db.orm.execute(sql`update ${parentTable} set contract_id = ${context.world.contractA2} where id = ${id}`),
          );
          if (parent === 'functions' || parent === 'equipment') assert.equal(moved, `23503 ${name}`);
          else assert.match(moved ?? '', /^23503 /);
        }
        // Anything else about it changes freely.
        assert.equal(
          await failureOf(db.orm.execute(sql`update ${parentTable} set is_active = false where id = ${id}`)),
          null,
        );
        await db.orm.execute(sql`delete from ${sql.identifier(table)} where id = ${row.id as string}`);
        assert.equal(await failureOf(db.orm.execute(sql`delete from ${parentTable} where id = ${id}`)), null, name);
      }
    }
  });

  test('a truncate that would leave reports naming a parent is refused; one that empties the reports too is not', async () => {
    await insertRow('activity_reports', reportRow(context, 'activity_reports'));
    assert.equal(await failureOf(db.orm.execute(sql`truncate occurrences`)), '23503 activity_reports_occurrence_fk');
    assert.equal(await count(sql`select 1 from occurrences`), 2);
    assert.equal(await failureOf(db.orm.execute(sql`truncate occurrences, activity_reports`)), null);
  });

  test('outside READ COMMITTED a parent of reports is not deleted: the check could miss a batch committed meanwhile', async () => {
    const id = await freshParent(context, 'occurrences');
    const deleteAt = (level: SQL) =>
      db.orm.transaction(async (tx) => {
        await tx.execute(sql`set transaction isolation level ${level}`);
        await tx.execute(sql`delete from occurrences where id = ${id}`);
      });
    assert.equal(await failureOf(deleteAt(sql`repeatable read`)), '55000');
    assert.equal(await failureOf(deleteAt(sql`serializable`)), '55000');
    assert.equal(await count(sql`select 1 from occurrences where id = ${id}`), 1);
    assert.equal(await failureOf(deleteAt(sql`read committed`)), null);
  });
});
