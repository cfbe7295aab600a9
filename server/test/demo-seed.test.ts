import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { OCCURRENCE_CLASSIFICATIONS, PROFILES } from '@canteiro/shared/domain';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { truncateAll } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import {
  activities,
  areas,
  blocks,
  disciplines,
  equipment,
  functions,
  locals,
  occurrences,
  packages,
} from '../src/db/schema/catalogue.js';
import { surveys, users } from '../src/db/schema/people.js';
import { siteToday } from '../src/site-clock.js';
import { DEFAULT_SITE_TIME_ZONE, DEMO_ACCOUNTS, DEMO_PASSWORD, insertDemoData, seedIfEmpty } from '../src/demo/seed.js';
import { DEMO_STAFF } from '../src/demo/people-data.js';
import { DEMO_FUNCTIONS } from '../src/demo/catalogue-data.js';
import { demoCatalogue, seedDay } from '../src/demo/catalogue.js';
import { Browser, serverSuite } from './helpers.js';
import { program, serverFolder } from './programs.js';

let db: Database;
let app: FastifyInstance;

serverSuite((context) => ({ db, app } = context));

describe('demo data', () => {
  // The reports are demo-reports.test.ts's; here they would only cost time (~12 s a seed on PGlite).
  test('puts the six accounts under the first base, work and contract of an empty database', async () => {
    assert.equal(await seedIfEmpty(db.orm, { reports: false }), true);

    const [base] = await db.orm.select().from(bases).orderBy(bases.id);
    const [work] = await db.orm.select().from(works).orderBy(works.id);
    const [contract] = await db.orm.select().from(contracts).orderBy(contracts.id);
    assert.deepEqual([base?.name, base?.state], ['Base São Paulo', 'SP']);
    assert.deepEqual(
      [work?.name, work?.prj, work?.baseId],
      ['Residencial Parque das Araucárias', 'PRJ-2041', base?.id],
    );
    assert.deepEqual(
      [contract?.name, contract?.reportingGoal, contract?.reportingPeriod, contract?.workId],
      ['Construtora Alvorada — Estrutura', 16, 30, work?.id],
    );

    const accounts = await db.orm
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      )
      .orderBy(users.id);
    assert.deepEqual(
      accounts.map(({ email, profile, firstName, firstAccess, isActive }) => ({
        email,
        profile,
        firstName,
        firstAccess,
        isActive,
      })),
      [
        { email: 'admin@canteiro.test', profile: 'admin', firstName: 'Ana', firstAccess: false, isActive: true },
        { email: 'base@canteiro.test', profile: 'base', firstName: 'Bruno', firstAccess: false, isActive: true },
        { email: 'work@canteiro.test', profile: 'work', firstName: 'Carla', firstAccess: false, isActive: true },
        {
          email: 'contract@canteiro.test',
          profile: 'contract',
          firstName: 'Diego',
          firstAccess: false,
          isActive: true,
        },
        {
          email: 'reporter@canteiro.test',
          profile: 'reporter',
          firstName: 'Rafael',
          firstAccess: false,
          isActive: true,
        },
        { email: 'first@canteiro.test', profile: 'contract', firstName: 'Fernanda', firstAccess: true, isActive: true },
      ],
    );
    for (const account of accounts) {
      assert.deepEqual(
        [account.baseId, account.workId, account.contractId],
        [base?.id, work?.id, contract?.id],
        account.email,
      );
    }
    assert.equal(new Set(accounts.map((account) => account.passwordHash)).size, 6, 'each account has its own salt');
  });

  test('gives Administration something to show: bases in three states, works, contracts, occurrences, staff, surveys', async () => {
    await seedIfEmpty(db.orm, { reports: false });
    const allBases = await db.orm.select().from(bases);
    assert.deepEqual(allBases.map((base) => base.state).sort(), ['MG', 'RJ', 'SP']);
    const allWorks = await db.orm.select().from(works);
    assert.ok(allWorks.length >= 6 && allWorks.some((work) => !work.isActive), 'several works, one inactive');
    for (const base of allBases)
      assert.ok(
        allWorks.some((work) => work.baseId === base.id),
        base.name,
      );
    const allContracts = await db.orm.select().from(contracts);
    for (const work of allWorks)
      assert.ok(
        allContracts.some((contract) => contract.workId === work.id),
        work.name,
      );

    const catalogue = await db.orm.select().from(occurrences);
    for (const classification of OCCURRENCE_CLASSIFICATIONS) {
      assert.ok(catalogue.filter((occurrence) => occurrence.classification === classification).length >= 2);
    }
    assert.ok(
      catalogue.some((occurrence) => occurrence.name === 'Aguardando material'),
      'DOMAIN.md §4',
    );

    const staff = await db.orm.select().from(users);
    assert.ok(staff.length >= 15 && staff.length <= 30, `15–30 users, got ${staff.length}`);
    for (const profile of PROFILES) assert.ok(staff.filter((user) => user.profile === profile).length >= 2, profile);
    assert.ok(new Set(staff.map((user) => user.baseId)).size === 3, 'users in every base');
    assert.ok((await db.orm.select().from(surveys)).length >= 5);
  });

  test('is idempotent: a database that has users is left alone', async () => {
    assert.equal(await seedIfEmpty(db.orm, { reports: false }), true);
    const counted = (await db.orm.select().from(users)).length;
    assert.equal(await seedIfEmpty(db.orm), false);
    assert.equal((await db.orm.select().from(users)).length, counted);
    assert.equal((await db.orm.select().from(bases)).length, 3);
  });

  test('accounts sign in with demo1234 as their profile says', async () => {
    await seedIfEmpty(db.orm, { reports: false });
    const browser = new Browser(app);
    for (const email of ['admin@canteiro.test', 'base@canteiro.test', 'work@canteiro.test', 'contract@canteiro.test']) {
      const response = await browser.login(email, DEMO_PASSWORD);
      assert.equal(response.statusCode, 200, email);
      assert.equal((response.json() as LoginResponse).user.permission_set.value, email.split('@')[0]);
    }
    assert.equal((await browser.login('reporter@canteiro.test', DEMO_PASSWORD)).statusCode, 403);
    const first = (await browser.login('first@canteiro.test', DEMO_PASSWORD)).json() as LoginResponse;
    assert.equal(first.user.permission_set.first_access, true);
  });

  test('a reset (empty every table, insert again) gives the same demo data back', async () => {
    await seedIfEmpty(db.orm, { reports: false });
    await db.orm.update(users).set({ firstName: 'Changed' });
    await db.orm.transaction(async (tx) => {
      await truncateAll(tx);
      await insertDemoData(tx, { reports: false });
    });
    const accounts = await db.orm.select().from(users).orderBy(users.id);
    assert.equal(accounts.length, DEMO_ACCOUNTS.length + DEMO_STAFF.length);
    assert.equal(accounts[0]?.firstName, 'Ana');
    assert.equal(accounts[0]?.id, 1, 'identities restart');
  });
});

