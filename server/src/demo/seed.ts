import { count, eq, sql } from 'drizzle-orm';
import type { Profile } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { users } from '../db/schema/people.js';
import { passwordHashing } from '../authentication/passwords.js';

/** Demo data: one base, work and contract, and one account per profile. */

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
  const [base] = await orm.insert(bases).values({ name: 'Base São Paulo', state: 'SP' }).returning({ id: bases.id });
  if (!base) throw new Error('demo base not created');
  const [work] = await orm
    .insert(works)
    .values({
      name: 'Residencial Parque das Araucárias',
      prj: 'PRJ-2041',
      description: 'Condomínio residencial de duas torres de 18 pavimentos, com subsolo e área de lazer.',
      baseId: base.id,
      startDate: '2026-01-12',
      endDate: '2027-09-30',
    })
    .returning({ id: works.id });
  if (!work) throw new Error('demo work not created');
  const [contract] = await orm
    .insert(contracts)
    .values({
      name: 'Construtora Alvorada — Estrutura',
      description: 'Estrutura de concreto armado das torres A e B: formas, armação e concretagem.',
      baseId: base.id,
      workId: work.id,
      reportingGoal: 16,
      reportingPeriod: 30,
    })
    .returning({ id: contracts.id });
  if (!contract) throw new Error('demo contract not created');

  // One hash per account: equal passwords must not give equal hashes.
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => passwordHashing.hash(DEMO_PASSWORD)));
  await orm.insert(users).values(
    DEMO_ACCOUNTS.map((account, index) => ({
      email: account.email,
      username: account.email.split('@')[0] ?? account.email,
      firstName: account.firstName,
      passwordHash: passwordHashes[index] ?? '',
      profile: account.profile,
      baseId: base.id,
      workId: work.id,
      contractId: contract.id,
      firstAccess: account.firstAccess ?? false,
    })),
  );
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
