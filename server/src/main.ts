import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, redactUrl } from './config.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connection.js';
import type { Database, DatabaseLog } from './db/connection.js';
import { isDatabaseUnavailable, unavailableReason } from './db/driver.js';
import { buildApp } from './app.js';
import { describeDemoAccounts, hasDemoAccounts } from './demo/seed.js';
import { describeFirstAdmin, hasAdmin } from './authentication/first-admin.js';
import { Lifecycle } from './node/lifecycle.js';
import { StartRefused, prepareDatabase } from './node/prepare.js';
import type { Prepared } from './node/prepare.js';

/**
 * A node's life (docs/deploy.md): read and check every setting, connect, migrate (unless the
 * fleet does it as a deploy step), seed or create the first admin only when asked, listen;
 * on SIGTERM drain (readiness off while still serving), then close and exit.
 */

/** Before the app's logger exists, lines go to stderr; after, to the logger. */
let app: FastifyInstance | null = null;
const databaseLog: DatabaseLog = {
  warn: (details, message) => {
    if (app) app.log.warn(details, message);
    else process.stderr.write(`${message}\n`);
  },
};

/** A start that cannot go on: one clear sentence, no stack trace, exit code 1. */
function refuse(message: string): never {
  process.stderr.write(`\ncanteiro: cannot start: ${message}\n\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) refuse(error.message);
  throw error;
}

// An external failure (a dropped database connection nobody was listening to) must not end the
// node; anything else is a bug, and a process in an unknown state is better restarted.
process.on('uncaughtException', (error) => {
  const unavailable = unavailableReason(error);
  if (unavailable) {
    databaseLog.warn(unavailable, 'database connection lost');
    return;
  }
  process.stderr.write(`canteiro: uncaught exception: ${error.stack ?? String(error)}\n`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  if (app) app.log.error({ err: reason }, 'unhandled rejection');
  else process.stderr.write(`canteiro: unhandled rejection: ${String(reason)}\n`);
});

const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `PGlite at ${config.dataDir}`;
let db: Database;
try {
  db = await openDatabase(config, databaseLog);
} catch (error) {
  refuse(`the database does not answer (${where}): ${error instanceof Error ? error.message : String(error)}`);
}

let prepared: Prepared;
try {
  prepared = await prepareDatabase(db, config);
} catch (error) {
  await db.close().catch(() => undefined);
  if (error instanceof StartRefused) refuse(error.message);
  if (isDatabaseUnavailable(error)) refuse(`the database stopped answering (${where})`);
  throw error;
}

const lifecycle = new Lifecycle();
app = await buildApp({ config, db, lifecycle });

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  const { drainMs, graceMs } = config.shutdown;
  // SIGTERM is a deploy or a scale-down behind a load balancer: readiness off first, serving on.
  // SIGINT is someone at a terminal: no one to drain for.
  if (signal === 'SIGTERM' && drainMs > 0) {
    lifecycle.draining = true;
    app!.log.info({ signal, drainMs }, 'draining: /api/health answers 503 while requests are still served');
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  app!.log.info({ signal }, 'shutting down');
  // In-flight requests get a moment to finish; a stuck one does not keep the process alive.
  setTimeout(() => process.exit(1), graceMs).unref();
  await app!.close();
  await db.close();
  process.exit(0);
}
process.once('SIGINT', (signal) => void stop(signal));
process.once('SIGTERM', (signal) => void stop(signal));

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const block = [
  '',
  `Canteiro is running at http://${shownHost}:${config.port}/  (API docs: /api/docs)`,
  `Database: ${where}${prepared.seeded ? ', demo data just created' : ''}`,
];
if (config.firstAdmin && prepared.firstAdmin)
  block.push(describeFirstAdmin(prepared.firstAdmin, config.firstAdmin.email));
if (await hasDemoAccounts(db.orm)) block.push(describeDemoAccounts());
else if (!(await hasAdmin(db.orm)))
  block.push(
    'No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `pnpm db:admin -- --email you@example.com` (docs/deploy.md).',
  );
process.stdout.write(`${block.join('\n')}\n\n`);
