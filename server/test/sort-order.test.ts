import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { locals } from '../src/db/schema/catalogue.js';
import { EXPORT_BATCH, effectivelyActive, listConditions } from '../src/crud/reads.js';
import { allOf, orderBy, parseListQuery } from '../src/crud/list-query.js';
import { activitiesResource } from '../src/resources/activities.js';
import { usersResource } from '../src/resources/users.js';
import type { Caller } from '../src/scope.js';
import type { Client, World } from './admin-fixtures.js';
import { names, placeOf } from './admin-fixtures.js';
import { body, managementSuite } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/**
 * Lists sort text ignoring case and accents, as a Brazilian reader expects ("Área" among the
 * A's, "Édifício" among the E's, "Ç" as C), the same on PGlite and PostgreSQL; options and
 * exports follow; duplicate rules still tell accents apart.
 */

let db: Database;
let admin: Client;
let world: World;
let catalogue: Catalogue;

managementSuite((context) => ({ db, admin, world, catalogue } = context));

/** A1's locals: its two "Pavimento"s and these, in the order a reader expects. */
const EXPECTED_LOCALS = [
  'Área comum – Térreo',
  'Bloco C',
  'Çapata',
  'Édifício anexo',
  'escada',
  'Fachada',
  'Pavimento 1',
  'Pavimento 2',
  'Torre B – 3º pavimento',
];

async function addLocals(): Promise<void> {
  const extra = EXPECTED_LOCALS.filter((name) => !name.startsWith('Pavimento'));
  // Inserted in byte order (the order the bug showed), so the insertion order proves nothing.
  await db.orm
    .insert(locals)
    .values(extra.sort().map((name) => ({ name, contractId: catalogue.a1.contract, areaId: catalogue.a1.area })));
}

const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

