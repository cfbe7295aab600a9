import type { ModuleMenuEntry } from '@canteiro/shared/core';
import type { PermissionLevel } from '@canteiro/shared/domain';

/**
 * Spec §2: an entry with a permission shows only if the user passes it, and stays hidden
 * while the user is not loaded; entries without one always show.
 */
export function visibleMenu(
  menu: ModuleMenuEntry[],
  userLevel: string | null,
  passes: (level: string | null, required: PermissionLevel) => boolean,
): ModuleMenuEntry[] {
  return menu.filter((entry) => !entry.permission || (userLevel !== null && passes(userLevel, entry.permission)));
}