describe('demo catalogue (DOMAIN.md §4)', () => {
  const byContract = <Row extends { contractId: number }>(rows: Row[]) => {
    const groups = new Map<number, Row[]>();
    for (const row of rows) groups.set(row.contractId, [...(groups.get(row.contractId) ?? []), row]);
    return groups;
  };

  test('every contract gets 25–40 activities: ~55 % finished, ~25 % in term, ~20 % late, whatever the day', async () => {
    for (const today of [
      seedDay(DEFAULT_SITE_TIME_ZONE),
      new Date(Date.UTC(2031, 1, 28)),
      new Date(Date.UTC(2024, 11, 31)),
    ]) {
      await truncateAll(db.orm);
      await insertDemoData(db.orm, { today, reports: false });
      const allContracts = await db.orm.select().from(contracts);
      const groups = byContract(await db.orm.select().from(activities));
      const day = today.toISOString().slice(0, 10);
      for (const contract of allContracts) {
        const rows = groups.get(contract.id) ?? [];
        assert.ok(rows.length >= 25 && rows.length <= 40, `${contract.name}: ${rows.length} activities`);
        const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
        const finished = share((row) => row.isFinished);
        const late = share((row) => !row.isFinished && row.endDate < day);
        const inTerm = share((row) => !row.isFinished && row.endDate >= day);
        assert.ok(finished >= 0.5 && finished <= 0.6, `${contract.name}: ${finished} finished`);
        assert.ok(inTerm >= 0.2 && inTerm <= 0.3, `${contract.name}: ${inTerm} in term`);
        assert.ok(late >= 0.15 && late <= 0.25, `${contract.name}: ${late} late`);
        // Two days of margin: the shares hold in any time zone and at any hour of the seed.
        for (const row of rows.filter((row) => !row.isFinished)) {
          const days = (Date.parse(row.endDate) - today.getTime()) / 86_400_000;
          assert.ok(days >= 2 || days <= -2, `${row.name} ends ${row.endDate}, ${day}`);
        }
        for (const row of rows) {
          assert.ok(row.startDate <= row.endDate && row.hhCount > 0 && row.quantity > 0, row.name);
          if (row.isFinished) assert.ok(row.endDate < day, `${row.name}: finished before today`);
        }
      }
    }
  });

  test('each activity hangs from one consistent chain: area → local → block → package, all of its contract', async () => {
    await seedIfEmpty(db.orm, { reports: false });
    const [allAreas, allLocals, allBlocks, allPackages, allDisciplines] = await Promise.all([
      db.orm.select().from(areas),
      db.orm.select().from(locals),
      db.orm.select().from(blocks),
      db.orm.select().from(packages),
      db.orm.select().from(disciplines),
    ]);
    const byId = <Row extends { id: number }>(rows: Row[]) => new Map(rows.map((row) => [row.id, row]));
    const [areaOf, localOf, blockOf, packageOf, disciplineOf] = [
      byId(allAreas),
      byId(allLocals),
      byId(allBlocks),
      byId(allPackages),
      byId(allDisciplines),
    ];
    const allActivities = await db.orm.select().from(activities);
    assert.ok(allActivities.length > 0);
    for (const activity of allActivities) {
      const area = areaOf.get(activity.areaId)!;
      const local = localOf.get(activity.localId)!;
      const block = blockOf.get(activity.blockId)!;
      const item = packageOf.get(activity.packageId)!;
      assert.equal(local.areaId, area.id, `${activity.name}: local under the area`);
      assert.equal(block.localId, local.id, `${activity.name}: block under the local`);
      assert.equal(item.blockId, block.id, `${activity.name}: package under the block`);
      assert.equal(disciplineOf.get(area.disciplineId)?.contractId, activity.contractId);
      for (const parent of [area, local, block, item]) assert.equal(parent.contractId, activity.contractId);
    }
    // Towers and floors: "Torre A" and its "Torre A – 1º pavimento" …
    const towerA = allAreas.find((area) => area.name === 'Torre A')!;
    assert.ok(allLocals.some((local) => local.areaId === towerA.id && local.name === 'Torre A – 1º pavimento'));
    assert.deepEqual(
      allDisciplines.filter((discipline) => discipline.contractId === towerA.contractId).map(({ name }) => name),
      ['Estrutura', 'Alvenaria', 'Instalações elétricas', 'Instalações hidráulicas', 'Acabamento'],
    );
    assert.ok(allPackages.some((item) => item.name === 'Alvenaria de vedação'));
    // Names unique where the database says so (it would have refused the insert otherwise).
    for (const [name, rows] of Object.entries({ allAreas, allLocals, allBlocks })) {
      const keys = rows.map((row) => `${row.contractId}/${row.name.toLowerCase()}`);
      assert.equal(new Set(keys).size, keys.length, name);
    }
  });

  test('functions are the seven trades; 6–10 machines from 6–8 rental companies per contract', async () => {
    await seedIfEmpty(db.orm, { reports: false });
    const allContracts = await db.orm.select().from(contracts);
    const trades = byContract(await db.orm.select().from(functions));
    const machines = byContract(await db.orm.select().from(equipment));
    for (const contract of allContracts) {
      assert.deepEqual(
        (trades.get(contract.id) ?? []).map(({ name }) => name),
        DEMO_FUNCTIONS,
      );
      assert.deepEqual(DEMO_FUNCTIONS.slice(0, 3), ['Pedreiro', 'Servente', 'Carpinteiro']);
      const items = machines.get(contract.id) ?? [];
      assert.ok(items.length >= 6 && items.length <= 10, `${contract.name}: ${items.length} machines`);
      const companies = new Set(items.map((item) => item.company)).size;
      assert.ok(companies >= 6 && companies <= 8, `${contract.name}: ${companies} companies`);
      assert.ok(items.some((item) => item.type === 'Grua'));
    }
  });

  test("the seed day is the site's today: at 01:00 UTC it is still yesterday in São Paulo", () => {
    const instant = Date.UTC(2026, 10, 27, 1, 0);
    assert.equal(siteToday('America/Sao_Paulo', instant), '2026-11-26');
    assert.equal(siteToday('Asia/Tokyo', instant), '2026-11-27');
    assert.deepEqual(seedDay('America/Sao_Paulo', instant), new Date(Date.UTC(2026, 10, 26)));
  });

  test('is deterministic: the same day gives the same catalogue; another day only moves its dates', async () => {
    const day = new Date(Date.UTC(2027, 4, 10));
    assert.deepEqual(demoCatalogue(3, day), demoCatalogue(3, day));
    assert.notDeepEqual(demoCatalogue(3, day).activities, demoCatalogue(4, day).activities);
    const later = demoCatalogue(3, new Date(Date.UTC(2027, 4, 17)));
    const shifted = (date: string) => new Date(Date.parse(date) + 7 * 86_400_000).toISOString().slice(0, 10);
    assert.deepEqual(
      later.activities,
      demoCatalogue(3, day).activities.map((activity) => ({
        ...activity,
        startDate: shifted(activity.startDate),
        endDate: shifted(activity.endDate),
      })),
    );

    const snapshot = async () =>
      (await db.orm.select().from(activities).orderBy(activities.id)).map(({ createdAt: _createdAt, ...row }) => row);
    await truncateAll(db.orm);
    await insertDemoData(db.orm, { today: day, reports: false });
    const first = await snapshot();
    await truncateAll(db.orm);
    await insertDemoData(db.orm, { today: day, reports: false });
    assert.deepEqual(await snapshot(), first);
  });
});

test('pnpm db:reset (src/cli/reset.ts) migrates, reseeds and lists the accounts', async () => {
  const url = process.env.TEST_DATABASE_URL;
  const { stdout } = await promisify(execFile)(process.execPath, program('src/cli/reset'), {
    cwd: serverFolder,
    env: { ...process.env, ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '', DATA_DIR: 'memory://' }) },
  });
  assert.match(stdout, /Database reset/);
  for (const email of ['admin', 'base', 'work', 'contract', 'reporter', 'first'])
    assert.match(stdout, new RegExp(`${email}@canteiro\\.test`));
  if (url) assert.equal((await db.orm.select().from(users)).length, DEMO_ACCOUNTS.length + DEMO_STAFF.length);
});
