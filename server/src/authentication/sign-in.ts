import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse, SessionChannel } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { ApiError } from '../errors.js';
import { accountKey, findUserByEmail } from './accounts.js';
import {
  DEVICE_TRUST_DAYS,
  loginFailed,
  loginSucceeded,
  reserveLoginAttempt,
  trustedDevice,
} from './login-attempts.js';
import type { LoginSource } from './login-attempts.js';
import { passwordHashing } from './passwords.js';
import { toSessionUser } from './session-user.js';
import { issueToken } from './tokens.js';

/**
 * Signing in, for both channels: the back-office's routes (routes/authentication.ts) and the
 * mobile app's (mobile/routes.ts) use this one service.
 */

export interface SignInOptions {
  config: Config;
  db: Database;
}

/**
 * The browser's trusted-device token (login-attempts.ts): HttpOnly, so no script reads it, and
 * sent only to the sign-in and password routes.
 */
export const DEVICE_COOKIE = 'canteiro_device';
const DEVICE_COOKIE_PATH = '/api/authentication';

/**
 * Counts the attempt before any password is looked at, so guessing gains nothing while
 * throttled and parallel guesses cannot slip past the count; answers the reservation.
 */
export async function reserveAttempt(
  { config, db }: SignInOptions,
  reply: FastifyReply,
  source: LoginSource,
): Promise<number> {
  const reservation = await reserveLoginAttempt(db.orm, config.loginLimits, source);
  if ('attemptId' in reservation) return reservation.attemptId;
  if (reservation.retryAfterSeconds !== null) reply.header('retry-after', String(reservation.retryAfterSeconds));
  throw new ApiError(429, 'rate_limited');
}

/** Who is signing in: the account typed, the client's address, and the device if it is trusted for that account. */
export async function loginSource(
  db: Database,
  request: FastifyRequest,
  email: string,
  deviceToken: string | undefined,
): Promise<LoginSource> {
  const account = accountKey(email);
  const token = deviceToken ?? request.cookies[DEVICE_COOKIE];
  return { account, address: request.ip, device: await trustedDevice(db.orm, token, account) };
}

/** Keeps the device's token in the browser for the next sign-in. */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    maxAge: DEVICE_TRUST_DAYS * 24 * 3600,
  });
}

/**
 * Checks the credentials and opens a session on `channel`: the back-office's login
 * (/api/authentication/login) and the mobile app's (/api/mobile/login) are this one function,
 * with the same throttling, the same 401 for every bad sign-in and the reporter rule (a
 * reporter has no web session). A device that signs in becomes trusted for the account: the
 * browser keeps its token as a cookie, the mobile app gets it as `device` and sends it back.
 */
export function signInHandler(options: SignInOptions) {
  const { config, db } = options;
  const { orm } = db;
  const limits = config.loginLimits;

  return async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: { email: string; password: string; device?: string | undefined },
    channel: SessionChannel,
  ): Promise<LoginResponse> {
    const source = await loginSource(db, request, credentials.email, credentials.device);
    const attemptId = await reserveAttempt(options, reply, source);
    const user = await findUserByEmail(orm, source.account);
    const passwordMatches = user
      ? await passwordHashing.verify(user.passwordHash, credentials.password)
      : await passwordHashing.verifyWithoutAccount(credentials.password);
    // Unknown e-mail, wrong password and inactive user (or inactive base, work or
    // contract above it, docs/scoping.md) look alike from outside.
    if (!user || !passwordMatches || !user.effectivelyActive) {
      await loginFailed(orm, limits);
      throw new ApiError(401, 'invalid_credentials');
    }
    const device = await loginSucceeded(orm, attemptId, source);
    if (channel === 'web') setDeviceCookie(reply, config, device);
    if (user.profile === 'reporter' && channel === 'web') throw new ApiError(403, 'reporter_denied');

    const token = await issueToken(orm, user.id, config.tokenTtlHours, channel);
    request.log.info({ userId: user.id, channel }, 'signed in');
    return { token, user: toSessionUser(user), ...(channel === 'mobile' ? { device } : {}) };
  };
}
