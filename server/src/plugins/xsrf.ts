import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSAFE_METHODS, XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import { ApiError } from '../errors.js';
import { appWide } from './app-wide.js';

/** Routes declared under this path are the mobile app's: a token and no cookie jar. */
export const MOBILE_PREFIX = '/api/mobile/';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called by the mobile app, which holds a token and no cookie jar: no XSRF check (a
     * request without cookies cannot be forged by another site), and open during first access.
     * Set on every route declared under /api/mobile/.
     */
    mobile?: boolean;
  }
}

export interface XsrfOptions extends Record<string, unknown> {
  cookieSecure: boolean;
}

/**
 * Double-submit cookie: the server hands out a random XSRF-TOKEN cookie that page
 * scripts can read; unsafe API calls must echo it in X-XSRF-TOKEN. Another site can make
 * the browser send the cookie but cannot read it to copy it into the header.
 *
 * Whether a request is checked is decided by the route Fastify matched, never by the raw
 * URL: `/%61pi/bases` and `http://host/api/bases` reach the same route as `/api/bases`.
 */
export const xsrfProtection = appWide<XsrfOptions>(async (app: FastifyInstance, options) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(MOBILE_PREFIX)) route.config = { ...route.config, mobile: true };
  });

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.cookieSecure,
      });
    }
    if (needsXsrfCheck(request) && !sameToken(cookie, request.headers[XSRF_HEADER.toLowerCase()])) {
      throw new ApiError(403, 'xsrf_mismatch');
    }
  });
});

/** Every unsafe call to a route that exists, except the mobile app's; an unmatched path changes nothing (404). */
function needsXsrfCheck(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method) || !request.routeOptions.url) return false;
  return request.routeOptions.config.mobile !== true;
}

function sameToken(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const expected = Buffer.from(cookie);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
