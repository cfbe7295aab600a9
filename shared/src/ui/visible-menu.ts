import type { ModuleMenuEntry } from '@canteiro/shared/core';
import { hasPermission } from '@canteiro/shared/domain';

/**
 * Spec §2: an entry with a permission shows only if the user's level passes it, and stays
 * hidden while the user is not loaded; entries without one always show.
 */
export function visibleMenu(menu: readonly ModuleMenuEntry[], userLevel: string | null | undefined): ModuleMenuEntry[] {
  return menu.filter((entry) => hasPermission(userLevel, entry.permission));
}
