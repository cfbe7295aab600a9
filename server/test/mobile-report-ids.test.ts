import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NAMES, MAX_REPORTS_PER_BATCH } from '@canteiro/shared/domain';
import type { ReportKind } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { errorCode } from '../src/db/driver.js';
import { copyRows } from '../src/db/copy.js';
import { activityReports, equipmentReports, quantityReports } from '../src/db/schema/reports.js';
import { dashboardAnswer } from '../src/dashboards/registry.js';
import { dashboardContext } from '../src/dashboards/context.js';
import type { Person, World } from './admin-fixtures.js';
import type { Catalogue } from './management-fixtures.js';
import {
  Phone,
  a1ActivityRow,
  a1EquipmentRow,
  a1QuantityRow,
  mobileSuite,
  newId,
  reportTime,
} from './mobile-fixtures.js';
import type { BatchAnswer } from './mobile-fixtures.js';

/**
 * A report's id is one report across the three kinds (docs/ingestion.md, "Exactly once"), even
 * when batches bring it as different kinds at the same instant: the database decides (the
 * primary key of report_ids), not a look before the inserts. On PGlite transactions run one at
 * a time, so the race shows on PostgreSQL (TEST_DATABASE_URL); the rules hold on both.
 */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;
let catalogue: Catalogue;
let occurrence: number;

mobileSuite((context) => ({ db, app, world, people, catalogue, occurrence } = context));

const KINDS: readonly ReportKind[] = ['activity', 'equipment', 'quantity'];

const rowOf = (kind: ReportKind, id: string): Record<string, unknown> =>
  kind === 'activity'
    ? a1ActivityRow(catalogue, occurrence, { id })
    : kind === 'equipment'
      ? a1EquipmentRow(catalogue, { id })
      : a1QuantityRow(catalogue, { id });

/** A batch: the kind each id is sent as. */
type Batch = [id: string, kind: ReportKind][];

/** Every batch from its own phone (the reporter signed in once per phone), all at the same instant. */
async function sendTogether(batches: readonly Batch[]): Promise<BatchAnswer[]> {
  const phones = await Promise.all(batches.map(() => Phone.signIn(app, 'reporterA1@t.test')));
  const responses = await Promise.all(
    batches.map((batch, index) => phones[index]!.send(batch.map(([id, kind]) => rowOf(kind, id)))),
  );
  return responses.map((response) => {
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as BatchAnswer;
  });
}

/** Ids as a uuid[] parameter. */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The kinds each of `ids` is stored as, from the three tables themselves. */
async function storedKinds(ids: readonly string[]): Promise<Map<string, ReportKind[]>> {
  const rows = await selectRows<{ id: string; kind: ReportKind }>(
    db.orm,
    sql`select id::text as id, kind from (
          select id, 'activity' as kind from activity_reports
          union all select id, 'equipment' from equipment_reports
          union all select id, 'quantity' from quantity_reports) stored
        where id = any(${uuidArray(ids)})
        order by kind`,
  );
  const kinds = new Map<string, ReportKind[]>(ids.map((id) => [id, []]));
  for (const { id, kind } of rows) kinds.get(id)!.push(kind);
  return kinds;
}

/**
 * Each id stored in exactly one table, as the kind of the one batch that answered it
 * `accepted`; every other batch answered it `duplicate` (sent as that same kind) or rejected it
 * `duplicate_report_id` (sent as another kind), and rejected nothing else. report_ids says
 * the same kind.
 */
async function assertStoredOnce(batches: readonly Batch[], answers: readonly BatchAnswer[]): Promise<void> {
  const ids = [...new Set(batches.flatMap((batch) => batch.map(([id]) => id)))];
  const kinds = await storedKinds(ids);
  const twice = [...kinds].filter(([, stored]) => stored.length !== 1);
  assert.equal(twice.length, 0, `${twice.length} of ${ids.length} ids stored as ${twice[0]?.[1].join(' and ')}`);
  const claimed = new Map(
    (
      await selectRows<{ id: string; kind: ReportKind }>(
        db.orm,
        sql`select id::text as id, kind from report_ids where id = any(${uuidArray(ids)})`,
      )
    ).map(({ id, kind }) => [id, kind]),
  );
  const acceptedBy = new Map<string, number>();
  batches.forEach((batch, index) => {
    const answer = answers[index]!;
    const accepted = new Set(answer.accepted);
    const duplicates = new Set(answer.duplicates);
    const rejected = new Map(answer.rejected.map((refusal) => [refusal.id, refusal]));
    assert.equal(answer.accepted.length + answer.duplicates.length + answer.rejected.length, batch.length);
    for (const [id, kind] of batch) {
      const [stored] = kinds.get(id)!;
      assert.equal(claimed.get(id), stored, `report_ids keeps ${id} as the kind stored`);
      if (accepted.has(id)) {
        assert.equal(acceptedBy.get(id), undefined, `${id} accepted by batches ${acceptedBy.get(id)} and ${index}`);
        acceptedBy.set(id, index);
        assert.equal(stored, kind, `${id} accepted as ${kind}, stored as ${stored}`);
      } else if (stored === kind) {
        assert.ok(duplicates.has(id), `${id}: sent as the kind stored, answered ${JSON.stringify(rejected.get(id))}`);
      } else {
        assert.deepEqual(
          rejected.get(id),
          {
            id,
            index: batch.findIndex(([other]) => other === id),
            code: 'duplicate_report_id',
            fields: { id: 'invalid_value' },
          },
          `${id} sent as ${kind}, stored as ${stored}`,
        );
      }
    }
  });
  assert.equal(acceptedBy.size, ids.length, 'every id accepted by one batch');
}

