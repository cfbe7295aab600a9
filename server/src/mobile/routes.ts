import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';

export interface MobileRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

/** The mobile app's report ingestion and catalogue under /api/mobile (docs/ingestion.md). */
export async function mobileRoutes(_app: FastifyInstance, _options: MobileRoutesOptions): Promise<void> {}
