import type { ComponentType, ReactNode } from 'react';
import type { ModuleMenuEntry, ModuleRoute } from '@canteiro/shared/core';
import type { PermissionLevel } from '@canteiro/shared/domain';
import type { ResourceDefinition, ResourceItem } from './types';

/** One entity screen of a module: its path, menu icon, permissions and its definition, loaded lazily. */
export interface ResourceEntry {
  /** Relative to the module's base path (`base`, `activity`). */
  path: string;
  icon?: ReactNode;
  /** The route's permission (spec §2 route table); the menu's too unless `menuPermission` says otherwise. */
  permission?: PermissionLevel;
  /** The menu entry's, when it differs (Management's discipline: shown to all, guarded as contract). */
  menuPermission?: PermissionLevel | null;
  /** Defaults: `menu.<path>`, `routes.<path>.title`, `routes.<path>.description` in the module's namespace. */
  labelKey?: string;
  titleKey?: string;
  descriptionKey?: string;
  /** Imports the definition (its own chunk): `() => import('./features/x').then((m) => m.xResource)`. */
  resource: () => Promise<ResourceDefinition<never>>;
}

/** A resource as the entry takes it, whatever its item type. */
export const lazyResource = <Item extends ResourceItem>(definition: ResourceDefinition<Item>) =>
  definition as unknown as ResourceDefinition<never>;

/**
 * A module's menu and routes from its welcome page and its list of resources: each route
 * loads its definition and renders `<ResourceScreen>` (no page file per entity).
 */
export function resourceModule({
  start,
  resources,
}: {
  start: { icon?: ReactNode; load: () => Promise<{ default: ComponentType }> };
  resources: readonly ResourceEntry[];
}): { menu: ModuleMenuEntry[]; routes: ModuleRoute[] } {
  const menu: ModuleMenuEntry[] = [
    { to: '', labelKey: 'menu.start', icon: start.icon },
    ...resources.map((entry) => {
      const permission = entry.menuPermission === undefined ? entry.permission : entry.menuPermission;
      return {
        to: entry.path,
        labelKey: entry.labelKey ?? `menu.${entry.path}`,
        icon: entry.icon,
        ...(permission ? { permission } : {}),
      };
    }),
  ];
  const routes: ModuleRoute[] = [
    { path: '', titleKey: 'routes.start.title', descriptionKey: 'routes.start.description', load: start.load },
    ...resources.map((entry) => ({
      path: entry.path,
      ...(entry.permission ? { permission: entry.permission } : {}),
      titleKey: entry.titleKey ?? `routes.${entry.path}.title`,
      descriptionKey: entry.descriptionKey ?? `routes.${entry.path}.description`,
      load: async () => {
        // The kit's screen in a chunk of its own, with the definition: a module's entry (its
        // menu and routes) stays small, and entering a module costs only its welcome page.
        const [{ ResourceScreen }, resource] = await Promise.all([
          import('./resource-screen'),
          entry.resource() as Promise<ResourceDefinition<ResourceItem>>,
        ]);
        const Screen = () => <ResourceScreen resource={resource} />;
        return { default: Screen };
      },
    })),
  ];
  return { menu, routes };
}
