import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { LoginLimits } from '../config.js';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { loginAttempts, trustedDevices } from '../db/schema/people.js';
import { hashToken, newToken } from './tokens.js';

/**
 * Sign-in throttling without lockouts (docs/server.md, "Sign-in throttling"), counted in the
 * database so every instance sees the same failures (times from the database clock). Guessing
 * stays slow, and nobody can deny sign-in to an account or an address they do not control
 * (OWASP's authentication guidance and its "device cookies"):
 *
 * - A device that signed in to the account before (its token: an HttpOnly cookie in the
 *   browser, a value the mobile app keeps) is counted on its own: a few failures stop that
 *   device and nothing else, and no limit that failures from elsewhere caused ever stops it.
 *   The owner's right password from a known device always gets in.
 * - An unknown device is counted as before, by three limits over a window: per account *and*
 *   address (small: only that address is held back), per address (one machine, many
 *   accounts), and per account from anywhere (a ceiling), with a delay that doubles between
 *   attempts once the account has many failures (many machines, one account).
 *
 * An attempt is *reserved* (a failure row written) before its password is checked, in a
 * transaction that holds advisory locks on what it is counted by, so N parallel attempts never
 * check more than the limit: each sees the reservations before it.
 */

/** Delay between attempts once an account is slowed down: 1 s, 2 s, 4 s… up to this. */
export const MAX_SLOWDOWN_SECONDS = 60;
/** A trusted device not seen for this long is forgotten. */
export const DEVICE_TRUST_DAYS = 180;
/** Devices kept per account; signing in on a new one past this forgets the least recently used. */
const MAX_DEVICES_PER_ACCOUNT = 20;

/** Advisory-lock namespaces (pg_advisory_xact_lock(int, int)): addresses, accounts, devices. */
const ADDRESS_LOCK = 0x10a7;
const ACCOUNT_LOCK = 0x10a8;
const DEVICE_LOCK = 0x10a9;

const windowStart = (limits: LoginLimits) => sql`now() - make_interval(mins => ${limits.windowMinutes})`;

/** Who is trying: the account typed, the client's address and the device, when it is a trusted one. */
export interface LoginSource {
  account: string;
  address: string;
  device: TrustedDevice | null;
}

export interface TrustedDevice {
  id: number;
  token: string;
}

/**
 * Over a limit, how long to wait when the limit is the caller's own (its device, its address);
 * null when it is the account's, which many callers share: telling the wait would tell a
 * guesser when to guess next.
 */
export type LoginReservation = { attemptId: number } | { retryAfterSeconds: number | null };

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

/** The device behind a token, if that token is trusted for this account (and recent enough). */
export async function trustedDevice(
  orm: Orm,
  token: string | undefined,
  account: string,
): Promise<TrustedDevice | null> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return null;
  const [device] = await orm
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        eq(trustedDevices.account, account),
        sql`${trustedDevices.lastUsedAt} > now() - make_interval(days => ${DEVICE_TRUST_DAYS})`,
      ),
    )
    .limit(1);
  return device ? { id: device.id, token } : null;
}

/**
 * Counts the attempt before its password is checked: either the id of the reservation
 * (settle it with `loginSucceeded`, or leave it as the failure it records) or, over a
 * limit, the refusal. A refused attempt writes nothing.
 */
export async function reserveLoginAttempt(
  orm: Orm,
  limits: LoginLimits,
  source: LoginSource,
): Promise<LoginReservation> {
  return orm.transaction(async (tx) =>
    source.device ? reserveOnDevice(tx, limits, source, source.device) : reserveUnknown(tx, limits, source),
  );
}

/** A trusted device: its own failures only, the per-account-and-address allowance. */
async function reserveOnDevice(
  tx: Orm,
  limits: LoginLimits,
  { account, address }: LoginSource,
  device: TrustedDevice,
): Promise<LoginReservation> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEVICE_LOCK}::int, ${device.id}::int)`);
  const [counts] = await selectRows<{ failures: number }>(
    tx,
    sql`select count(*)::int as failures from ${loginAttempts}
        where ${loginAttempts.deviceId} = ${device.id} and ${loginAttempts.attemptedAt} > ${windowStart(limits)}`,
  );
  if ((counts?.failures ?? 0) >= limits.perAccountAddress) return { retryAfterSeconds: limits.windowMinutes * 60 };
  const [reserved] = await tx
    .insert(loginAttempts)
    .values({ account, address, deviceId: device.id })
    .returning({ id: loginAttempts.id });
  return { attemptId: reserved!.id };
}

/** An unknown device: per account and address, per address, per account (failures of unknown devices only). */
async function reserveUnknown(tx: Orm, limits: LoginLimits, { account, address }: LoginSource) {
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
          and ${loginAttempts.deviceId} is null
          and ${loginAttempts.attemptedAt} > ${windowStart(limits)}`,
  );
  const { pair = 0, byAddress = 0, byAccount = 0, sinceLast = null } = counts ?? {};
  if (pair >= limits.perAccountAddress || byAddress >= limits.perAddress)
    return { retryAfterSeconds: limits.windowMinutes * 60 };
  if (byAccount >= limits.perAccount) return { retryAfterSeconds: null };
  if (slowdownSeconds(limits, byAccount, sinceLast === null ? null : Number(sinceLast)) > 0)
    return { retryAfterSeconds: null };
  const [reserved] = await tx.insert(loginAttempts).values({ account, address }).returning({ id: loginAttempts.id });
  return { attemptId: reserved!.id };
}

/**
 * The password was right: the reservation was no failure, and the earlier failures of this
 * account from this address (the owner's typos) or from this device are forgiven. Failures
 * from elsewhere still count: signing in must not hand a guesser on another machine fresh
 * attempts. Answers the device's token, new when the device was not trusted yet.
 */
export async function loginSucceeded(orm: Orm, attemptId: number, source: LoginSource): Promise<string> {
  const { account, address, device } = source;
  return orm.transaction(async (tx) => {
    await tx
      .delete(loginAttempts)
      .where(
        or(
          eq(loginAttempts.id, attemptId),
          and(eq(loginAttempts.account, account), eq(loginAttempts.address, address), isNull(loginAttempts.deviceId)),
          device ? eq(loginAttempts.deviceId, device.id) : undefined,
        ),
      );
    if (device) {
      await tx
        .update(trustedDevices)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(trustedDevices.id, device.id));
      return device.token;
    }
    const token = newToken();
    await tx.insert(trustedDevices).values({ tokenHash: hashToken(token), account });
    const kept = tx
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(eq(trustedDevices.account, account))
      .orderBy(sql`${trustedDevices.lastUsedAt} desc`, sql`${trustedDevices.id} desc`)
      .limit(MAX_DEVICES_PER_ACCOUNT);
    await tx
      .delete(trustedDevices)
      .where(and(eq(trustedDevices.account, account), notInArray(trustedDevices.id, kept)));
    return token;
  });
}

/** The password was wrong: the reservation stays as the failure; what is older than the window or the trust is pruned. */
export async function loginFailed(orm: Orm, limits: LoginLimits): Promise<void> {
  await orm.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart(limits)));
  await orm.delete(trustedDevices).where(
    inArray(
      trustedDevices.id,
      orm
        .select({ id: trustedDevices.id })
        .from(trustedDevices)
        .where(sql`${trustedDevices.lastUsedAt} < now() - make_interval(days => ${DEVICE_TRUST_DAYS})`)
        .limit(100),
    ),
  );
}
