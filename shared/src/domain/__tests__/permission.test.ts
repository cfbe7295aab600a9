import { PERMISSION_LEVELS, grantableProfiles, hasPermission } from '../permission';
import type { PermissionLevel } from '../permission';

// Spec §6, all sixteen pairs: rows are the user's level, columns the requirement.
const passes: Record<PermissionLevel, Record<PermissionLevel, boolean>> = {
  admin: { admin: true, base: true, work: true, contract: true },
  base: { admin: false, base: true, work: true, contract: true },
  work: { admin: false, base: false, work: true, contract: true },
  contract: { admin: false, base: false, work: false, contract: true },
};

describe('the permission rule', () => {
  const pairs = PERMISSION_LEVELS.flatMap((user) => PERMISSION_LEVELS.map((required) => [user, required] as const));

  it('covers the sixteen pairs', () => expect(pairs).toHaveLength(16));

  it.each(pairs)('a %s user against a %s requirement', (user, required) => {
    expect(hasPermission(user, required)).toBe(passes[user][required]);
  });

  it('lets any signed-in level through when nothing is required', () => {
    for (const level of PERMISSION_LEVELS) expect(hasPermission(level, undefined)).toBe(true);
  });

  it('refuses a reporter, an unknown profile and a missing user whenever something is required', () => {
    expect(hasPermission('reporter', 'contract')).toBe(false);
    expect(hasPermission('superuser', 'contract')).toBe(false);
    expect(hasPermission(null, 'contract')).toBe(false);
  });

  it('lets an admin manage every profile, admins included', () => {
    expect(grantableProfiles('admin')).toEqual(['admin', 'base', 'work', 'contract', 'reporter']);
  });

  it('lets any other level manage only the levels strictly below its own', () => {
    expect(grantableProfiles('base')).toEqual(['work', 'contract', 'reporter']);
    expect(grantableProfiles('work')).toEqual(['contract', 'reporter']);
    expect(grantableProfiles('contract')).toEqual(['reporter']);
  });
});