/** Every dashboard of A1 gives the same figures from the rows, the daily rollup and the coarse ones. */
async function assertRollupsFollowRows(): Promise<void> {
  const caller = {
    id: people.admin,
    profile: 'admin',
    baseId: null,
    workId: null,
    contractId: null,
    firstAccess: false,
    channel: 'web',
  } as const;
  for (const name of DASHBOARD_NAMES) {
    const answers = [];
    for (const rollup of ['rows', 'daily', 'coarse'] as const) {
      const context = await dashboardContext(
        db.orm,
        caller,
        { contract: String(world.contractA1) },
        'America/Sao_Paulo',
        { rollup },
      );
      const { generatedAt: _time, ...answer } = await dashboardAnswer(name, context);
      answers.push(answer);
    }
    assert.deepEqual(answers[1], answers[0], `${name}: the daily rollup against the rows`);
    assert.deepEqual(answers[2], answers[0], `${name}: the coarse rollups against the rows`);
  }
}

const freshIds = (count: number) => Array.from({ length: count }, newId);

describe('one id, one report across the kinds, whatever arrives at the same instant', () => {
  test(`${MAX_REPORTS_PER_BATCH} ids sent as activity, equipment and quantity by three phones together are each stored once`, async () => {
    const ids = freshIds(MAX_REPORTS_PER_BATCH);
    const batches = KINDS.map((kind): Batch => ids.map((id) => [id, kind]));
    const answers = await sendTogether(batches);
    await assertStoredOnce(batches, answers);
    await assertRollupsFollowRows();
  });

  test('two phones sending the same kind and two others sending other kinds: one accepted, then duplicate or duplicate_report_id', async () => {
    const ids = freshIds(500);
    const batches = (['activity', 'activity', 'equipment', 'quantity'] as const).map((kind): Batch =>
      ids.map((id) => [id, kind]),
    );
    const answers = await sendTogether(batches);
    await assertStoredOnce(batches, answers);
    await assertRollupsFollowRows();
  });

  test('batches mixing the kinds, each id a different kind in each batch, crossing: each id stored once', async () => {
    const ids = freshIds(300);
    const batches = [0, 1, 2].map((shift): Batch => ids.map((id, index) => [id, KINDS[(index + shift) % 3]!]));
    const answers = await sendTogether(batches);
    await assertStoredOnce(batches, answers);
    await assertRollupsFollowRows();
  });
});

/**
 * Batches of one contract no longer wait for each other through their rollups (migration 0025):
 * what still must not interleave is the local-times count (two batches bringing a (time, local)
 * pair's first rows would both count it) and the version (a batch must not write an older one
 * over a newer one). Each phone's rows share no rollup line with another's, where a shared line
 * would make the later batch wait for the first's commit and hide the race.
 */
