import type { PermissionLevel } from '@canteiro/shared/domain';
import type { Caller } from '../scope.js';
import { isAbove, reaches } from '../scope.js';
import type { Access } from './resource.js';

/** Any back-office level; a reporter (mobile only) is not one. */
export const anyWebLevel = (caller: Caller): boolean => reaches(caller, 'contract');
export const adminOnly = (caller: Caller): boolean => caller.profile === 'admin';

/**
 * Records of one level of the hierarchy: everyone reads within scope; a level strictly
 * above creates and (de)activates them; that level and above edit them.
 */
export function levelAccess(level: PermissionLevel): Access {
  return {
    read: anyWebLevel,
    create: (caller) => isAbove(caller, level),
    update: (caller) => reaches(caller, level),
    status: (caller) => isAbove(caller, level),
  };
}
