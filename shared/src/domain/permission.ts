/**
 * The permission rule of spec §6: levels in decreasing reach. A requirement is met when
 * the user's level is at or above it; no requirement means any signed-in user.
 */
export const PERMISSION_LEVELS = ['admin', 'base', 'work', 'contract'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** Every profile a user may have; `reporter` works only in the mobile app. */
export const PROFILES = [...PERMISSION_LEVELS, 'reporter'] as const;
export type Profile = (typeof PROFILES)[number];

const reach = (level: PermissionLevel): number => PERMISSION_LEVELS.length - PERMISSION_LEVELS.indexOf(level);

export function isPermissionLevel(value: unknown): value is PermissionLevel {
  return typeof value === 'string' && (PERMISSION_LEVELS as readonly string[]).includes(value);
}

/** True when a user of `userLevel` may use something that requires `required`. */
export function hasPermission(userLevel: string | null | undefined, required?: PermissionLevel | null): boolean {
  if (!required) return true;
  if (!isPermissionLevel(userLevel)) return false;
  return reach(userLevel) >= reach(required);
}

/**
 * Profiles of the users a user of `level` manages (creates, edits, (de)activates, gives a
 * password): an admin manages everyone, admins included; any other level only the levels
 * strictly below its own, so a base user never takes over another base user (docs/scoping.md).
 */
export function grantableProfiles(level: PermissionLevel): Profile[] {
  if (level === 'admin') return [...PROFILES];
  return [...PERMISSION_LEVELS.filter((other) => other !== level && hasPermission(level, other)), 'reporter'];
}

/** How a profile reads in the signed-in user's `permission_set.label`. */
export const PROFILE_LABELS: Record<Profile, string> = {
  admin: 'Administrador',
  base: 'Base',
  work: 'Obra',
  contract: 'Contratada',
  reporter: 'Apontador',
};
