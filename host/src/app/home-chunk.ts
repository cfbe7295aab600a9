import type { ComponentType } from 'react';

let loaded: ComponentType | null = null;
let controls: ComponentType | null = null;

/**
 * Home's chunk (docs/frontend.md, "Start path"): the sign-in asks for it beside its own request,
 * so home renders at once when the answer comes. A lazy route that suspends shows its fallback
 * and React then holds the content back ~250 ms (its reveal throttle): that was most of the
 * time between the sign-in's answer and home.
 */
export function loadHome(): Promise<ComponentType> {
  return import('../features/home/home-page').then((module) => {
    controls = module.HomeControls;
    return (loaded = module.default);
  });
}

/** Home's antd controls once its chunk is in, else null (drawn ahead, hidden, by the login page's start). */
export const loadedHomeControls = (): ComponentType | null => controls;

/** Home's page once its chunk is in, else null (the route then renders it lazily). */
export const loadedHome = (): ComponentType | null => loaded;
