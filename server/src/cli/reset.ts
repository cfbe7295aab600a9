import { loadConfig } from '../config.js';
import { openDatabase, truncateAll } from '../db/connection.js';
import { describeDemoAccounts, insertDemoData } from '../demo/seed.js';

/** `pnpm --filter @canteiro/server db:reset`: drops every row and puts the demo data back. */

const config = loadConfig();
const db = await openDatabase(config);
try {
  await db.migrate();
  await db.orm.transaction(async (tx) => {
    await truncateAll(tx);
    await insertDemoData(tx, { timeZone: config.siteTimeZone });
  });
  const where = db.kind === 'pglite' ? `PGlite at ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  process.stdout.write(`Database reset: ${where}\n${describeDemoAccounts()}\n`);
} finally {
  await db.close();
}
