import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { pendingMigrations } from '../db/connection.js';
import { ensureFirstAdmin } from '../authentication/first-admin.js';
import type { FirstAdminOutcome } from '../authentication/first-admin.js';
import { seedIfEmpty } from '../demo/seed.js';
import type { DemoOptions } from '../demo/seed.js';

/**
 * What a node does to its database before it serves (docs/deploy.md): migrate unless the
 * fleet migrates as a deploy step, refuse a schema older than the code, then — only when
 * asked — the demo data (SEED_DEMO) and the first admin (ADMIN_EMAIL / ADMIN_PASSWORD).
 */

export interface Prepared {
  /** The demo data was inserted now. */
  seeded: boolean;
  firstAdmin: FirstAdminOutcome | null;
}

/** The node cannot serve this database; the message says what to do. */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

export type PrepareSettings = Pick<Config, 'migrateOnStart' | 'seedDemo' | 'firstAdmin' | 'siteTimeZone'>;

export async function prepareDatabase(
  db: Database,
  settings: PrepareSettings,
  /** The demo's own options (tests leave its reports out). */
  demo: DemoOptions = {},
): Promise<Prepared> {
  if (settings.migrateOnStart) await db.migrate();
  const pending = await pendingMigrations(db.orm);
  if (pending.length > 0)
    throw new StartRefused(
      `the database schema is behind this server: ${pending.length} migration(s) not applied (${pending.join(', ')}). ` +
        'Run `pnpm db:migrate` against it, or start with MIGRATE_ON_START=true.',
    );
  const seeded = settings.seedDemo ? await seedIfEmpty(db.orm, { timeZone: settings.siteTimeZone, ...demo }) : false;
  const firstAdmin = settings.firstAdmin ? await ensureFirstAdmin(db.orm, settings.firstAdmin) : null;
  return { seeded, firstAdmin };
}
