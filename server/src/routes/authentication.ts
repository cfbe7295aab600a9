import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, loginRequestSchema } from '@canteiro/shared/domain';
import type { LoginResponse, SessionUser } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { ApiError, notAuthenticated, parseBody } from '../errors.js';
import { recordAudit } from '../audit.js';
import { signedInUser } from '../plugins/authentication.js';
import { findUserById, replacePassword } from '../authentication/accounts.js';
import { loginFailed, loginSucceeded } from '../authentication/login-attempts.js';
import { passwordHashing } from '../authentication/passwords.js';
import { toSessionUser } from '../authentication/session-user.js';
import { revokeOtherTokens, revokeToken } from '../authentication/tokens.js';
import { changePasswordDocs, loginDocs, logoutDocs, meDocs } from './authentication-docs.js';
import { loginSource, reserveAttempt, setDeviceCookie, signInHandler } from '../authentication/sign-in.js';

export interface AuthenticationRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
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
