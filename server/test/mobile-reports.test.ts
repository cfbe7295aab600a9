import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH_SCHEME, MAX_REPORT_TEXT, MAX_REPORTS_PER_BATCH, errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { activityReports, equipmentReports, quantityReports } from '../src/db/schema/reports.js';
import { auditLog } from '../src/db/schema/audit.js';
import { works } from '../src/db/schema/organisation.js';
import type { Catalogue } from './management-fixtures.js';
import type { Client, Person, World } from './admin-fixtures.js';
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
import { ingestReports } from '../src/mobile/ingest.js';

/** POST /api/mobile/reports: every row rule, exactly once, one bad row alone (docs/ingestion.md). */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;
let admin: Client;
let catalogue: Catalogue;
let occurrence: number;
let inactiveOccurrence: number;

mobileSuite((context) => ({ db, app, world, people, admin, catalogue, occurrence, inactiveOccurrence } = context));

const reporter = () => Phone.signIn(app, 'reporterA1@t.test');

type RowBody = Record<string, unknown>;

const activityRow = (changes: RowBody = {}): RowBody =>
  a1ActivityRow(catalogue, occurrence, { notes: 'Concretagem da laje', ...changes });

const equipmentRow = (changes: RowBody = {}): RowBody => a1EquipmentRow(catalogue, changes);

const quantityRow = (changes: RowBody = {}): RowBody => a1QuantityRow(catalogue, changes);

async function send(phone: Phone, reports: unknown[]): Promise<BatchAnswer> {
  const response = await phone.send(reports);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as BatchAnswer;
}

async function stored(): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db.orm,
    sql`select (select count(*) from activity_reports) + (select count(*) from equipment_reports)
      + (select count(*) from quantity_reports) as n`,
  );
  return Number(row!.n);
}

/** The one rejection of a one-row batch. */
async function rejection(phone: Phone, row: unknown) {
  const answer = await send(phone, [row]);
  assert.equal(answer.accepted.length, 0, JSON.stringify(answer));
  assert.equal(answer.rejected.length, 1, JSON.stringify(answer));
  const [{ code, fields }] = answer.rejected as [BatchAnswer['rejected'][number]];
  return { code, fields };
}

