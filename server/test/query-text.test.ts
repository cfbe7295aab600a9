import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Param, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildQuery, queryBuildStats } from '../src/db/query-text.js';
import { contracts, works } from '../src/db/schema/organisation.js';
import { orderBy, textSort } from '../src/crud/list-query.js';

/**
 * buildQuery keeps a query's text per shape and reuses it with the new values: it must give
 * exactly what drizzle builds, values in drizzle's order, whatever the values are.
 */
const dialect = new PgDialect();

const page = (workId: number, term: string, descending: boolean, limit: number): SQL =>
  sql`select ${contracts.id}, ${sql.identifier('as is')} from ${contracts} join ${works} on ${works.id} = ${contracts.workId}
      where ${eq(contracts.workId, workId)} and ${ilike(contracts.name, `%${term}%`)} and ${contracts.isActive} = ${true}
      order by ${orderBy(textSort(contracts.name), contracts.id, descending)} limit ${limit}`;

test('the text reused for a shape is the one drizzle builds, with this query’s values', () => {
  const cases: [number, string, boolean, number][] = [
    [1, 'a', false, 20],
    [2, "o'brien $1", false, 50],
    [3, '%_\\', true, 20],
    [4, 'a', true, 1],
  ];
  const before = queryBuildStats();
  for (const [workId, term, descending, limit] of cases) {
    assert.deepEqual(buildQuery(page(workId, term, descending, limit)), {
      sql: dialect.sqlToQuery(page(workId, term, descending, limit)).sql,
      params: dialect.sqlToQuery(page(workId, term, descending, limit)).params,
    });
  }
  const after = queryBuildStats();
  // Two shapes (ascending, descending), each built once then reused.
  assert.equal(after.built - before.built, 2);
  assert.equal(after.cached - before.cached, 2);
});

test('a list (in, inArray) is keyed by its length: each length its own text, drizzle’s', () => {
  const listed = (ids: number[], names: string[]): SQL =>
    sql`select ${contracts.id} from ${contracts} where ${contracts.id} in ${ids} and ${inArray(contracts.name, names)} and ${contracts.workId} = ${ids.length}`;
  const cases: [number[], string[]][] = [
    [[1, 2, 3], ['a']],
    [[4, 5, 6], ['b']],
    [[7], ['c', 'd']],
    [[], ['e']],
    [[8], ['f', 'g']],
  ];
  const before = queryBuildStats();
  for (const [ids, names] of cases) {
    const { sql: text, params } = dialect.sqlToQuery(listed(ids, names));
    assert.deepEqual(buildQuery(listed(ids, names)), { sql: text, params });
  }
  const after = queryBuildStats();
  // Three shapes (3 + 1, 1 + 2, 0 + 1 elements), each built once; the repeats reused.
  assert.equal(after.built - before.built, 3);
  assert.equal(after.cached - before.cached, 2);
});

test('what it cannot key (an array value, a date) is built by drizzle every time', () => {
  const date = new Date('2026-01-12T10:00:00Z');
  for (const query of [
    sql`select ${contracts.id} where ${contracts.id} = any(${new Param([1, 2, 3])})`,
    sql`select ${date}::text`,
    sql`select ${contracts.id} where ${contracts.id} in ${[1, date]}`,
  ]) {
    const before = queryBuildStats();
    const { sql: text, params } = dialect.sqlToQuery(query);
    assert.deepEqual(buildQuery(query), { sql: text, params });
    assert.equal(queryBuildStats().built - before.built, 1);
  }
});
