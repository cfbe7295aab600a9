import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
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
