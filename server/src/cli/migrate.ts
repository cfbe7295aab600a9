import { ConfigError, loadConfig, redactUrl } from '../config.js';
import { openDatabase, pendingMigrations } from '../db/connection.js';

/**
 * `pnpm db:migrate`: applies the pending migrations and exits — the deploy step of a fleet
 * whose nodes start with MIGRATE_ON_START=false (docs/deploy.md). Uses DATABASE_MIGRATION_URL
 * (a direct connection) when set, else DATABASE_URL, else the PGlite at DATA_DIR.
 */

try {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const pending = await pendingMigrations(db.orm);
    const started = Date.now();
    await db.migrate();
    const where = config.databaseUrl
      ? redactUrl(config.databaseMigrationUrl ?? config.databaseUrl)
      : `PGlite at ${config.dataDir}`;
    process.stdout.write(
      pending.length === 0
        ? `Database schema up to date (${where}): nothing to apply\n`
        : `Applied ${pending.length} migration(s) to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${pending.join(', ')}\n`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  process.stderr.write(`db:migrate: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
