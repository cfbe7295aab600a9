import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import type { StatementPlan } from '../src/db/driver.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import {
  activities,
  areas,
  blocks,
  disciplines,
  equipment,
  locals,
  occurrences,
  packages,
} from '../src/db/schema/catalogue.js';
import { users } from '../src/db/schema/people.js';
import { createOrganisation, openTestDatabase, resetDatabase } from './helpers.js';
import type { Organisation } from './helpers.js';

let db: Database;
let organisation: Organisation;

before(async () => {
  db = await openTestDatabase();
});
beforeEach(async () => {
  await resetDatabase(db);
  organisation = await createOrganisation(db);
});
after(async () => {
  await db?.close();
});

/** The database refuses the write (drizzle wraps the driver's error; the cause names the constraint). */
async function refused(write: Promise<unknown>, constraint: string): Promise<void> {
  await assert.rejects(write, (error: Error & { cause?: { constraint?: string; message?: string } }) => {
    const text = `${error.message} ${error.cause?.constraint ?? ''} ${error.cause?.message ?? ''}`;
    assert.match(text, new RegExp(constraint));
    return true;
  });
}

describe('statements', () => {
  test('a SELECT is prepared once per connection, unless it asks to be planned on every run', async () => {
    // Distinct texts, so nothing an earlier test ran is mistaken for them.
    const marker = `m${Date.now()}`;
    const kept = sql`select ${bases.id} as ${sql.identifier(`${marker}_kept`)} from ${bases} where ${bases.id} = ${1}`;
    const planned = sql`select ${bases.id} as ${sql.identifier(`${marker}_planned`)} from ${bases} where ${bases.id} = ${1}`;
    // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
    const statements = await db.orm.transaction(async (tx) => {
      for (let run = 0; run < 3; run += 1) {
        await selectRows(tx, kept);
        await selectRows(tx, planned, { plan: 'per-call' });
      }
      return selectRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`);
    });
    const texts = statements.map((row) => row.statement).join('\n');
    assert.match(texts, new RegExp(`${marker}_kept`));
    assert.doesNotMatch(texts, new RegExp(`${marker}_planned`));
  });

  test('a SELECT asked for its generic plan runs it from its first run, and the setting ends with it', async () => {
    const marker = `m${Date.now()}`;
    // A value with a quote, a backslash and a `$1`: written into the EXECUTE as a literal.
    const awkward = "it's \\ $1";
    const generic = sql`select ${bases.id} as ${sql.identifier(`${marker}_generic`)}, ${awkward}::text as quoted
      from ${bases} where ${bases.id} = ${organisation.baseId} or ${bases.name} = ${"o'clock"}`;
    const { rows, setting, plans } = await db.orm.transaction(async (tx) => {
      const answers = [];
      for (let run = 0; run < 3; run += 1)
        answers.push(await selectRows<{ quoted: string }>(tx, generic, { plan: 'generic' }));
      const [mode] = await selectRows<{ mode: string }>(tx, sql`select current_setting('plan_cache_mode') as mode`);
      const counted = await selectRows<{ generic: number; custom: number }>(
        tx,
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where statement like ${`%${marker}_generic%`}`,
      );
      return { rows: answers, setting: mode?.mode, plans: counted };
    });
    // Outside a transaction too (pg-pool's callback path on PostgreSQL), whichever connection runs it.
    for (let run = 0; run < 3; run += 1)
      rows.push(await selectRows<{ quoted: string }>(db.orm, generic, { plan: 'generic' }));
    assert.deepEqual(
      rows.map((answer) => answer.map((row) => row.quoted)),
      Array.from({ length: 6 }, () => [awkward]),
    );
    assert.equal(setting, 'auto');
    assert.deepEqual(plans, [{ generic: 3, custom: 0 }]);
  });
});