describe('a batch of reports', () => {
  test('stores a row of each kind for the reporter, with the site clock fields, and answers their ids', async () => {
    const phone = await reporter();
    const rows = [
      activityRow({ reportTime: '2026-03-02T23:30:00Z', reportInfo: '  ', notes: ' Laje 3 ' }),
      equipmentRow({ reportTime: '2026-03-01T10:05:30.250-03:00', notes: '' }),
      quantityRow({ reportTime: '2026-03-04T08:00+00:00', quantity: 0.125 }),
    ];
    const answer = await send(phone, rows);
    assert.deepEqual(answer, { accepted: rows.map((row) => row.id), duplicates: [], rejected: [] });

    const [activity] = await db.orm.select().from(activityReports);
    assert.deepEqual(
      { ...activity, receivedAt: undefined, reportTime: activity?.reportTime.toISOString() },
      {
        id: rows[0]!.id,
        contractId: world.contractA1,
        reportTime: '2026-03-02T23:30:00.000Z',
        // 20:30 on Monday 2 March in São Paulo (UTC−3).
        localDate: '2026-03-02',
        localMinute: 20 * 60 + 30,
        localWeekday: 1,
        userId: people.reporterA1,
        packageId: catalogue.a1.package,
        localId: catalogue.a1.local,
        activityId: catalogue.a1.activity,
        functionId: catalogue.a1.function,
        occurrenceId: occurrence,
        quantity: 3,
        notes: 'Laje 3',
        reportInfo: null,
        isScheduled: true,
        receivedAt: undefined,
      },
    );
    assert.ok(activity!.receivedAt.getTime() > Date.now() - 60_000);

    const [machine] = await db.orm.select().from(equipmentReports);
    assert.deepEqual(
      [machine?.reportTime.toISOString(), machine?.localDate, machine?.localMinute, machine?.localWeekday],
      ['2026-03-01T13:05:30.250Z', '2026-03-01', 10 * 60 + 5, 7],
    );
    assert.deepEqual(
      [machine?.classification, machine?.notes, machine?.equipmentId],
      ['idle', null, catalogue.a1.equipment],
    );

    const [produced] = await db.orm.select().from(quantityReports);
    assert.deepEqual(
      [produced?.quantity, produced?.unity, produced?.localDate, produced?.localMinute, produced?.localWeekday],
      [0.125, 'm³', '2026-03-04', 5 * 60, 3],
    );
    assert.equal((await db.orm.select().from(auditLog)).length, 0, 'the rows carry their reporter; no audit line each');
  });

  test('an id in capitals is the same id, stored and answered in lower case', async () => {
    const phone = await reporter();
    const id = newId();
    const answer = await send(phone, [activityRow({ id: id.toUpperCase() })]);
    assert.deepEqual(answer.accepted, [id]);
    assert.deepEqual((await send(phone, [activityRow({ id })])).duplicates, [id]);
    assert.equal(await stored(), 1);
  });

  test('a resent batch changes nothing: every row is a duplicate, the first copy stays', async () => {
    const phone = await reporter();
    const rows = [activityRow(), equipmentRow(), quantityRow()];
    const ids = rows.map((row) => row.id as string);
    assert.deepEqual((await send(phone, rows)).accepted, ids);
    const changed = rows.map((row) => ({ ...row, notes: 'outra coisa', quantity: 7 }));
    assert.deepEqual(await send(phone, changed), { accepted: [], duplicates: ids, rejected: [] });
    const [activity] = await db.orm.select().from(activityReports);
    assert.deepEqual([activity?.notes, activity?.quantity], ['Concretagem da laje', 3]);
    assert.equal(await stored(), 3);

    // A batch mixing new and known rows: only the new ones are accepted.
    const fresh = activityRow();
    const mixed = await send(phone, [rows[1], fresh, rows[0]]);
    assert.deepEqual(mixed, { accepted: [fresh.id], duplicates: [ids[1], ids[0]], rejected: [] });
    assert.equal(await stored(), 4);
  });

  test('a row repeated within the batch is stored once: the first copy wins, later ones are duplicates', async () => {
    const phone = await reporter();
    const first = activityRow({ quantity: 5 });
    const other = quantityRow();
    const answer = await send(phone, [
      first,
      other,
      { ...first, quantity: 9 },
      { ...first, id: String(first.id).toUpperCase() },
    ]);
    assert.deepEqual(answer, { accepted: [first.id, other.id], duplicates: [first.id, first.id], rejected: [] });
    const [activity] = await db.orm.select().from(activityReports);
    assert.equal(activity?.quantity, 5);
    assert.equal(await stored(), 2);
  });

  test('an id is one report across the kinds: sent again as another kind, it is refused (duplicate_report_id)', async () => {
    const phone = await reporter();
    const id = newId();
    assert.deepEqual((await send(phone, [activityRow({ id })])).accepted, [id]);
    const answer = await send(phone, [
      equipmentRow({ id }),
      quantityRow({ id: id.toUpperCase() }),
      activityRow({ id }),
    ]);
    assert.deepEqual(answer.accepted, []);
    // Rows 1 and 2 repeat the batch's first id: duplicates, as any repeated row (the first copy decides).
    assert.deepEqual(answer.duplicates, [id, id]);
    assert.deepEqual(
      answer.rejected.map(({ index, code, fields }) => [index, code, fields]),
      [[0, 'duplicate_report_id', { id: 'invalid_value' }]],
    );
    assert.equal(await stored(), 1);
  });

  test('two copies of a batch arriving at the same moment store each row once', async () => {
    const phone = await reporter();
    const other = await reporter();
    const rows = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0 ? activityRow() : i % 3 === 1 ? equipmentRow() : quantityRow(),
    );
    const ids = rows.map((row) => row.id as string);
    const answers = await Promise.all([send(phone, rows), send(other, [...rows].reverse()), send(phone, rows)]);
    const accepted = answers.flatMap((answer) => answer.accepted);
    assert.deepEqual([...accepted].sort(), [...ids].sort(), 'each id accepted by exactly one of the three');
    for (const answer of answers) {
      assert.equal(answer.accepted.length + answer.duplicates.length, rows.length);
      assert.equal(answer.rejected.length, 0);
    }
    assert.equal(await stored(), rows.length);
  });

  test('one bad row holds back no other', async () => {
    const phone = await reporter();
    const good = [activityRow(), equipmentRow(), quantityRow()];
    const answer = await send(phone, [
      good[0],
      activityRow({ contract: world.contractB1 }),
      good[1],
      activityRow({ occurrence: inactiveOccurrence }),
      'not a row',
      good[2],
    ]);
    assert.deepEqual(
      answer.accepted,
      good.map((row) => row.id),
    );
    assert.deepEqual(
      answer.rejected.map(({ index, code }) => [index, code]),
      [
        [1, 'contract_out_of_scope'],
        [3, 'inactive_reference'],
        [4, 'validation_failed'],
      ],
    );
    assert.equal(answer.rejected[2]!.id, null);
    assert.equal(await stored(), 3);
  });
});

