import { count, eq, sql } from 'drizzle-orm';
import type { Profile } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
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
} from '../db/schema/catalogue.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { surveys, users } from '../db/schema/people.js';
import { passwordHashing } from '../authentication/passwords.js';
import { DEMO_BASES, DEMO_CONTRACTS, DEMO_OCCURRENCES, DEMO_WORKS } from './organisation-data.js';
import { DEMO_STAFF, DEMO_SURVEYS } from './people-data.js';
import { demoCatalogue, seedDay } from './catalogue.js';
import type { DemoCatalogue } from './catalogue-data.js';
import { reportWindow } from './reports/plans.js';
import { writeReports } from './reports/write.js';
import type { ReportCounts } from './reports/write.js';

/**
 * Demo data: three bases with their works and contracts, each contract's catalogue
 * (catalogue.ts), the occurrence list, staff at every level and a few survey answers;
 * among them one account per profile, the six printed at start (all under the first base,
 * work and contract).
 */

export const DEMO_PASSWORD = 'demo1234';

/** The demo reports' seed, weeks and site clock (docs/demo-data.md). */
export const DEMO_REPORT_SEED = 20_260_301;
export const DEMO_REPORT_WEEKS = 11;
export const DEFAULT_SITE_TIME_ZONE = 'America/Sao_Paulo';

export interface DemoOptions {
  /** The day the activities' dates and the reports' window are relative to (tests pin it). */
  today?: Date;
  /** Generate the reports (default true); tests that do not need them skip the cost. */
  reports?: boolean;
  reportSeed?: string | number;
  /** Weeks of reports up to yesterday (default DEMO_REPORT_WEEKS); a test that only needs some data asks for fewer. */
  reportWeeks?: number;
  /** The site's clock the reports' local columns follow (config.siteTimeZone). */
  timeZone?: string;
}

export interface DemoAccount {
  email: string;
  firstName: string;
  profile: Profile;
  /** Still holds the temporary password, so the app asks for a new one. */
  firstAccess?: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@canteiro.test', firstName: 'Ana', profile: 'admin' },
  { email: 'base@canteiro.test', firstName: 'Bruno', profile: 'base' },
  { email: 'work@canteiro.test', firstName: 'Carla', profile: 'work' },
  { email: 'contract@canteiro.test', firstName: 'Diego', profile: 'contract' },
  { email: 'reporter@canteiro.test', firstName: 'Rafael', profile: 'reporter' },
  { email: 'first@canteiro.test', firstName: 'Fernanda', profile: 'contract', firstAccess: true },
];

/** Any constant: it serialises instances that start together on an empty database. */
const SEED_LOCK_KEY = 4_715_302_119;

/** Inserts the demo data when the database has no user yet; true when it did. */
export async function seedIfEmpty(orm: Orm, options: DemoOptions = {}): Promise<boolean> {
  return orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ users: count() }).from(users);
    if ((existing?.users ?? 0) > 0) return false;
    await insertDemoData(tx, options);
    return true;
  });
}

/**
 * Everything above, then the reports of every reported contract (demo/reports). `options`
 * may be the day alone, as before the reports came.
 */
