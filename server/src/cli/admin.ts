import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MIN_PASSWORD_LENGTH } from '@canteiro/shared/domain';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, pendingMigrations } from '../db/connection.js';
import { describeFirstAdmin, ensureFirstAdmin } from '../authentication/first-admin.js';

/**
 * `pnpm db:admin -- --email ana@lab.example [--password …]`: the first admin of a deployment
 * from the command line, as ADMIN_EMAIL / ADMIN_PASSWORD do at start — created only when no
 * active admin exists, never changing anyone. Without a password (flag or ADMIN_PASSWORD) a
 * temporary one is made and printed once; either way the first sign-in asks for a new one.
 */

/** A mistake of the caller's: its message is all there is to say. */
class UsageError extends Error {}

const USAGE = 'usage: pnpm db:admin -- --email <e-mail> [--password <temporary password>]';

try {
  const { values } = parseArgs({
    // `pnpm db:admin -- --email …` may hand the '--' on.
    args: process.argv.slice(2).filter((argument) => argument !== '--'),
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`an --email is needed. ${USAGE}`);
  const given = values.password ?? (process.env.ADMIN_PASSWORD || undefined);
  if (given !== undefined && given.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  const password = given ?? randomBytes(12).toString('base64url');

  // The admin is the subject here: ADMIN_* in the environment are read above, not at start.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const db = await openDatabase(config);
  try {
    const pending = await pendingMigrations(db.orm);
    if (pending.length > 0) throw new UsageError(`the database schema is behind: run \`pnpm db:migrate\` first`);
    const outcome = await ensureFirstAdmin(db.orm, { email, password });
    process.stdout.write(`${describeFirstAdmin(outcome, email)}\n`);
    if (outcome.created && given === undefined) process.stdout.write(`Temporary password: ${password}\n`);
    if (!outcome.created) process.exitCode = 1;
  } finally {
    await db.close();
  }
} catch (error) {
  const known = error instanceof UsageError || error instanceof ConfigError || error instanceof TypeError;
  process.stderr.write(`db:admin: ${known ? (error as Error).message : String(error)}\n`);
  process.exit(1);
}
