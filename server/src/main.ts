import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { buildApp } from './app.js';
import { describeDemoAccounts, hasDemoAccounts, seedIfEmpty } from './demo/seed.js';

/** Start-up: connect, migrate, seed an empty database, listen; stop cleanly on a signal. */

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const db = await openDatabase(config);
await db.migrate();
const seeded = await seedIfEmpty(db.orm, { timeZone: config.siteTimeZone });
const app = await buildApp({ config, db });

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests get a moment to finish; a stuck one does not keep the process alive.
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  await app.close();
  await db.close();
  process.exit(0);
}
process.once('SIGINT', (signal) => void stop(signal));
process.once('SIGTERM', (signal) => void stop(signal));

await app.listen({ port: config.port, host: config.host });

const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const database = db.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const block = [
  '',
  `Canteiro is running at http://${shownHost}:${config.port}/  (API docs: /api/docs)`,
  `Database: ${database}${seeded ? ', demo data just created' : ''}`,
];
if (await hasDemoAccounts(db.orm)) block.push(describeDemoAccounts());
process.stdout.write(`${block.join('\n')}\n\n`);
