import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { signedInUser } from '../plugins/authentication.js';
import { revokeToken } from '../authentication/tokens.js';
import { mobileLogoutDocs } from './docs.js';

export interface MobileRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

/** The mobile app's report ingestion and catalogue under /api/mobile (docs/ingestion.md). */
export async function mobileRoutes(app: FastifyInstance, { db }: MobileRoutesOptions): Promise<void> {
  const { orm } = db;

  // The app's own sign-out: a mobile session opens /api/mobile/* only, and the app has no
  // cookie jar for the XSRF check of /api/authentication/logout.
  app.post('/logout', { schema: mobileLogoutDocs }, async (request, reply) => {
    await revokeToken(orm, signedInUser(request).tokenHash);
    return reply.code(204).send();
  });
}
