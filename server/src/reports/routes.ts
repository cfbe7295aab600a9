import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';

export interface ReportRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

/** The three report lists under /api/reports (docs/reports.md). */
export async function reportRoutes(_app: FastifyInstance, _options: ReportRoutesOptions): Promise<void> {}
