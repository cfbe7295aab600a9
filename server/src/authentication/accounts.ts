import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { users } from '../db/schema/people.js';
import { userEffectivelyActive } from '../scope.js';

/** The user records authentication reads and writes. */

export type UserRecord = typeof users.$inferSelect;

/** E-mails compare case-insensitively, as the unique index does. */
export const accountKey = (email: string): string => email.trim().toLowerCase();

/** The account, and whether it may sign in (it and the ancestors of its scope are active). */
export async function findUserByEmail(
  orm: Orm,
  email: string,
): Promise<(UserRecord & { effectivelyActive: boolean }) | null> {
  const [user] = await orm
    .select({ ...getTableColumns(users), effectivelyActive: sql<boolean>`${userEffectivelyActive}` })
    .from(users)
    .where(eq(sql`lower(${users.email})`, accountKey(email)))
    .limit(1);
  return user ?? null;
}

export async function findUserById(orm: Orm, id: number): Promise<UserRecord | null> {
  const [user] = await orm.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** A password chosen by the user ends the temporary-password state. */
export async function replacePassword(orm: Orm, id: number, passwordHash: string): Promise<UserRecord | null> {
  const [user] = await orm.update(users).set({ passwordHash, firstAccess: false }).where(eq(users.id, id)).returning();
  return user ?? null;
}
