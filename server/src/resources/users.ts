import { sql } from 'drizzle-orm';
import {
  PROFILES,
  grantableProfiles,
  isPermissionLevel,
  userCreateSchema,
  userUpdateSchema,
} from '@canteiro/shared/domain';
import type { UserItem, UserUpdateInput } from '@canteiro/shared/domain';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { users } from '../db/schema/people.js';
import { ApiError } from '../errors.js';
import { passwordHashing } from '../authentication/passwords.js';
import { revokeAllTokens } from '../authentication/tokens.js';
import { userAncestorsActive, usersScope } from '../scope.js';
import type { Caller } from '../scope.js';
import { textSort, valueSort } from '../crud/list-query.js';
import { columnList, isoTimestamp } from '../crud/reads.js';
import type { ApiResource } from '../crud/resource.js';
import { listLabel } from './labels.js';

/**
 * /api/users: back-office staff and reporters. An admin manages everyone; any other level
 * the users of its scope strictly below its own; a password given here is temporary (first access).
 */

/** Nobody locks themselves out, by the form or by the status toggle. */
function refuseSelfDeactivation(caller: Caller, id: number | null, isActive: boolean): void {
  if (id === caller.id && !isActive) throw new ApiError(409, 'cannot_deactivate_self');
}

/**
 * On itself a user changes its name, e-mail and picture; never its profile (an admin cannot
 * demote itself and lock itself out), its status, nor its password here: that goes through
 * change-password, which asks for the current one (docs/scoping.md).
 */
function refuseOwnAccessChange(caller: Caller, input: UserUpdateInput): void {
  if (input.permission !== caller.profile) {
    throw new ApiError(409, 'cannot_change_own_profile', { permission: 'cannot_change_own_profile' });
  }
  if (input.password) throw new ApiError(409, 'cannot_set_own_password', { password: 'cannot_set_own_password' });
  refuseSelfDeactivation(caller, caller.id, input.isActive);
}

/** Others: only a profile the caller manages (an admin any; other levels strictly below their own). */
function authorizeUserWrite(caller: Caller, input: UserUpdateInput, id: number | null): void {
  if (id === caller.id) return refuseOwnAccessChange(caller, input);
  const grantable = isPermissionLevel(caller.profile) ? grantableProfiles(caller.profile) : [];
  if (!grantable.includes(input.permission)) throw new ApiError(403, 'forbidden');
}

export const usersResource: ApiResource<UserItem, UserUpdateInput> = {
  entity: 'user',
  read: {
    table: users,
    from: sql`${users}
      left join ${bases} on ${bases.id} = ${users.baseId}
      left join ${works} on ${works.id} = ${users.workId}
      left join ${contracts} on ${contracts.id} = ${users.contractId}`,
    columns: columnList({
      id: users.id,
      firstName: users.firstName,
      email: users.email,
      permission: users.profile,
      base: users.baseId,
      baseName: bases.name,
      work: users.workId,
      workName: works.name,
      contract: users.contractId,
      contractName: contracts.name,
      profilePicture: users.profilePicture,
      firstAccess: users.firstAccess,
      isActive: users.isActive,
      createdAt: isoTimestamp(users.createdAt),
    }),
    search: [{ lowercased: users.searchText }],
    sorts: {
      name: textSort(users.firstName),
      firstName: textSort(users.firstName),
      email: textSort(users.email),
      permission: textSort(users.profile),
      createdAt: valueSort(users.createdAt, 'timestamptz'),
    },
    defaultSort: { key: 'name', order: 'asc' },
    filters: {
      base: users.baseId,
      work: users.workId,
      contract: users.contractId,
      permission: { column: users.profile, values: PROFILES },
    },
    scope: usersScope,
    ancestorsActive: userAncestorsActive,
    genericPagePlan: true,
  },
  // Access from the declaration (every back-office level, within scope); authorizeUserWrite narrows it by profile.
  write: {
    table: users,
    createSchema: userCreateSchema,
    updateSchema: userUpdateSchema,
    authorize: authorizeUserWrite,
    authorizeStatus: refuseSelfDeactivation,
    values: async ({ firstName, email, permission, base, work, contract, isActive, password }) => ({
      firstName,
      email,
      username: email.split('@')[0] ?? email,
      profile: permission,
      baseId: base,
      workId: work,
      contractId: contract,
      isActive,
      // A password set by someone else is temporary: the user must choose its own.
      ...(password ? { passwordHash: await passwordHashing.hash(password), firstAccess: true } : {}),
    }),
    afterWrite: async (tx, id, { password, isActive }) => {
      // A new password ends the sessions opened with the old one (never the caller's: it
      // cannot set its own here); deactivation ends them for good, reactivating opens none.
      if (password || !isActive) await revokeAllTokens(tx, id);
    },
    afterStatus: async (tx, id, isActive) => {
      if (!isActive) await revokeAllTokens(tx, id);
    },
    secrets: ['passwordHash'],
    derived: ['searchText'],
  },
  export: {
    fileName: { 'pt-BR': 'usuarios', 'en-US': 'users' },
    columns: [
      { header: 'id', value: (user) => user.id },
      { header: 'name', value: (user) => user.firstName },
      { header: 'email', value: (user) => user.email },
      {
        header: 'permission',
        value: (user, locale) => listLabel('profile', user.permission, locale),
      },
      { header: 'base', value: (user) => user.baseName },
      { header: 'work', value: (user) => user.workName },
      { header: 'contract', value: (user) => user.contractName },
      { header: 'firstAccess', value: (user) => user.firstAccess },
      { header: 'isActive', value: (user) => user.isActive },
      { header: 'parentInactive', value: (user) => user.parentInactive },
      { header: 'createdAt', value: (user) => user.createdAt, format: 'datetime' },
    ],
  },
};
