import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { grantableProfiles, hasPermission, isPermissionLevel } from '@canteiro/shared/domain';
import type { PermissionLevel } from '@canteiro/shared/domain';
import type { AuthenticatedUser } from './authentication/session-user.js';
import { bases, contracts, works } from './db/schema/organisation.js';
import { users } from './db/schema/people.js';

/**
 * Who sees what (ARCHITECTURE.md §5, docs/scoping.md). Every admin query adds one of these
 * conditions; `undefined` means no restriction (admin). A row outside the condition does
 * not exist for the caller: reads answer 404 and writes never reach it.
 */

/** The signed-in user, and the digest of the token of this very request. */
export type Caller = AuthenticatedUser & { tokenHash?: string };

const nothing = sql`false`;
/** `column = id`, or nothing at all when the caller has no such attachment. */
const own = (column: Parameters<typeof eq>[0], id: number | null): SQL => (id === null ? nothing : eq(column, id));

/** Bases: an admin sees all; everyone else only the base it belongs to (read-only context below base level). */
export function basesScope(caller: Caller): SQL | undefined {
  if (caller.profile === 'admin') return undefined;
  return isPermissionLevel(caller.profile) ? own(bases.id, caller.baseId) : nothing;
}

/** Works: all, those of the caller's base, or the caller's own work. */
export function worksScope(caller: Caller): SQL | undefined {
  switch (caller.profile) {
    case 'admin':
      return undefined;
    case 'base':
      return own(works.baseId, caller.baseId);
    case 'work':
    case 'contract':
      return own(works.id, caller.workId);
    default:
      return nothing;
  }
}

/** Contracts: all, those of the caller's base or work, or the caller's own contract. */
export function contractsScope(caller: Caller): SQL | undefined {
  switch (caller.profile) {
    case 'admin':
      return undefined;
    case 'base':
      return own(contracts.baseId, caller.baseId);
    case 'work':
      return own(contracts.workId, caller.workId);
    case 'contract':
      return own(contracts.id, caller.contractId);
    default:
      return nothing;
  }
}

/**
 * Users: the caller itself, and those attached under its base, work or contract at a level
 * strictly below its own: a base user never sees (so never edits, never gives a password
 * to) an admin or another base user of its base.
 */
export function usersScope(caller: Caller): SQL | undefined {
  if (caller.profile === 'admin') return undefined;
  if (!isPermissionLevel(caller.profile)) return nothing;
  const attachment = {
    base: own(users.baseId, caller.baseId),
    work: own(users.workId, caller.workId),
    contract: own(users.contractId, caller.contractId),
  }[caller.profile];
  // The caller's own row is attached where the caller is (its ids are that row's): the level's
  // column first, so a page walks the level's (column, name) index in order (people.ts).
  return and(attachment, or(eq(users.id, caller.id), inArray(users.profile, grantableProfiles(caller.profile))));
}

/** The caller's level meets `required` (reporters meet none: they have no web access). */
export const reaches = (caller: Caller, required: PermissionLevel): boolean => hasPermission(caller.profile, required);

/** Strictly above `level`: who may create and (de)activate records of that level. */
export const isAbove = (caller: Caller, level: PermissionLevel): boolean =>
  reaches(caller, level) && caller.profile !== level;

/**
 * The cascade of spec §4 without rewriting data: a record is in effect active when it and
 * every ancestor are active. For a user the ancestors are those of its scope: a base user
 * depends on its base, a work user also on its work, a contract user or reporter also on
 * its contract; an admin on nothing (deactivating a base never locks the admins out).
 */
/** The profiles whose sign-in depends on each level they are attached to (the cascade above). */
export const USERS_HELD_BY = {
  base: ['base', 'work', 'contract', 'reporter'],
  work: ['work', 'contract', 'reporter'],
  contract: ['contract', 'reporter'],
} as const satisfies Record<'base' | 'work' | 'contract', readonly string[]>;

/** `users.profile` is one of `profiles`. */
export const profileIn = (profiles: readonly string[]): SQL =>
  sql`${users.profile} in (${sql.join(
    profiles.map((profile) => sql`${profile}`),
    sql`, `,
  )})`;

/**
 * Written as "no inactive ancestor", which for every user means "every ancestor active":
 * users_scope_check requires the ids of the profile's levels and their keys the rows. On a
 * list PostgreSQL hashes the ancestors once per statement: the few inactive ones, not every
 * active contract (a users page 0.93 → 0.69 ms with 1 000 contracts), read through their own
 * indexes (migration 0027, schema/organisation.ts inactiveIndex; docs/benchmarks.md).
 */
export const userAncestorsActive: SQL = sql`(
  (not ${profileIn(USERS_HELD_BY.base)} or not exists (select 1 from ${bases} where ${bases.id} = ${users.baseId} and not ${bases.isActive}))
  and (not ${profileIn(USERS_HELD_BY.work)} or not exists (select 1 from ${works} where ${works.id} = ${users.workId} and not ${works.isActive}))
  and (not ${profileIn(USERS_HELD_BY.contract)} or not exists (select 1 from ${contracts} where ${contracts.id} = ${users.contractId} and not ${contracts.isActive}))
)`;

/** A user that may sign in and whose tokens work. */
export const userEffectivelyActive: SQL = sql`(${users.isActive} and ${userAncestorsActive})`;