describe('values reach the database unchanged', () => {
  // On PGlite a prepared SELECT runs as `EXECUTE name('…', …)` with each value quoted by hand
  // (db/pglite-engine.ts); on PostgreSQL the driver binds them. Either way, what comes back
  // is what went in, whatever the text holds (quotes, backslashes, `$1`, newlines, any script).
  const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((value) => !value.includes('\0'));
  const roundTrip = <Row>(query: SQL, plan: StatementPlan = 'kept') =>
    // Inside a transaction: a single session on either database, so the PREPAREd path is the one taken.
    db.orm.transaction((tx) => selectRows<Row>(tx, query, { plan }));

  test('text, two values at once and in either order', async () => {
    await fc.assert(
      fc.asyncProperty(text, text, async (first, second) => {
        // A generic statement's values are literals on both databases (db/generic-plans.ts).
        for (const plan of ['kept', 'generic'] as const) {
          const [row] = await roundTrip<{ a: string; b: string; both: string }>(
            sql`select ${first}::text as a, ${second}::text as b, ${first}::text || ${second}::text as both`,
            plan,
          );
          assert.deepEqual(row, { a: first, b: second, both: first + second });
        }
      }),
      { numRuns: 150 },
    );
  });

  test('a backslash reads the same whatever standard_conforming_strings is', async () => {
    const value = "C:\\new\\'quoted' \\\\ end\\";
    const answers = await db.orm.transaction(async (tx) => {
      await tx.execute(sql`set local standard_conforming_strings = off`);
      const read = [];
      for (const plan of ['kept', 'generic'] as const)
        read.push(...(await selectRows<{ value: string }>(tx, sql`select ${value}::text as value`, { plan })));
      return read;
    });
    assert.deepEqual(answers, [{ value }, { value }]);
  });

  test('numbers and booleans, as the columns they fill', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.boolean(),
        async (real, integer, flag) => {
          const [row] = await roundTrip<{ real: number; integer: number; flag: boolean }>(
            sql`select ${real}::float8 as real, ${integer}::int8 as integer, ${flag}::boolean as flag`,
          );
          assert.deepEqual(row, { real: real === 0 ? 0 : real, integer, flag });
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a value is never read as SQL', async () => {
    const before = await selectRows<{ count: number }>(db.orm, sql`select count(*)::int as count from ${bases}`);
    for (const attack of ["'); delete from bases; --", "' or '1'='1", "\\'; drop table bases; --", '$1', "''"]) {
      const [row] = await roundTrip<{ value: string }>(sql`select ${attack}::text as value`);
      assert.equal(row?.value, attack);
    }
    assert.deepEqual(await selectRows(db.orm, sql`select count(*)::int as count from ${bases}`), before);
  });
});