describe('lists', () => {
  test('a name list puts "Área" among the A\'s and "É" among the E\'s, whatever the case', async () => {
    await addLocals();
    const response = await admin.get(`/api/locals?contract=${catalogue.a1.contract}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(await names(response), EXPECTED_LOCALS);
  });

  test('descending is the exact reverse', async () => {
    await addLocals();
    const response = await admin.get(`/api/locals?contract=${catalogue.a1.contract}&sort=name&order=desc`);
    assert.deepEqual(await names(response), [...EXPECTED_LOCALS].reverse());
  });

  test('pages split the same order', async () => {
    await addLocals();
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(
        ...(await names(await admin.get(`/api/locals?contract=${catalogue.a1.contract}&pageSize=4&page=${page}`))),
      );
    }
    assert.deepEqual(pages, EXPECTED_LOCALS);
  });

  test('a parent name sort and the administration lists fold accents too', async () => {
    await db.orm.update(locals).set({ name: 'Ático' }).where(eq(locals.id, catalogue.a1Other.local));
    const byLocal = await admin.get(`/api/blocks?contract=${catalogue.a1.contract}&sort=localName`);
    assert.deepEqual(await names(byLocal), ['Bloco B', 'Bloco A'], 'Ático before Pavimento 1');

    for (const name of ['Zona Leste', 'Águas Claras', 'base Centro']) {
      assert.equal((await admin.post('/api/bases', { name, state: 'SP', isActive: true })).statusCode, 201);
    }
    assert.deepEqual(await names(await admin.get('/api/bases')), [
      'Águas Claras',
      'Base Alfa',
      'Base Beta',
      'base Centro',
      'Zona Leste',
    ]);
    assert.deepEqual(await names(await admin.get('/api/bases/options')), [
      'Águas Claras',
      'Base Alfa',
      'Base Beta',
      'base Centro',
      'Zona Leste',
    ]);

    const place = placeOf(world, 'A1');
    await db.orm.execute(sql`
      insert into users (first_name, email, username, password_hash, profile, base_id, work_id, contract_id)
      select first_name, lower(username) || '@sort.test', username, 'x', 'reporter', ${place.baseId}, ${place.workId}, ${place.contractId}
      from (values ('Zuleica', 'z'), ('Érica', 'e1'), ('Ágata', 'a'), ('eduardo', 'e2'), ('Caio', 'c'), ('Çuri', 'c2')) as t(first_name, username)`);
    assert.deepEqual(await names(await admin.get('/api/users?search=sort.test')), [
      'Ágata',
      'Caio',
      'Çuri',
      'eduardo',
      'Érica',
      'Zuleica',
    ]);
  });
});

describe('options', () => {
  test("offer the names in the list's order", async () => {
    await addLocals();
    const response = await admin.get(`/api/locals/options?contract=${catalogue.a1.contract}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(await names(response), EXPECTED_LOCALS);
  });
});

describe('export', () => {
  test('keeps the order across batches, accented twins tied by id', { timeout: 120_000 }, async () => {
    // Eight names that fold to five keys, ~160 rows each: a batch ends inside a group of twins.
    const variants = ['Zé', 'Ágata', 'agata', 'Bruno', 'Çélia', 'celia', 'Édson', 'EDSON'];
    const folded = ['ze', 'agata', 'agata', 'bruno', 'celia', 'celia', 'edson', 'edson'];
    const count = EXPORT_BATCH + 234;
    const place = placeOf(world, 'A1');
    await db.orm.execute(sql`
      insert into users (first_name, email, username, password_hash, profile, base_id, work_id, contract_id)
      select (${sql.raw(`array[${variants.map((name) => `'${name}'`).join(', ')}]`)})[1 + n % 8],
        'twin' || n || '@sort.test', 'twin' || n, 'x', 'reporter', ${place.baseId}, ${place.workId}, ${place.contractId}
      from generate_series(1, ${count}) as n`);

    for (const order of ['asc', 'desc'] as const) {
      const response = await admin.get(`/api/users/export?format=csv&search=twin&order=${order}`);
      assert.equal(response.statusCode, 200);
      const rows = csvRows(response.body)
        .slice(1)
        .map((row) => row.split(';'));
      const ids = rows.map((row) => Number(row[0]));
      assert.equal(ids.length, count, order);
      assert.equal(new Set(ids).size, count, `${order}: no row twice`);
      const keys = rows.map((row) => folded[variants.indexOf(row[1]!)]!);
      const expected = rows
        .map((_, index) => ({ key: keys[index]!, id: ids[index]! }))
        .sort((a, b) => (a.key === b.key ? a.id - b.id : a.key < b.key ? -1 : 1));
      if (order === 'desc') expected.reverse();
      assert.deepEqual(
        rows.map((_, index) => `${keys[index]} ${ids[index]}`),
        expected.map(({ key, id }) => `${key} ${id}`),
        `${order}: by folded name, then id`,
      );
      assert.deepEqual(
        [...new Set(keys)],
        order === 'asc' ? ['agata', 'bruno', 'celia', 'edson', 'ze'] : ['ze', 'edson', 'celia', 'bruno', 'agata'],
      );
    }
  });
});

describe('duplicates', () => {
  test('still tell accents apart: only case is ignored', async () => {
    await addLocals();
    const accentless = await admin.post('/api/locals', { ...body.local(catalogue.a1), name: 'Area comum – Terreo' });
    assert.equal(accentless.statusCode, 201, accentless.body);
    const sameLetters = await admin.post('/api/locals', { ...body.local(catalogue.a1), name: 'área comum – térreo' });
    assert.equal(sameLetters.statusCode, 409, sameLetters.body);
    assert.equal(sameLetters.json().code, 'duplicate_local_name');
  });
});

describe('indexes', () => {
  test("every sort index is built on the lists' own sort key", async () => {
    const rows = await selectRows<{ indexname: string; indexdef: string }>(
      db.orm,
      sql`select indexname, indexdef from pg_indexes where indexname like '%sort_idx' order by indexname`,
    );
    assert.deepEqual(
      rows.map((row) => row.indexname),
      [
        'activities_sort_idx',
        'areas_sort_idx',
        'blocks_sort_idx',
        'contracts_base_sort_idx',
        'contracts_work_sort_idx',
        'disciplines_sort_idx',
        'equipment_sort_idx',
        'functions_sort_idx',
        'locals_sort_idx',
        'packages_sort_idx',
        'users_base_sort_idx',
        'users_contract_sort_idx',
        'users_name_sort_idx',
        'users_work_sort_idx',
      ],
    );
    for (const { indexname, indexdef } of rows) assert.match(indexdef, /canteiro_sort_key\(.*COLLATE "C"/, indexname);
  });

  test("a contract's activity page can be read in index order, without sorting", async () => {
    const read = activitiesResource('America/Sao_Paulo').read;
    for (const order of ['asc', 'desc']) {
      const query = parseListQuery(read, { contract: String(catalogue.a1.contract), order });
      const where = allOf([read.scope({ profile: 'admin' } as never), effectivelyActive(read), ...query.filters]);
      // Few rows here: forbid the other ways, so only a usable index can avoid the Sort.
      const text = await explain(
        ['enable_sort', 'enable_seqscan', 'enable_bitmapscan'],
        sql`select ${read.table.id} from ${read.from} where ${where}
            order by ${orderBy(query.sort, read.table.id, query.descending)} limit 20`,
      );
      assert.match(text, /Index (Only )?Scan( Backward)? using activities_sort_idx/, `${order}:\n${text}`);
      assert.doesNotMatch(text, /\bSort\b/, `${order}:\n${text}`);
    }
  });

  /** EXPLAIN of `query` with `disabled` planner settings off, in a transaction of its own. */
  async function explain(disabled: string[], query: SQL): Promise<string> {
    const plan = await db.orm.transaction(async (tx) => {
      for (const setting of disabled) await tx.execute(sql.raw(`set local ${setting} = off`));
      return selectRows<Record<string, string>>(tx, sql`explain (costs off) ${query}`);
    });
    return plan.map((row) => Object.values(row)[0]).join('\n');
  }

  test("a user list's default page is read from its sort index alone, every condition in it (migrations 0024, 0027)", async () => {
    const read = usersResource.read;
    const callers: Array<[string, Caller]> = [
      ['users_name_sort_idx', { id: 1, profile: 'admin', baseId: null, workId: null, contractId: null } as Caller],
      [
        'users_base_sort_idx',
        { id: 1, profile: 'base', baseId: world.baseA, workId: null, contractId: null } as Caller,
      ],
      [
        'users_work_sort_idx',
        { id: 1, profile: 'work', baseId: world.baseA, workId: world.workA1, contractId: null } as Caller,
      ],
      [
        'users_contract_sort_idx',
        {
          id: 1,
          profile: 'contract',
          baseId: world.baseA,
          workId: world.workA1,
          contractId: world.contractA1,
        } as Caller,
      ],
    ];
    for (const [index, caller] of callers) {
      const query = parseListQuery(read, { page: '3', pageSize: '20' });
      const page = sql`select ${read.table.id} from ${read.from} where ${listConditions(read, caller, query)}
          order by ${orderBy(query.sort, read.table.id, query.descending)} limit 20 offset 40`;
      // Few rows here: forbid the other ways to read users, so only an index holding every
      // column the page reads (the level, the flags, the ancestors' ids) is left.
      const byIndexAlone = await explain(
        ['enable_sort', 'enable_seqscan', 'enable_bitmapscan', 'enable_indexscan'],
        page,
      );
      assert.match(
        byIndexAlone,
        new RegExp(`Index Only Scan using ${index} on users`),
        `${caller.profile}:\n${byIndexAlone}`,
      );
      // The ancestors' "none inactive" reads only the inactive ones (migration 0027), not
      // every contract: without those indexes, only a whole scan of each level is left.
      const ancestors = await explain(['enable_seqscan', 'enable_bitmapscan'], page);
      for (const level of ['bases', 'works', 'contracts']) {
        assert.match(
          ancestors,
          new RegExp(`Index (Only )?Scan using ${level}_inactive_idx on ${level}`),
          `${caller.profile}:\n${ancestors}`,
        );
      }
    }
  });
});