describe('each row is checked', () => {
  test('its fields: a code per field (validation_failed)', async () => {
    const phone = await reporter();
    const cases: [RowBody, Record<string, string>][] = [
      [activityRow({ id: undefined }), { id: 'required' }],
      [activityRow({ id: 'not-a-uuid' }), { id: 'invalid_value' }],
      [activityRow({ id: 42 }), { id: 'invalid_value' }],
      [activityRow({ contract: undefined }), { contract: 'required' }],
      [activityRow({ contract: 'A1' }), { contract: 'invalid_value' }],
      [activityRow({ contract: 2 ** 31 }), { contract: 'invalid_value' }],
      [activityRow({ reportTime: undefined }), { reportTime: 'required' }],
      [activityRow({ reportTime: '2026-03-02T10:00:00' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: '2026-03-02 10:00:00-03:00' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: '2026-02-31T10:00:00Z' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: '2026-03-02T24:00:00Z' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: '2026-03-02T10:00:00+25:00' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: '1999-12-31T23:59:59Z' }), { reportTime: 'invalid_value' }],
      [activityRow({ reportTime: 1_772_000_000_000 }), { reportTime: 'invalid_value' }],
      [
        activityRow({ package: undefined, local: 0, activity: -1, function: 1.5, occurrence: '3' }),
        {
          package: 'required',
          local: 'invalid_value',
          activity: 'invalid_value',
          function: 'invalid_value',
          occurrence: 'invalid_value',
        },
      ],
      [activityRow({ quantity: 0 }), { quantity: 'invalid_value' }],
      [activityRow({ quantity: 201 }), { quantity: 'invalid_value' }],
      [activityRow({ quantity: 2.5 }), { quantity: 'invalid_value' }],
      [activityRow({ quantity: undefined }), { quantity: 'required' }],
      [
        activityRow({ notes: 'x'.repeat(MAX_REPORT_TEXT + 1), reportInfo: 5 }),
        { notes: 'too_long', reportInfo: 'invalid_value' },
      ],
      [activityRow({ isScheduled: undefined }), { isScheduled: 'required' }],
      [activityRow({ isScheduled: 'yes' }), { isScheduled: 'invalid_value' }],
      [equipmentRow({ classification: 'broken' }), { classification: 'invalid_value' }],
      [equipmentRow({ equipment: undefined, area: null }), { equipment: 'required', area: 'required' }],
      [quantityRow({ quantity: -1 }), { quantity: 'invalid_value' }],
      [quantityRow({ quantity: 1.2345 }), { quantity: 'invalid_value' }],
      [quantityRow({ quantity: 1e11 }), { quantity: 'invalid_value' }],
      [quantityRow({ quantity: '12' }), { quantity: 'invalid_value' }],
      [quantityRow({ unity: 'litros' }), { unity: 'invalid_value' }],
    ];
    for (const [row, fields] of cases) {
      assert.deepEqual(await rejection(phone, row), { code: 'validation_failed', fields }, JSON.stringify(row));
    }
    assert.equal(await stored(), 0);
  });

  test('the edges that pass: 1 and 200 workers, 0 and 99 999 999 999.999 produced, 2 000 characters', async () => {
    const phone = await reporter();
    const rows = [
      activityRow({ quantity: 1, notes: 'x'.repeat(MAX_REPORT_TEXT), reportInfo: 'y'.repeat(MAX_REPORT_TEXT) }),
      activityRow({ quantity: 200, isScheduled: false, notes: undefined, reportInfo: undefined }),
      quantityRow({ quantity: 0 }),
      quantityRow({ quantity: 99_999_999_999.999 }),
      // A device clock a little ahead of the server's is fine.
      equipmentRow({ reportTime: reportTime(4) }),
    ];
    const answer = await send(phone, rows);
    assert.deepEqual(answer.rejected, []);
    assert.equal(answer.accepted.length, rows.length);
    const produced = await db.orm.select({ quantity: quantityReports.quantity }).from(quantityReports);
    assert.deepEqual(
      produced.map((row) => row.quantity).sort((a, b) => a - b),
      [0, 99_999_999_999.999],
    );
  });

  test('reportTime more than 5 minutes ahead of the server clock: report_time_in_future, a code of its own', async () => {
    const phone = await reporter();
    for (const row of [activityRow({ reportTime: reportTime(7) }), quantityRow({ reportTime: '2099-01-01T00:00:00Z' })])
      assert.deepEqual(await rejection(phone, row), {
        code: 'report_time_in_future',
        fields: { reportTime: 'in_future' },
      });
    // Told before the contract: the device's clock is the problem whatever the row names.
    assert.deepEqual(await rejection(phone, activityRow({ reportTime: reportTime(7), contract: world.contractB1 })), {
      code: 'report_time_in_future',
      fields: { reportTime: 'in_future' },
    });
    assert.match(errorMessage('report_time_in_future', 'en-US'), /clock/);
  });

  test('every answer carries the server clock in Date, for the app to compare its own with (real HTTP)', async () => {
    const phone = await reporter();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/mobile/reports`, {
      method: 'POST',
      headers: { authorization: `${AUTH_SCHEME} ${phone.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reports: [activityRow({ reportTime: reportTime(60) })] }),
    });
    assert.equal(response.status, 200);
    const serverClock = Date.parse(response.headers.get('date') ?? '');
    assert.ok(Math.abs(serverClock - Date.now()) < 5_000, `Date: ${response.headers.get('date')}`);
    const answer = (await response.json()) as BatchAnswer;
    assert.equal(answer.rejected[0]?.code, 'report_time_in_future');
  });

  test("reportTime before its work started, on the sites' clock: report_time_before_work", async () => {
    const phone = await reporter();
    // Work A1 starts on 2026-01-01: midnight in São Paulo (UTC−3) is 03:00 UTC.
    const refused = [
      '2000-01-01T00:00:00Z', // a phone whose clock reset
      '2025-12-31T23:59:59.999-03:00',
      '2026-01-01T02:59:59Z',
      '2026-01-01T00:30:00Z', // already the 1st in UTC, still the 31st on the site
    ];
    for (const time of refused)
      assert.deepEqual(
        await rejection(phone, equipmentRow({ reportTime: time })),
        { code: 'report_time_before_work', fields: { reportTime: 'before_work_start' } },
        time,
      );
    const rows = [
      activityRow({ reportTime: '2026-01-01T00:00:00-03:00' }),
      quantityRow({ reportTime: '2026-01-01T03:00:00Z' }),
    ];
    assert.deepEqual(
      (await send(phone, rows)).accepted,
      rows.map((row) => row.id),
    );
    // A contract outside the caller's scope is refused as such: its work's dates are none of its business.
    assert.deepEqual(
      await rejection(phone, activityRow({ reportTime: '2000-01-01T00:00:00Z', contract: world.contractB1 })),
      {
        code: 'contract_out_of_scope',
        fields: { contract: 'invalid_parent' },
      },
    );
    // The work's start date as it is now: moved later, the same time is refused.
    await db.orm.update(works).set({ startDate: '2026-03-02' }).where(eq(works.id, world.workA1));
    assert.equal(
      (await rejection(phone, activityRow({ reportTime: '2026-03-01T23:00:00-03:00' }))).code,
      'report_time_before_work',
    );
    assert.match(errorMessage('report_time_before_work', 'pt-BR'), /início da obra/);
  });

  test('its kind: unknown_kind', async () => {
    const phone = await reporter();
    assert.deepEqual(await rejection(phone, activityRow({ kind: 'survey' })), {
      code: 'unknown_kind',
      fields: { kind: 'invalid_value' },
    });
    assert.deepEqual(await rejection(phone, activityRow({ kind: undefined })), {
      code: 'unknown_kind',
      fields: { kind: 'required' },
    });
    assert.deepEqual(await rejection(phone, activityRow({ kind: 'constructor' })), {
      code: 'unknown_kind',
      fields: { kind: 'invalid_value' },
    });
  });

  test('its text: a NUL or a lone surrogate refuses that row only (invalid_text)', async () => {
    const phone = await reporter();
    const good = activityRow();
    const answer = await send(phone, [activityRow({ notes: 'a\u0000b' }), good, equipmentRow({ notes: 'fim \ud800' })]);
    assert.deepEqual(answer.accepted, [good.id]);
    assert.deepEqual(
      answer.rejected.map(({ code, fields }) => [code, fields]),
      [
        ['invalid_text', { notes: 'invalid_text' }],
        ['invalid_text', { notes: 'invalid_text' }],
      ],
    );
  });

  test('its text: a character XML cannot carry (U+FFFE, U+FFFF, a C0 control) refuses that row only, nothing stored', async () => {
    const phone = await reporter();
    const good = activityRow({ notes: 'tab\there, line\nfeed, cr\r, 🏗️ ação' });
    const hostile = ['nota \uFFFE', '\uFFFF', 'a\u0001b', 'v\u000Bt', 'f\u000Cf', 'u\u001Fs', 'bs\u0008'];
    const answer = await send(phone, [
      ...hostile.map((notes) => activityRow({ notes })),
      good,
      equipmentRow({ notes: 'x\uFFFE' }),
      activityRow({ reportInfo: 'y\u0002' }),
    ]);
    assert.deepEqual(answer.accepted, [good.id]);
    assert.deepEqual(
      answer.rejected.map(({ code, fields }) => [code, fields]),
      [
        ...hostile.map(() => ['invalid_text', { notes: 'invalid_text' }]),
        ['invalid_text', { notes: 'invalid_text' }],
        ['invalid_text', { reportInfo: 'invalid_text' }],
      ],
    );
    const stored = await selectRows<{ notes: string }>(db.orm, sql`select notes from activity_reports`);
    assert.deepEqual(stored, [{ notes: 'tab\there, line\nfeed, cr\r, 🏗️ ação' }]);
    assert.equal((await selectRows(db.orm, sql`select 1 from equipment_reports`)).length, 0);
  });

  test('its contract: in the reporter scope and active (contract_out_of_scope)', async () => {
    const phone = await reporter();
    for (const contract of [world.contractB1, world.contractA1b, 999_999]) {
      assert.deepEqual(
        await rejection(phone, activityRow({ contract })),
        { code: 'contract_out_of_scope', fields: { contract: 'invalid_parent' } },
        `contract ${contract}`,
      );
    }
    // Another level reports on the contracts it manages, from the app too.
    const workPhone = await Phone.signIn(app, 'workA1@t.test');
    assert.equal((await send(workPhone, [activityRow()])).accepted.length, 1);
    const basePhone = await Phone.signIn(app, 'baseB@t.test');
    assert.equal((await send(basePhone, [activityRow()])).rejected[0]?.code, 'contract_out_of_scope');
    // An inactive contract (or its work) takes no reports.
    assert.equal((await admin.status(`/api/works/${world.workA1}`, false)).statusCode, 200);
    const adminPhone = await Phone.signIn(app, 'admin@t.test');
    assert.deepEqual(await rejection(adminPhone, activityRow()), {
      code: 'contract_out_of_scope',
      fields: { contract: 'inactive_parent' },
    });
  });

  test('its references: of that contract and in one chain (invalid_reference)', async () => {
    const phone = await reporter();
    const { a1Other, b1 } = catalogue;
    const cases: [RowBody, Record<string, string>][] = [
      [activityRow({ package: b1.package }), { package: 'invalid_parent' }],
      [activityRow({ activity: b1.activity }), { activity: 'invalid_parent' }],
      [
        activityRow({ function: 999_999, occurrence: 999_999 }),
        { function: 'invalid_parent', occurrence: 'invalid_parent' },
      ],
      [activityRow({ local: b1.local }), { local: 'invalid_parent', activity: 'invalid_parent' }],
      // Of the contract, but the activity is not under that package or that local.
      [activityRow({ package: a1Other.package }), { activity: 'invalid_parent' }],
      [activityRow({ local: a1Other.local }), { activity: 'invalid_parent' }],
      [equipmentRow({ area: a1Other.area }), { activity: 'invalid_parent' }],
      [
        equipmentRow({ equipment: 999_999, area: b1.area }),
        { equipment: 'invalid_parent', area: 'invalid_parent', activity: 'invalid_parent' },
      ],
      [quantityRow({ package: a1Other.package }), { activity: 'invalid_parent' }],
      [quantityRow({ activity: 999_999 }), { activity: 'invalid_parent' }],
    ];
    for (const [row, fields] of cases) {
      assert.deepEqual(await rejection(phone, row), { code: 'invalid_reference', fields }, JSON.stringify(fields));
    }
    assert.equal(await stored(), 0);
  });

  test('its references: active with their ancestors, the occurrence active (inactive_reference)', async () => {
    const phone = await reporter();
    const { a1 } = catalogue;
    assert.deepEqual(await rejection(phone, activityRow({ occurrence: inactiveOccurrence })), {
      code: 'inactive_reference',
      fields: { occurrence: 'inactive_parent' },
    });

    assert.equal((await admin.status(`/api/functions/${a1.function}`, false)).statusCode, 200);
    assert.equal((await admin.status(`/api/equipment/${a1.equipment}`, false)).statusCode, 200);
    assert.deepEqual(await rejection(phone, activityRow()), {
      code: 'inactive_reference',
      fields: { function: 'inactive_parent' },
    });
    assert.deepEqual(await rejection(phone, equipmentRow()), {
      code: 'inactive_reference',
      fields: { equipment: 'inactive_parent' },
    });
    assert.equal((await send(phone, [quantityRow()])).accepted.length, 1, 'a quantity row needs neither');

    // A block's package and activities go with it; the area and local above it stay.
    assert.equal((await admin.status(`/api/blocks/${a1.block}`, false)).statusCode, 200);
    assert.deepEqual(await rejection(phone, quantityRow()), {
      code: 'inactive_reference',
      fields: { package: 'inactive_parent', activity: 'inactive_parent' },
    });
    assert.equal((await admin.status(`/api/blocks/${a1.block}`, true)).statusCode, 200);
    assert.equal((await send(phone, [quantityRow()])).accepted.length, 1, 'reactivated: taken again');

    // The discipline at the top: everything of the chain.
    assert.equal((await admin.status(`/api/disciplines/${a1.discipline}`, false)).statusCode, 200);
    assert.deepEqual(await rejection(phone, quantityRow()), {
      code: 'inactive_reference',
      fields: { package: 'inactive_parent', area: 'inactive_parent', activity: 'inactive_parent' },
    });
    // Unknown beats inactive: the row names what is wrong first.
    assert.deepEqual(await rejection(phone, quantityRow({ package: 999_999 })), {
      code: 'invalid_reference',
      fields: { package: 'invalid_parent' },
    });
  });
});

