import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePasswordSchema, loginRequestSchema } from '@canteiro/shared/domain';
import type { LoginResponse, SessionChannel, SessionUser } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { ApiError, notAuthenticated, parseBody } from '../errors.js';
import { recordAudit } from '../audit.js';
import { signedInUser } from '../plugins/authentication.js';
import { accountKey, findUserByEmail, findUserById, replacePassword } from '../authentication/accounts.js';
import {
  DEVICE_TRUST_DAYS,
  loginFailed,
  loginSucceeded,
  reserveLoginAttempt,
  trustedDevice,
} from '../authentication/login-attempts.js';
import type { LoginSource } from '../authentication/login-attempts.js';
import { passwordHashing } from '../authentication/passwords.js';
import { toSessionUser } from '../authentication/session-user.js';
import { issueToken, revokeOtherTokens, revokeToken } from '../authentication/tokens.js';
import { changePasswordDocs, loginDocs, logoutDocs, meDocs } from './authentication-docs.js';

export interface AuthenticationRoutesOptions extends Record<string, unknown> {
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
async function reserveAttempt(
  { config, db }: AuthenticationRoutesOptions,
  reply: FastifyReply,
  source: LoginSource,
): Promise<number> {
  const reservation = await reserveLoginAttempt(db.orm, config.loginLimits, source);
  if ('attemptId' in reservation) return reservation.attemptId;
  if (reservation.retryAfterSeconds !== null) reply.header('retry-after', String(reservation.retryAfterSeconds));
  throw new ApiError(429, 'rate_limited');
}

/** Who is signing in: the account typed, the client's address, and the device if it is trusted for that account. */
async function loginSource(
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
function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
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
export function signInHandler(options: AuthenticationRoutesOptions) {
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

/** Sign in, sign out, change password, who am I (spec §7). */
export async function authenticationRoutes(
  app: FastifyInstance,
  { config, db }: AuthenticationRoutesOptions,
): Promise<void> {
  const { orm } = db;
  const limits = config.loginLimits;

  const signIn = signInHandler({ config, db });

  app.post(
    '/login',
    { config: { public: true }, schema: loginDocs },
    async (request, reply): Promise<LoginResponse> => {
      const credentials = parseBody(loginRequestSchema, request.body);
      // Without from_web the session is the mobile app's: it opens /api/mobile/* and nothing else.
      return signIn(request, reply, credentials, credentials.from_web ? 'web' : 'mobile');
    },
  );

  app.post('/logout', { config: { beforePasswordChange: true }, schema: logoutDocs }, async (request, reply) => {
    await revokeToken(orm, signedInUser(request).tokenHash);
    return reply.code(204).send();
  });

  app.post(
    '/change-password',
    { config: { beforePasswordChange: true }, schema: changePasswordDocs },
    async (request, reply): Promise<{ user: SessionUser }> => {
      const caller = signedInUser(request);
      const input = parseBody(changePasswordSchema, request.body);
      const user = await findUserById(orm, caller.id);
      if (!user) throw notAuthenticated();
      // Someone holding a stolen token must not get unlimited guesses of the password.
      const source = await loginSource(db, request, user.email, undefined);
      const attemptId = await reserveAttempt({ config, db }, reply, source);
      if (!(await passwordHashing.verify(user.passwordHash, input.current_password))) {
        await loginFailed(orm, limits);
        throw new ApiError(400, 'wrong_current_password', { current_password: 'wrong_current_password' });
      }
      setDeviceCookie(reply, config, await loginSucceeded(orm, attemptId, source));

      const passwordHash = await passwordHashing.hash(input.new_password);
      const updated = await orm.transaction(async (tx) => {
        const changed = await replacePassword(tx, user.id, passwordHash);
        // Whoever else held a session with the old password is signed out.
        await revokeOtherTokens(tx, user.id, caller.tokenHash);
        await recordAudit(tx, { actorId: user.id, action: 'change_password', entity: 'users', entityId: user.id });
        return changed;
      });
      if (!updated) throw notAuthenticated();
      return { user: toSessionUser(updated) };
    },
  );

  app.get(
    '/me',
    { config: { beforePasswordChange: true }, schema: meDocs },
    async (request): Promise<{ user: SessionUser }> => {
      const user = await findUserById(orm, signedInUser(request).id);
      if (!user) throw notAuthenticated();
      return { user: toSessionUser(user) };
    },
  );
}
