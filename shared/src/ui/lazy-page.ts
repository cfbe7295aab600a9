import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModuleRoute } from '@canteiro/shared/core';

const pages = new WeakMap<ModuleRoute, LazyExoticComponent<ComponentType>>();

/**
 * A module route's page, made lazy once per route: a new `lazy()` on every render would
 * remount the page (and fetch its data again) whenever anything above it re-renders.
 * A route without a page yet shows `placeholder`.
 */
export function lazyPage(route: ModuleRoute, placeholder: ComponentType): ComponentType {
  if (!route.load) return placeholder;
  let page = pages.get(route);
  if (!page) {
    page = lazy(route.load);
    pages.set(route, page);
  }
  return page;
}