describe('the batch', () => {
  test(`more than ${MAX_REPORTS_PER_BATCH} rows: 413 too_many_reports, nothing stored`, async () => {
    const phone = await reporter();
    const rows = Array.from({ length: MAX_REPORTS_PER_BATCH + 1 }, () => activityRow());
    const response = await phone.send(rows);
    assert.equal(response.statusCode, 413);
    assert.deepEqual(response.json(), {
      code: 'too_many_reports',
      message: errorMessage('too_many_reports').replace('{{max}}', String(MAX_REPORTS_PER_BATCH)),
      max: MAX_REPORTS_PER_BATCH,
    });
    assert.equal(await stored(), 0);
  });

  test(`${MAX_REPORTS_PER_BATCH} rows with full texts fit, and are all stored`, async () => {
    const phone = await reporter();
    const rows = Array.from({ length: MAX_REPORTS_PER_BATCH }, () =>
      activityRow({ notes: 'ç'.repeat(MAX_REPORT_TEXT), reportInfo: 'ã'.repeat(MAX_REPORT_TEXT) }),
    );
    const answer = await send(phone, rows);
    assert.equal(answer.accepted.length, MAX_REPORTS_PER_BATCH);
    assert.equal(await stored(), MAX_REPORTS_PER_BATCH);
  });

  test('a body that is not { reports: [...] }: 400; too large: 413 in the API shape', async () => {
    const phone = await reporter();
    const cases: [unknown, Record<string, string>][] = [
      [{}, { reports: 'required' }],
      [{ reports: null }, { reports: 'required' }],
      [{ reports: 'x' }, { reports: 'invalid_value' }],
      [{ reports: { 0: activityRow() } }, { reports: 'invalid_value' }],
      [[activityRow()], { reports: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const response = await phone.request('POST', '/api/mobile/reports', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.deepEqual((response.json() as { fields: unknown }).fields, fields);
    }
    const huge = await phone.request('POST', '/api/mobile/reports', {
      reports: [activityRow({ notes: 'x'.repeat(17 * 1024 * 1024) })],
    });
    assert.equal(huge.statusCode, 413);
    assert.equal((huge.json() as { code: string }).code, 'payload_too_large');
    const empty = await send(phone, []);
    assert.deepEqual(empty, { accepted: [], duplicates: [], rejected: [] });
    assert.equal(await stored(), 0);
  });

  test('the reporter is the signed-in user, whatever the row says', async () => {
    const phone = await reporter();
    const row = activityRow({ user: people.admin, userId: people.admin });
    assert.deepEqual((await send(phone, [row])).accepted, [row.id]);
    const [activity] = await db.orm
      .select({ userId: activityReports.userId })
      .from(activityReports)
      .where(eq(activityReports.id, String(row.id)));
    assert.equal(activity?.userId, people.reporterA1);
  });
});

describe('a batch the database aborts', () => {
  test('is run again whole (deadlock, serialization failure), and its rows are stored once', async () => {
    const [reporterRow] = await selectRows<{ id: number; contractId: number }>(
      db.orm,
      sql`select id, contract_id as "contractId" from users where id = ${people.reporterA1}`,
    );
    const caller = {
      id: reporterRow!.id,
      profile: 'reporter' as const,
      baseId: world.baseA,
      workId: world.workA1,
      contractId: reporterRow!.contractId,
      firstAccess: false,
      channel: 'mobile' as const,
    };
    // The first transaction fails as PostgreSQL fails a deadlock victim (40P01), after its
    // rows were written: the retry must start from nothing and store each row once.
    let attempts = 0;
    const flaky = {
      transaction: async <T>(work: (tx: typeof db.orm) => Promise<T>): Promise<T> =>
        db.orm.transaction(async (tx) => {
          attempts += 1;
          const result = await work(tx);
          if (attempts === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
          return result;
        }),
    } as unknown as typeof db.orm;
    const rows = [activityRow(), activityRow()];
    const answer = await ingestReports(flaky, rows, { caller, siteTimeZone: 'America/Sao_Paulo' });
    assert.equal(attempts, 2);
    assert.deepEqual(answer.accepted.toSorted(), rows.map((row) => row.id as string).toSorted());
    assert.deepEqual([answer.duplicates, answer.rejected], [[], []]);
    const stored = await selectRows<{ n: number }>(
      db.orm,
      sql`select count(*)::int as n from activity_reports where id in (${sql.join(
        rows.map((row) => sql`${row.id as string}::uuid`),
        sql`, `,
      )})`,
    );
    assert.equal(stored[0]?.n, 2);

    // Anything else is not retried.
    let failures = 0;
    const broken = {
      transaction: async () => {
        failures += 1;
        throw Object.assign(new Error('disk full'), { code: '53100' });
      },
    } as unknown as typeof db.orm;
    await assert.rejects(ingestReports(broken, [activityRow()], { caller, siteTimeZone: 'America/Sao_Paulo' }));
    assert.equal(failures, 1);
  });
});