describe('the schema', () => {
  test('numbers come back as numbers on either database', async () => {
    const [row] = await selectRows<Record<string, unknown>>(
      db.orm,
      sql`select count(*) as registers, sum(2.5::numeric) as hours, 9007199254740::bigint as big`,
    );
    assert.deepEqual(row, { registers: 1, hours: 2.5, big: 9007199254740 });
  });

  test('duplicate names are refused ignoring case', async () => {
    await refused(db.orm.insert(bases).values({ name: 'BASE teste', state: 'RJ' }), 'bases_name_unique');
    await refused(
      db.orm.insert(works).values({
        name: 'outra',
        prj: 'prj-1',
        description: 'd',
        baseId: organisation.baseId,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
      'works_prj_unique',
    );
    await refused(
      db.orm.insert(works).values({
        name: 'OBRA TESTE',
        prj: 'PRJ-2',
        description: 'd',
        baseId: organisation.baseId,
        startDate: '2026-01-01',
        endDate: '2026-01-02',
      }),
      'works_base_name_unique',
    );
    await db.orm.insert(users).values({ email: 'Ana@x.test', username: 'ana', passwordHash: 'h', profile: 'admin' });
    await refused(
      db.orm.insert(users).values({ email: 'ana@X.test', username: 'ana2', passwordHash: 'h', profile: 'admin' }),
      'users_email_unique',
    );
    await db.orm
      .insert(occurrences)
      .values({ name: 'Aguardando material', category: 'material', classification: 'evident_waste' });
    await refused(
      db.orm
        .insert(occurrences)
        .values({ name: 'AGUARDANDO MATERIAL', category: 'material', classification: 'evident_waste' }),
      'occurrences_name_unique',
    );
  });

  test('the same name is allowed in another contract', async () => {
    const other = await db.orm
      .insert(contracts)
      .values({
        name: 'Outra',
        description: 'd',
        baseId: organisation.baseId,
        workId: organisation.workId,
        reportingGoal: 1,
        reportingPeriod: 15,
      })
      .returning();
    await db.orm.insert(disciplines).values({ name: 'Estrutura', contractId: organisation.contractId });
    await db.orm.insert(disciplines).values({ name: 'Estrutura', contractId: other[0]!.id });
    await refused(
      db.orm.insert(disciplines).values({ name: 'estrutura', contractId: organisation.contractId }),
      'disciplines_contract_name_unique',
    );
  });

  test('CHECK constraints hold the lists and the limits', async () => {
    const contract = { name: 'C', description: 'd', baseId: organisation.baseId, workId: organisation.workId };
    await refused(
      db.orm.insert(contracts).values({ ...contract, reportingGoal: 0, reportingPeriod: 30 }),
      'contracts_reporting_goal_check',
    );
    await refused(
      db.orm.insert(contracts).values({ ...contract, reportingGoal: 4, reportingPeriod: 20 }),
      'contracts_reporting_period_check',
    );
    await refused(db.orm.insert(bases).values({ name: 'B', state: 'XX' }), 'bases_state_check');
    await refused(
      db.orm.insert(works).values({
        name: 'W',
        prj: 'P',
        description: 'd',
        baseId: organisation.baseId,
        startDate: '2026-02-01',
        endDate: '2026-01-01',
      }),
      'works_dates_check',
    );
    await refused(
      db.orm.insert(users).values({ email: 'r@x.test', username: 'r', passwordHash: 'h', profile: 'chief' }),
      'users_profile_check',
    );
    await refused(
      db.orm.insert(users).values({ email: 'c@x.test', username: 'c', passwordHash: 'h', profile: 'contract' }),
      'users_scope_check',
    );
    await refused(
      db.orm.insert(occurrences).values({ name: 'O', category: 'labour', classification: 'waste' }),
      'occurrences_classification_check',
    );
  });

  test('a child cannot hang from a parent of another contract', async () => {
    const [other] = await db.orm
      .insert(contracts)
      .values({
        name: 'Outra',
        description: 'd',
        baseId: organisation.baseId,
        workId: organisation.workId,
        reportingGoal: 1,
        reportingPeriod: 60,
      })
      .returning();
    const [discipline] = await db.orm
      .insert(disciplines)
      .values({ name: 'Estrutura', contractId: organisation.contractId })
      .returning();
    await refused(
      db.orm.insert(areas).values({ name: 'Torre A', contractId: other!.id, disciplineId: discipline!.id }),
      'areas_discipline_fk',
    );
  });

  test('an activity keeps its term in days and refuses negative quantities', async () => {
    const contractId = organisation.contractId;
    const [discipline] = await db.orm.insert(disciplines).values({ name: 'Estrutura', contractId }).returning();
    const [area] = await db.orm
      .insert(areas)
      .values({ name: 'Torre A', contractId, disciplineId: discipline!.id })
      .returning();
    const [local] = await db.orm
      .insert(locals)
      .values({ name: '3º pavimento', contractId, areaId: area!.id })
      .returning();
    const [block] = await db.orm.insert(blocks).values({ name: 'Bloco 1', contractId, localId: local!.id }).returning();
    const [pack] = await db.orm
      .insert(packages)
      .values({ name: 'Alvenaria', contractId, blockId: block!.id })
      .returning();
    const activity = {
      name: 'Elevação de alvenaria',
      contractId,
      areaId: area!.id,
      localId: local!.id,
      blockId: block!.id,
      packageId: pack!.id,
      measureUnit: 'm²',
      hhCount: 850.5,
      quantity: 1000,
      startDate: '2026-03-02',
      endDate: '2026-03-06',
    };
    const [created] = await db.orm.insert(activities).values(activity).returning();
    assert.equal(created?.term, 5);
    assert.equal(created?.hhCount, 850.5);
    assert.equal(created?.isFinished, false);
    await refused(
      db.orm.insert(activities).values({ ...activity, name: 'Outra', quantity: -1 }),
      'activities_quantity_check',
    );
    await refused(
      db.orm.insert(activities).values({ ...activity, name: 'Outra', measureUnit: 'ft' }),
      'activities_measure_unit_check',
    );
    await refused(
      db.orm.insert(activities).values({ ...activity, name: 'ELEVAÇÃO DE ALVENARIA' }),
      'activities_contract_package_name_unique',
    );
    await refused(
      db.orm.insert(activities).values({ ...activity, name: 'Outra', hhCount: 0 }),
      'activities_hh_count_check',
    );
    await db.orm.insert(equipment).values({ company: 'Locadora', type: 'Grua', specification: '8 t', contractId });
    await refused(
      db.orm.insert(equipment).values({ company: 'LOCADORA', type: 'grua', specification: '8 T', contractId }),
      'equipment_contract_company_specification_unique',
    );
  });

  test('report tables are indexed by contract and report time', async () => {
    const indexes = await selectRows<{ tablename: string; indexdef: string }>(
      db.orm,
      sql`select tablename, indexdef from pg_indexes
        where tablename like '%_reports' and indexdef like '%(contract_id, report_time)%' order by tablename`,
    );
    assert.deepEqual(
      indexes.map((index) => index.tablename),
      ['activity_reports', 'equipment_reports', 'quantity_reports'],
    );
    for (const index of indexes) assert.match(index.indexdef, /\(contract_id, report_time\)/);
  });
});
