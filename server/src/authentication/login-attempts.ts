import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { LoginLimits } from '../config.js';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { loginAttempts } from '../db/schema/people.js';

/**
 * Sign-in throttling without lockouts, counted in the database so every instance sees the
 * same failures (times from the database clock). Three limits over a window:
 *
 * - per account *and* address (small): one machine guessing one password stops quickly,
 *   and only that machine: the owner signs in from anywhere else;
 * - per address: one machine trying many accounts;
 * - per account from anywhere (a much higher ceiling), with a growing delay between
 *   attempts once the account has many failures: many machines guessing one password.
 *
 * An attempt is *reserved* (a failure row written) before its password is checked, in a
 * transaction that holds advisory locks on the address and the account, so N parallel
 * attempts never check more than the limit: each sees the reservations before it.
 */

/** Delay between attempts once an account is slowed down: 1 s, 2 s, 4 s… up to this. */
export const MAX_SLOWDOWN_SECONDS = 60;

/** Advisory-lock namespaces (pg_advisory_xact_lock(int, int)): one for addresses, one for accounts. */
const ADDRESS_LOCK = 0x10a7;
const ACCOUNT_LOCK = 0x10a8;

const windowStart = (limits: LoginLimits) => sql`now() - make_interval(mins => ${limits.windowMinutes})`;

export type LoginReservation = { attemptId: number } | { retryAfterSeconds: number };

interface Counts {
  pair: number;
  byAddress: number;
  byAccount: number;
  /** Seconds since the account's latest failure (null when none). */
  sinceLast: number | null;
}

/** Seconds the account must wait before its next attempt; 0 when it may go on. */
export function slowdownSeconds(limits: LoginLimits, failures: number, sinceLast: number | null): number {
  if (failures < limits.slowdownAfter || sinceLast === null) return 0;
  const delay = Math.min(2 ** (failures - limits.slowdownAfter), MAX_SLOWDOWN_SECONDS);
  return Math.max(0, Math.ceil(delay - sinceLast));
}

/**
 * Counts the attempt before its password is checked: either the id of the reservation
 * (settle it with `loginSucceeded`, or leave it as the failure it records) or, over a
 * limit, how long to wait. A refused attempt writes nothing.
 */
export async function reserveLoginAttempt(
  orm: Orm,
  limits: LoginLimits,
  account: string,
  address: string,
): Promise<LoginReservation> {
  return orm.transaction(async (tx) => {
    // Always the address first, then the account: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${address}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}::int, hashtext(${account}))`);
    const [counts] = await selectRows<Counts>(
      tx,
      sql`select count(*) filter (where ${loginAttempts.account} = ${account} and ${loginAttempts.address} = ${address})::int as "pair",
                 count(*) filter (where ${loginAttempts.address} = ${address})::int as "byAddress",
                 count(*) filter (where ${loginAttempts.account} = ${account})::int as "byAccount",
                 extract(epoch from now() - max(${loginAttempts.attemptedAt}) filter (where ${loginAttempts.account} = ${account}))::float8 as "sinceLast"
          from ${loginAttempts}
          where (${loginAttempts.account} = ${account} or ${loginAttempts.address} = ${address})
            and ${loginAttempts.attemptedAt} > ${windowStart(limits)}`,
    );
    const { pair = 0, byAddress = 0, byAccount = 0, sinceLast = null } = counts ?? {};
    if (pair >= limits.perAccountAddress || byAddress >= limits.perAddress || byAccount >= limits.perAccount) {
      return { retryAfterSeconds: limits.windowMinutes * 60 };
    }
    const wait = slowdownSeconds(limits, byAccount, sinceLast === null ? null : Number(sinceLast));
    if (wait > 0) return { retryAfterSeconds: wait };
    const [reserved] = await tx.insert(loginAttempts).values({ account, address }).returning({ id: loginAttempts.id });
    return { attemptId: reserved!.id };
  });
}

/**
 * The password was right: the reservation was no failure, and the earlier failures of this
 * account from this address (the owner's typos) are forgiven. Failures from other addresses
 * still count: signing in must not hand a guesser on another machine fresh attempts.
 */
export async function loginSucceeded(orm: Orm, attemptId: number, account: string, address: string): Promise<void> {
  await orm
    .delete(loginAttempts)
    .where(
      or(eq(loginAttempts.id, attemptId), and(eq(loginAttempts.account, account), eq(loginAttempts.address, address))),
    );
}

/** The password was wrong: the reservation stays as the failure; failures older than the window are pruned. */
export async function loginFailed(orm: Orm, limits: LoginLimits): Promise<void> {
  await orm.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart(limits)));
}