describe('batches of one contract at the same instant', () => {
  const PHONES = 4;
  const ROUNDS = 5;
  const ROWS = 100;

  async function sendAll(phones: Phone[], rows: (phone: number) => Record<string, unknown>): Promise<void> {
    const responses = await Promise.all(
      phones.map((phone, index) => phone.send(Array.from({ length: ROWS }, () => rows(index)))),
    );
    for (const response of responses) {
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((response.json() as BatchAnswer).accepted.length, ROWS, response.body);
    }
  }

  test('rows of one walk: each (report time, local) is counted once', async () => {
    const phones = await Promise.all(Array.from({ length: PHONES }, () => Phone.signIn(app, 'reporterA1@t.test')));
    // One occurrence per phone: no hourly, daily or functions line in common.
    const occurrences = (
      await selectRows<{ id: number }>(
        db.orm,
        sql`insert into occurrences (name, category, classification)
            select 'Ocorrência da fase ' || n, 'labour', 'value_adding' from generate_series(1, ${PHONES}) as n
            returning id`,
      )
    ).map(({ id }) => id);
    for (let round = 0; round < ROUNDS; round += 1) {
      // A time no earlier test used: its pair with A1's local is new.
      const at = new Date(Date.now() - (2 * 60 + round * 7) * 60_000 - 13_000).toISOString();
      await sendAll(phones, (phone) => a1ActivityRow(catalogue, occurrences[phone]!, { reportTime: at }));
      const [counted] = await selectRows<{ kept: number; rows: number }>(
        db.orm,
        sql`select
              (select coalesce(sum(report_times), 0)::int from activity_daily_local_times
                where contract_id = ${catalogue.a1.contract} and local_id = ${catalogue.a1.local}) as kept,
              (select count(distinct report_time)::int from activity_reports
                where contract_id = ${catalogue.a1.contract} and local_id = ${catalogue.a1.local}) as rows`,
      );
      assert.equal(counted!.kept, counted!.rows, `round ${round}: report times at the local, kept against the rows`);
    }
    await assertRollupsFollowRows();
  });

  test('batches of other days: the version kept is the newest drawn', async () => {
    const phones = await Promise.all(Array.from({ length: PHONES }, () => Phone.signIn(app, 'reporterA1@t.test')));
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each phone its own day: no rollup line in common, only the contract's version.
      await sendAll(phones, (phone) =>
        a1ActivityRow(catalogue, occurrence, { reportTime: reportTime(-(phone + 1) * 24 * 60 - round * 31) }),
      );
      const [version] = await selectRows<{ kept: string; drawn: string }>(
        db.orm,
        sql`select (select version from dashboard_data_versions where contract_id = ${catalogue.a1.contract})::text as kept,
              (select last_value from dashboard_data_version_seq)::text as drawn`,
      );
      assert.equal(version!.kept, version!.drawn, `round ${round}: the contract's version is the newest drawn`);
    }
    await assertRollupsFollowRows();
  });
});

/** A report row written without the API (as SQL by hand or a bulk load would), on A1's first chain. */
async function insertByHand(kind: ReportKind, id: string, contractId = catalogue.a1.contract): Promise<void> {
  const common = {
    id,
    contractId,
    reportTime: new Date('2026-03-02T12:00:00Z'),
    localDate: '2026-03-02',
    localMinute: 9 * 60,
    localWeekday: 1,
    userId: people.reporterA1,
    packageId: catalogue.a1.package,
    activityId: catalogue.a1.activity,
  };
  if (kind === 'activity')
    await db.orm.insert(activityReports).values({
      ...common,
      localId: catalogue.a1.local,
      functionId: catalogue.a1.function,
      occurrenceId: occurrence,
      quantity: 2,
      isScheduled: true,
    });
  else if (kind === 'equipment')
    await db.orm
      .insert(equipmentReports)
      .values({ ...common, areaId: catalogue.a1.area, equipmentId: catalogue.a1.equipment, classification: 'working' });
  else await db.orm.insert(quantityReports).values({ ...common, areaId: catalogue.a1.area, quantity: 3, unity: 'm³' });
}

/** The SQLSTATE a statement failed with, or null when it did not fail. */
async function failureOf(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
    return null;
  } catch (error) {
    return errorCode(error);
  }
}

/**
 * The report tables keep no key of their own to contracts (migration 0025): a row's contract is
 * its activity's, through the (activity_id, contract_id) key, and the contract stays while the
 * row does.
 */
describe("a report's contract, kept by its activity's key", () => {
  test("a row naming no contract, or a contract that is not its activity's, is refused by the database; a contract with reports cannot go", async () => {
    for (const kind of KINDS) {
      assert.equal(await failureOf(insertByHand(kind, newId(), 2_000_000_000)), '23503', `${kind}: no such contract`);
      assert.equal(
        await failureOf(insertByHand(kind, newId(), world.contractA2)),
        '23503',
        `${kind}: another contract`,
      );
    }
    await insertByHand('activity', newId());
    assert.equal(
      await failureOf(db.orm.execute(sql`delete from contracts where id = ${catalogue.a1.contract}`)),
      '23503',
    );
    assert.equal(
      await failureOf(db.orm.execute(sql`delete from activities where id = ${catalogue.a1.activity}`)),
      '23503',
    );
  });
});

