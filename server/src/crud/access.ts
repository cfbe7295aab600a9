import { HIERARCHY } from '@canteiro/shared/domain';
import type { Entity } from '@canteiro/shared/domain';
import type { Caller } from '../scope.js';
import { reaches } from '../scope.js';

/** Which levels may use each action at all; a level that never may gets 403. */
export interface Access {
  read(caller: Caller): boolean;
  /** Defaults to `read`. */
  options?(caller: Caller): boolean;
  create?(caller: Caller): boolean;
  update?(caller: Caller): boolean;
  status?(caller: Caller): boolean;
}

/** Any back-office level; a reporter (mobile only) is not one. */
export const anyWebLevel = (caller: Caller): boolean => reaches(caller, 'contract');
export const adminOnly = (caller: Caller): boolean => caller.profile === 'admin';

/**
 * Who may do what to an entity, from its declaration (shared/domain/hierarchy.ts): every
 * back-office level reads within its scope; creating, editing and (de)activating need the
 * declared lowest profile (reached by the caller), always within the caller's scope.
 */
export function declaredAccess(entity: Entity): Access {
  const { create, update, activeness } = HIERARCHY[entity];
  return {
    read: anyWebLevel,
    create: (caller) => reaches(caller, create),
    update: (caller) => reaches(caller, update),
    status: (caller) => reaches(caller, activeness),
  };
}
