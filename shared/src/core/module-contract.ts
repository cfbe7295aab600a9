import type { ComponentType, ReactNode } from 'react';
import type { Locale, PermissionLevel } from '@canteiro/shared/domain';

/**
 * What a federated module (remote) exposes as the default export of `./module`. The host
 * mounts it under `basePath`, builds the sidebar menu from `menu` and guards, titles and
 * fades `routes` exactly as it does its own.
 */
export type ModuleId = 'admin' | 'management' | 'dash';

export interface ModuleMenuEntry {
  /** Relative to the module's base path; '' is the module's welcome page. */
  to: string;
  /** Translation key in the module's namespace. */
  labelKey: string;
  icon?: ReactNode;
  permission?: PermissionLevel;
}

export interface ModuleRoute {
  /** Relative to the module's base path; '' is the welcome page. */
  path: string;
  permission?: PermissionLevel;
  titleKey: string;
  descriptionKey: string;
  /** Loads the page lazily; without it the host shows its work-in-progress page. */
  load?: () => Promise<{ default: ComponentType }>;
}

export interface CanteiroModule {
  id: ModuleId;
  basePath: `/${string}`;
  /** The i18next namespace the module's keys live in. */
  namespace: string;
  translations: Record<Locale, object>;
  menu: ModuleMenuEntry[];
  routes: ModuleRoute[];
  /** Wraps the module's pages (its own antd ConfigProvider fed by the shared theme and language). */
  Providers: ComponentType<{ children: ReactNode }>;
}
