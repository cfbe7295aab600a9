import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UNSAFE_METHODS, XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import { ApiError } from '../errors.js';
import { appWide } from './app-wide.js';

/** The mobile app holds only a token and no cookie jar, so it cannot echo a cookie. */
export const MOBILE_PREFIX = '/api/mobile/';

export interface XsrfOptions extends Record<string, unknown> {
  cookieSecure: boolean;
}

/**
 * Double-submit cookie: the server hands out a random XSRF-TOKEN cookie that page
 * scripts can read; unsafe API calls must echo it in X-XSRF-TOKEN. Another site can make
 * the browser send the cookie but cannot read it to copy it into the header.
 */
export const xsrfProtection = appWide<XsrfOptions>(async (app: FastifyInstance, options) => {
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

function needsXsrfCheck(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith('/api/') && !path.startsWith(MOBILE_PREFIX);
}

function sameToken(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const expected = Buffer.from(cookie);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