/** The whole of report_ids, by id. */
async function claims(): Promise<Record<string, ReportKind>> {
  const rows = await selectRows<{ id: string; kind: ReportKind }>(
    db.orm,
    sql`select id::text as id, kind from report_ids order by id`,
  );
  return Object.fromEntries(rows.map(({ id, kind }) => [id, kind]));
}

async function sendOne(kind: ReportKind, id: string): Promise<BatchAnswer> {
  const phone = await Phone.signIn(app, 'reporterA1@t.test');
  const response = await phone.send([rowOf(kind, id)]);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as BatchAnswer;
}

describe('report_ids follows every write to the report tables', () => {
  test('rows written without the API claim their ids; deleted or truncated, they free them; an id changed moves', async () => {
    // By hand: the API then knows the id as that kind.
    const [byHand, copied, moved] = freshIds(3);
    await insertByHand('activity', byHand!);
    assert.deepEqual(await claims(), { [byHand!]: 'activity' });
    assert.deepEqual(
      (await sendOne('equipment', byHand!)).rejected.map(({ code }) => code),
      ['duplicate_report_id'],
    );
    assert.deepEqual((await sendOne('activity', byHand!)).duplicates, [byHand]);

    // COPY (the demo and scale loads): claimed too; an id held as another kind fails the load.
    const equipmentRow = (id: string) => [
      id,
      catalogue.a1.contract,
      '2026-03-02T12:00:00Z',
      '2026-03-02',
      540,
      1,
      people.reporterA1,
      catalogue.a1.package,
      catalogue.a1.area,
      catalogue.a1.activity,
      catalogue.a1.equipment,
      'idle',
    ];
    const columns = [
      'id',
      'contract_id',
      'report_time',
      'local_date',
      'local_minute',
      'local_weekday',
      'user_id',
      'package_id',
      'area_id',
      'activity_id',
      'equipment_id',
      'classification',
    ];
    assert.equal(await copyRows(db, 'equipment_reports', columns, [equipmentRow(copied!)]), 1);
    assert.equal((await claims())[copied!], 'equipment');
    await assert.rejects(copyRows(db, 'equipment_reports', columns, [equipmentRow(byHand!)]), /report_ids_pkey/);
    assert.deepEqual([...(await storedKinds([byHand!])).values()], [['activity']]);

    // An id changed by hand moves its claim; deleted, the row frees it for any kind.
    await db.orm.update(activityReports).set({ id: moved! }).where(eq(activityReports.id, byHand!));
    assert.deepEqual(await claims(), { [copied!]: 'equipment', [moved!]: 'activity' });
    await db.orm.delete(activityReports).where(eq(activityReports.id, moved!));
    assert.deepEqual(await claims(), { [copied!]: 'equipment' });
    assert.deepEqual((await sendOne('quantity', moved!)).accepted, [moved]);

    // A truncated table frees its own ids only.
    await db.orm.execute(sql`truncate equipment_reports`);
    assert.deepEqual(await claims(), { [moved!]: 'quantity' });
    assert.deepEqual((await sendOne('activity', copied!)).accepted, [copied]);
  });
});

// Last in the file: it takes 0013 away and applies it again.
describe('migration 0013', () => {
  test('claims the ids already stored; an id stored as two kinds before it keeps both rows', async () => {
    // The database as 0012 left it, holding reports: one of them under one id as two kinds.
    await db.orm.execute(sql`drop function report_ids_changed() cascade`);
    await db.orm.execute(sql`drop table report_ids`);
    const [activity, twice, quantity] = freshIds(3);
    await insertByHand('activity', activity!);
    await insertByHand('equipment', twice!);
    await insertByHand('activity', twice!);
    await insertByHand('quantity', quantity!);

    const migration = readFileSync(new URL('../drizzle/0013_report_ids.sql', import.meta.url), 'utf8');
    await db.orm.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    // The first table's kind (activity) claims the id stored twice; its equipment row stays.
    assert.deepEqual(await claims(), { [activity!]: 'activity', [twice!]: 'activity', [quantity!]: 'quantity' });
    assert.deepEqual((await storedKinds([twice!])).get(twice!), ['activity', 'equipment']);
    assert.deepEqual(
      (await sendOne('quantity', twice!)).rejected.map(({ code }) => code),
      ['duplicate_report_id'],
    );
    assert.deepEqual(
      (await sendOne('activity', quantity!)).rejected.map(({ code }) => code),
      ['duplicate_report_id'],
    );
    // The triggers are back: a new row claims its id.
    const fresh = newId();
    await insertByHand('equipment', fresh);
    assert.equal((await claims())[fresh], 'equipment');
    await assertRollupsFollowRows();
  });
});
