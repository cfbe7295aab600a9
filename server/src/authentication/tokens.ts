import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Profile, SessionChannel } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { authTokens, users } from '../db/schema/people.js';
import { userEffectivelyActive } from '../scope.js';
import type { AuthenticatedUser } from './session-user.js';

/** 32 random bytes: unguessable, and short enough for a header. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Only this digest is stored: a copy of the table opens no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Starts a session for the user and returns the token, which is never stored as is. The
 * channel says which routes it opens: `web` every route but /api/mobile/*, `mobile` only
 * those (plugins/authentication.ts, docs/ingestion.md).
 */
export async function issueToken(orm: Orm, userId: number, ttlHours: number, channel: SessionChannel): Promise<string> {
  const token = newToken();
  // The database clock decides expiry, so instances with skewed clocks agree.
  await orm.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    channel,
    // In whole seconds: make_interval's hours take only integers, and TOKEN_TTL_HOURS may be 0.5.
    expiresAt: sql`now() + make_interval(secs => ${Math.round(ttlHours * 3600)})`,
  });
  await orm.delete(authTokens).where(and(eq(authTokens.userId, userId), lte(authTokens.expiresAt, sql`now()`)));
  return token;
}

/** The session lookup, built once per database handle: it runs on every request. */
function sessionQuery(orm: Orm) {
  return orm
    .select({
      id: users.id,
      profile: users.profile,
      baseId: users.baseId,
      workId: users.workId,
      contractId: users.contractId,
      firstAccess: users.firstAccess,
      channel: authTokens.channel,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(authTokens.expiresAt, sql`now()`),
        userEffectivelyActive,
      ),
    )
    .limit(1)
    .prepare('find_session');
}
const sessionQueries = new WeakMap<Orm, ReturnType<typeof sessionQuery>>();

/**
 * The user behind a live token; none when expired, unknown, or the user (or the base, work
 * or contract its scope hangs from) was deactivated: that takes effect at once. One indexed
 * query, prepared (docs/benchmarks.md), asked on every request: nothing is cached.
 */
export async function findSession(orm: Orm, tokenHash: string): Promise<AuthenticatedUser | null> {
  let query = sessionQueries.get(orm);
  if (!query) {
    query = sessionQuery(orm);
    sessionQueries.set(orm, query);
  }
  const [session] = await query.execute({ tokenHash });
  return session
    ? { ...session, profile: session.profile as Profile, channel: session.channel as SessionChannel }
    : null;
}

/** Ends every session of the user: deactivation is for good, reactivating opens none of them again. */
export async function revokeAllTokens(orm: Orm, userId: number): Promise<void> {
  await orm.delete(authTokens).where(eq(authTokens.userId, userId));
}

export async function revokeToken(orm: Orm, tokenHash: string): Promise<void> {
  await orm.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

/** Ends every session of the user except the one making the call. */
export async function revokeOtherTokens(orm: Orm, userId: number, keptTokenHash: string): Promise<void> {
  await orm.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.tokenHash, keptTokenHash)));
}