export async function insertDemoData(orm: Orm, options: DemoOptions | Date = {}): Promise<ReportCounts | null> {
  const { reports = true, ...rest } = options instanceof Date ? { today: options } : options;
  const today = rest.today ?? seedDay(rest.timeZone ?? DEFAULT_SITE_TIME_ZONE);
  const baseIds = await insertNamed(
    orm,
    bases,
    DEMO_BASES.map(({ name, state, isActive }) => ({ name, state, isActive })),
  );
  const workRows = DEMO_WORKS.map(({ base, ...work }) => ({ ...work, baseId: idOf(baseIds, base) }));
  const workIds = await insertNamed(orm, works, workRows);
  const baseOfWork = new Map(workRows.map((work) => [work.name, work.baseId]));
  const contractRows = DEMO_CONTRACTS.map(({ work, ...contract }) => ({
    ...contract,
    workId: idOf(workIds, work),
    baseId: baseOfWork.get(work) ?? 0,
  }));
  const contractIds = await insertNamed(orm, contracts, contractRows);
  const parentsOf = new Map(
    contractRows.map((contract) => [
      contract.name,
      { baseId: contract.baseId, workId: contract.workId, contractId: idOf(contractIds, contract.name) },
    ]),
  );
  await orm.insert(occurrences).values([...DEMO_OCCURRENCES]);
  await insertCatalogues(
    orm,
    DEMO_CONTRACTS.map((contract, position) => ({
      contractId: idOf(contractIds, contract.name),
      ...demoCatalogue(position, today),
    })),
  );

  // The six demo accounts hang from the first contract; the other staff from theirs.
  const firstContract = DEMO_CONTRACTS[0]?.name ?? '';
  const people = [
    ...DEMO_ACCOUNTS.map((account) => ({ ...account, contract: firstContract, isActive: true })),
    ...DEMO_STAFF,
  ];
  // One hash per account: equal passwords must not give equal hashes.
  const passwordHashes = await Promise.all(people.map(() => passwordHashing.hash(DEMO_PASSWORD)));
  const userIds = await orm
    .insert(users)
    .values(
      people.map((person, index) => ({
        email: person.email,
        username: person.email.split('@')[0] ?? person.email,
        firstName: person.firstName,
        passwordHash: passwordHashes[index] ?? '',
        profile: person.profile,
        ...parentsOf.get(person.contract),
        firstAccess: person.firstAccess ?? false,
        isActive: person.isActive ?? true,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userOf = new Map(userIds.map((user) => [user.email, user.id]));
  await orm.insert(surveys).values(
    DEMO_SURVEYS.map(({ email, reportTime, ...answers }) => ({
      ...answers,
      userId: userOf.get(email) ?? 0,
      contractId: parentsOf.get(people.find((person) => person.email === email)?.contract ?? '')?.contractId ?? null,
      reportTime: new Date(reportTime),
    })),
  );
  // The reports' foreign keys are checked in bulk after the load: with the catalogue's
  // statistics the checks hash-join instead of scanning (9.5 s → 2.5 s on PGlite).
  if (reports) await orm.execute(sql`analyze`);
  const counts = reports
    ? await writeReports(orm, {
        seed: rest.reportSeed ?? DEMO_REPORT_SEED,
        timeZone: rest.timeZone ?? DEFAULT_SITE_TIME_ZONE,
        ...reportWindow(today, rest.reportWeeks ?? DEMO_REPORT_WEEKS),
      })
    : null;
  // Statistics for the planner right away (PGlite has no autovacuum to gather them).
  await orm.execute(sql`analyze`);
  return counts;
}

/**
 * Every contract's catalogue, one insert per table for all contracts together (in batches,
 * for the scale command's thousands of rows): each level answers (contract, name) → id for
 * the next one, so the chain is the one the data says.
 */
export async function insertCatalogues(
  orm: Orm,
  catalogues: readonly ({ contractId: number } & DemoCatalogue)[],
): Promise<void> {
  const key = (contractId: number, name: string) => `${contractId}\u0000${name}`;
  const idsOf = (rows: { id: number; contractId: number; name: string }[]) =>
    new Map(rows.map((row) => [key(row.contractId, row.name), row.id]));
  const find = (ids: Map<string, number>, contractId: number, name: string) => idOf(ids, key(contractId, name));

  const disciplineIds = idsOf(
    await inBatches(
      catalogues.flatMap(({ contractId, ...catalogue }) =>
        catalogue.disciplines.map(({ name }) => ({ name, contractId })),
      ),
      (batch) =>
        orm
          .insert(disciplines)
          .values(batch)
          .returning({ id: disciplines.id, contractId: disciplines.contractId, name: disciplines.name }),
    ),
  );
  const areaIds = idsOf(
    await inBatches(
      catalogues.flatMap(({ contractId, ...catalogue }) =>
        catalogue.areas.map((area) => ({
          name: area.name,
          contractId,
          disciplineId: find(disciplineIds, contractId, area.discipline),
        })),
      ),
      (batch) =>
        orm.insert(areas).values(batch).returning({ id: areas.id, contractId: areas.contractId, name: areas.name }),
    ),
  );
  const localRows = catalogues.flatMap(({ contractId, ...catalogue }) =>
    catalogue.areas.flatMap((area) => area.locals.map((local) => ({ contractId, area: area.name, local }))),
  );
  const localIds = idsOf(
    await inBatches(
      localRows.map(({ contractId, area, local }) => ({
        name: local.name,
        contractId,
        areaId: find(areaIds, contractId, area),
      })),
      (batch) =>
        orm.insert(locals).values(batch).returning({ id: locals.id, contractId: locals.contractId, name: locals.name }),
    ),
  );
  const blockIds = idsOf(
    await inBatches(
      localRows.map(({ contractId, local }) => ({
        name: local.block,
        contractId,
        localId: find(localIds, contractId, local.name),
      })),
      (batch) =>
        orm.insert(blocks).values(batch).returning({ id: blocks.id, contractId: blocks.contractId, name: blocks.name }),
    ),
  );
  // Package names repeat across blocks: their key is block id and name.
  const packageRows = await inBatches(
    localRows.flatMap(({ contractId, local }) =>
      local.packages.map((name) => ({ name, contractId, blockId: find(blockIds, contractId, local.block) })),
    ),
    (batch) =>
      orm.insert(packages).values(batch).returning({ id: packages.id, blockId: packages.blockId, name: packages.name }),
  );
  const packageIds = new Map(packageRows.map((row) => [key(row.blockId, row.name), row.id]));

  await inBatches(
    catalogues.flatMap(({ contractId, ...catalogue }) =>
      catalogue.activities.map(({ area, local, block, package: packageName, ...activity }) => {
        const blockId = find(blockIds, contractId, block);
        return {
          ...activity,
          contractId,
          areaId: find(areaIds, contractId, area),
          localId: find(localIds, contractId, local),
          blockId,
          packageId: idOf(packageIds, key(blockId, packageName)),
        };
      }),
    ),
    (batch) => orm.insert(activities).values(batch).returning({ id: activities.id }),
  );
  await inBatches(
    catalogues.flatMap(({ contractId, ...catalogue }) => catalogue.functions.map((name) => ({ name, contractId }))),
    (batch) => orm.insert(functions).values(batch).returning({ id: functions.id }),
  );
  await inBatches(
    catalogues.flatMap(({ contractId, ...catalogue }) => catalogue.equipment.map((item) => ({ ...item, contractId }))),
    (batch) => orm.insert(equipment).values(batch).returning({ id: equipment.id }),
  );
}

/** Rows per insert: a statement has at most 65 535 parameters. */
const INSERT_BATCH = 1000;

async function inBatches<Row, Out>(rows: readonly Row[], insert: (batch: Row[]) => Promise<Out[]>): Promise<Out[]> {
  const out: Out[] = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    out.push(...(await insert(rows.slice(start, start + INSERT_BATCH))));
  }
  return out;
}

/** Inserts rows that have a unique name and answers name → id. */
async function insertNamed<Table extends typeof bases | typeof works | typeof contracts>(
  orm: Orm,
  table: Table,
  rows: Table['$inferInsert'][],
): Promise<Map<string, number>> {
  const inserted = await orm
    .insert(table as typeof bases)
    .values(rows as (typeof bases.$inferInsert)[])
    .returning({ id: table.id, name: table.name });
  return new Map(inserted.map((row) => [row.name, row.id]));
}

function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo data: no record named ${name}`);
  return id;
}

/** True when the demo accounts are there, so start-up can list them. */
export async function hasDemoAccounts(orm: Orm): Promise<boolean> {
  const [admin] = await orm
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0]?.email ?? ''))
    .limit(1);
  return admin !== undefined;
}

/** The readable block printed at start and after a reset. */
export function describeDemoAccounts(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  const lines = DEMO_ACCOUNTS.map(
    (account) =>
      `  ${account.email.padEnd(width)}  ${account.profile.padEnd(8)}  ${account.firstName}${account.firstAccess ? '  (first access)' : ''}`,
  );
  return [`Demo accounts (password ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
