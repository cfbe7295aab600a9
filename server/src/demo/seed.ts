import { count, eq, sql } from 'drizzle-orm';
import type { Profile } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { occurrences } from '../db/schema/catalogue.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { surveys, users } from '../db/schema/people.js';
import { passwordHashing } from '../authentication/passwords.js';
import { DEMO_BASES, DEMO_CONTRACTS, DEMO_OCCURRENCES, DEMO_WORKS } from './organisation-data.js';
import { DEMO_STAFF, DEMO_SURVEYS } from './people-data.js';

/**
 * Demo data: three bases with their works and contracts, the occurrence list, staff at
 * every level and a few survey answers; among them one account per profile, the six
 * printed at start (all under the first base, work and contract).
 */

export const DEMO_PASSWORD = 'demo1234';

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
export async function seedIfEmpty(orm: Orm): Promise<boolean> {
  return orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ users: count() }).from(users);
    if ((existing?.users ?? 0) > 0) return false;
    await insertDemoData(tx);
    return true;
  });
}

export async function insertDemoData(orm: Orm): Promise<void> {
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
