import type { RouteAccess } from './guard';

/** Metadata every route carries (spec §2): who may open it, and its title and description keys. */
export interface RouteMeta extends RouteAccess {
  titleKey: string;
  descriptionKey: string;
}

export const hostRoutes = {
  login: { auth: 'guest', titleKey: 'host:routes.login.title', descriptionKey: 'host:routes.login.description' },
  // Declared without a login (spec §2); the page itself asks a signed-out visitor to sign in.
  password: {
    auth: 'public',
    titleKey: 'host:routes.password.title',
    descriptionKey: 'host:routes.password.description',
  },
  home: { auth: 'required', titleKey: 'host:routes.home.title', descriptionKey: 'host:routes.home.description' },
  notFound: {
    auth: 'public',
    titleKey: 'host:routes.notFound.title',
    descriptionKey: 'host:routes.notFound.description',
  },
  workInProgress: {
    auth: 'required',
    titleKey: 'host:routes.workInProgress.title',
    descriptionKey: 'host:routes.workInProgress.description',
  },
} satisfies Record<string, RouteMeta>;
