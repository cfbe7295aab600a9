import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { users } from '../db/schema/people.js';
import { recordAudit } from '../audit.js';
import { accountKey, findUserByEmail } from './accounts.js';
import { passwordHashing } from './passwords.js';

/**
 * The first admin of a real deployment (docs/deploy.md): ADMIN_EMAIL and ADMIN_PASSWORD at
 * start, or `pnpm db:admin -- --email …`. Created only while no active admin exists, and never
 * changes an existing user: set on every start, the variables do nothing once the lab has an
 * admin. The account is on its first access, so the first sign-in asks for a new password.
 */

export type FirstAdminOutcome =
  | { created: true; email: string }
  | { created: false; reason: 'admin_exists'; existing: string }
  | { created: false; reason: 'email_taken' };

/** Any constant: nodes starting together create one admin, not two. */
const FIRST_ADMIN_LOCK_KEY = 4_715_302_120;

export async function ensureFirstAdmin(
  orm: Orm,
  admin: { email: string; password: string },
): Promise<FirstAdminOutcome> {
  const passwordHash = await passwordHashing.hash(admin.password);
  return orm.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    const [existing] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.profile, 'admin'), eq(users.isActive, true)))
      .orderBy(users.id)
      .limit(1);
    if (existing) return { created: false, reason: 'admin_exists', existing: existing.email };
    if (await findUserByEmail(tx, admin.email)) return { created: false, reason: 'email_taken' };
    const email = accountKey(admin.email);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        username: email.split('@')[0] ?? email,
        firstName: 'Admin',
        passwordHash,
        profile: 'admin',
        firstAccess: true,
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      actorId: null,
      action: 'create',
      entity: 'users',
      entityId: created!.id,
      changes: { email, profile: 'admin', firstAccess: true, source: 'first_admin' },
    });
    return { created: true, email };
  });
}

/** Whether anyone can administer the lab (an active admin exists). */
export async function hasAdmin(orm: Orm): Promise<boolean> {
  const [admin] = await orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.profile, 'admin'), eq(users.isActive, true)))
    .limit(1);
  return admin !== undefined;
}

/** What an operator reads at start or from `pnpm db:admin`. */
export function describeFirstAdmin(outcome: FirstAdminOutcome, requested: string): string {
  if (outcome.created)
    return `First admin created: ${outcome.email} (first access: the first sign-in asks for a new password)`;
  if (outcome.reason === 'admin_exists')
    return `An admin already exists (${outcome.existing}): ${requested} was not created and nothing was changed`;
  return `${requested} already belongs to a user who is not an admin: nothing was changed`;
}
