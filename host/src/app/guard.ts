import { hasPermission } from '@canteiro/shared/domain';
import type { PermissionLevel, SessionUser } from '@canteiro/shared/domain';

/** What a route declares about who may open it. */
export interface RouteAccess {
  /** `required`: signed in; `guest`: only signed out (login); `public`: anyone. */
  auth: 'required' | 'guest' | 'public';
  permission?: PermissionLevel;
}

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: '/login' | '/home' | '/password' } | { kind: 'not-found' };

/**
 * The navigation guard of spec §2: a signed-in user opening login goes home; a route that
 * needs a login without one goes to login; a missing permission shows the 404 screen.
 * A user still on its temporary password (first access) goes to /password from any route
 * that needs a login: the server opens nothing else to it until it is changed.
 */
export function decide(
  access: RouteAccess,
  session: { token: string | null; user: SessionUser | null },
): GuardDecision {
  const signedIn = Boolean(session.token);
  if (access.auth === 'guest') return signedIn ? { kind: 'redirect', to: '/home' } : { kind: 'allow' };
  if (access.auth === 'public') return { kind: 'allow' };
  // The sidebar needs the stored user: without it there is nothing to show but login.
  if (!signedIn || !session.user) return { kind: 'redirect', to: '/login' };
  if (session.user.permission_set.first_access) return { kind: 'redirect', to: '/password' };
  if (!hasPermission(session.user.permission_set.value, access.permission)) return { kind: 'not-found' };
  return { kind: 'allow' };
}
