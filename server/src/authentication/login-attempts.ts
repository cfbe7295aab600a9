import { eq, lt, sql } from 'drizzle-orm';
import type { LoginLimits } from '../config.js';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { loginAttempts } from '../db/schema/people.js';

/**
 * Sign-in throttling, counted in the database so every instance sees the same failures:
 * per account (stops guessing one password) and per client address (stops one machine
 * trying many accounts). Times come from the database clock.
 */

const windowStart = (limits: LoginLimits) => sql`now() - make_interval(mins => ${limits.windowMinutes})`;

export async function isLoginThrottled(
  orm: Orm,
  limits: LoginLimits,
  account: string,
  address: string,
): Promise<boolean> {
  const [failures] = await selectRows<{ byAccount: number; byAddress: number }>(
    orm,
    sql`select count(*) filter (where ${loginAttempts.account} = ${account}) as "byAccount",
               count(*) filter (where ${loginAttempts.address} = ${address}) as "byAddress"
        from ${loginAttempts}
        where (${loginAttempts.account} = ${account} or ${loginAttempts.address} = ${address})
          and ${loginAttempts.attemptedAt} > ${windowStart(limits)}`,
  );
  return (failures?.byAccount ?? 0) >= limits.perAccount || (failures?.byAddress ?? 0) >= limits.perAddress;
}

export async function recordLoginFailure(
  orm: Orm,
  limits: LoginLimits,
  account: string,
  address: string,
): Promise<void> {
  await orm.insert(loginAttempts).values({ account, address });
  // Failures older than the window no longer count; pruning them keeps the table small.
  await orm.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart(limits)));
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export async function clearAccountFailures(orm: Orm, account: string): Promise<void> {
  await orm.delete(loginAttempts).where(eq(loginAttempts.account, account));
}
