import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_SCHEME } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { ApiError, notAuthenticated } from '../errors.js';
import type { AuthenticatedUser } from '../authentication/session-user.js';
import { findSession, hashToken } from '../authentication/tokens.js';
import { appWide } from './app-wide.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, on every route that is not public. */
    user: AuthenticatedUser | null;
    /** Digest of the caller's token, to end this very session. */
    tokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** Open to anyone. API routes require a session unless they say so. */
    public?: boolean;
    /** Open to a session still on its temporary password (change it, sign out, who am I). */
    beforePasswordChange?: boolean;
    /**
     * Open to a session of either channel (web or mobile). Without it a route under
     * /api/mobile/ needs a mobile session and every other route a web one.
     */
    anyChannel?: boolean;
  }
}

export interface AuthenticationOptions extends Record<string, unknown> {
  db: Database;
}

/** The OpenAPI pages come from a plugin and stay readable without a session. */
const DOCS_PREFIX = '/api/docs';

const tokenPattern = new RegExp(`^${AUTH_SCHEME}\\s+(\\S+)$`, 'i');

/**
 * `Authorization: Token <token>` on every API route unless marked public: closed by
 * default, so a forgotten flag locks a route rather than opening it. Each request checks
 * the database, so a logout or a deactivated user takes effect at once on every instance.
 * A user on a temporary password (first access) reaches only the routes that let it change it.
 */
export const authentication = appWide<AuthenticationOptions>(async (app: FastifyInstance, { db }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenHash', null);

  app.addHook('onRequest', async (request) => {
    if (!needsSession(request)) return;
    const token = tokenPattern.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw notAuthenticated();
    const tokenHash = hashToken(token);
    const user = await findSession(db.orm, tokenHash);
    if (!user) throw notAuthenticated();
    checkChannel(request, user);
    // 409, not 403: the client signs out on 403; this one takes the user to /password.
    if (user.firstAccess && !openBeforePasswordChange(request, user))
      throw new ApiError(409, 'password_change_required');
    request.user = user;
    request.tokenHash = tokenHash;
  });
});

/**
 * A mobile session (signed in without `from_web`, as the app does) opens the app's routes
 * and nothing else, and a web session none of the app's: a token taken from a phone is no
 * key to the back-office, and a reporter (who can only sign in from the app) never reaches
 * it (docs/ingestion.md). 403, so a client holding the wrong kind of token drops it.
 */
function checkChannel(request: FastifyRequest, user: AuthenticatedUser): void {
  const { config } = request.routeOptions;
  if (config.anyChannel === true) return;
  const mobileRoute = config.mobile === true;
  if (mobileRoute && user.channel !== 'mobile') throw new ApiError(403, 'mobile_session_required');
  if (!mobileRoute && user.channel !== 'web') throw new ApiError(403, 'web_session_required');
}

function needsSession(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (!route?.startsWith('/api/') || route.startsWith(DOCS_PREFIX)) return false;
  return request.routeOptions.config.public !== true;
}

/**
 * The password change and what it needs. A mobile session is never held back: the app has no
 * password change, so every route it may open (its own, and the picture the sign-in points at)
 * keeps working; the channel check has already kept it to those.
 */
function openBeforePasswordChange(request: FastifyRequest, user: AuthenticatedUser): boolean {
  return request.routeOptions.config.beforePasswordChange === true || user.channel === 'mobile';
}

/** The caller of a route that requires a session. */
export function signedInUser(request: FastifyRequest): AuthenticatedUser & { tokenHash: string } {
  if (!request.user || !request.tokenHash) throw notAuthenticated();
  return { ...request.user, tokenHash: request.tokenHash };
}
