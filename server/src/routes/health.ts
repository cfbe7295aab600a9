import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';

export interface HealthRoutesOptions extends Record<string, unknown> {
  db: Database;
  /** Settings the browser needs before it calls (e.g. to check an image before uploading it). */
  maxImageMb: number;
}

/** For load balancers and the client's first call (it also hands out the XSRF cookie). */
export async function healthRoutes(app: FastifyInstance, { db, maxImageMb }: HealthRoutesOptions): Promise<void> {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Is the server up and its database reachable?',
        tags: ['system'],
        response: {
          200: {
            description: 'Up.',
            type: 'object',
            properties: {
              status: { type: 'string', enum: ['ok'] },
              database: { type: 'string', enum: ['pglite', 'postgres'] },
            },
          },
          500: { description: 'The database did not answer.', $ref: 'ApiError#' },
        },
      },
    },
    async () => {
      await db.orm.execute(sql`select 1`);
      return { status: 'ok', database: db.kind };
    },
  );

  app.get(
    '/settings',
    {
      config: { public: true },
      schema: {
        summary: 'The server settings the screens follow (the maximum image size, in MB).',
        tags: ['system'],
        response: {
          200: {
            description: 'The settings.',
            type: 'object',
            properties: { maxImageMb: { type: 'number' } },
          },
        },
      },
    },
    async () => ({ maxImageMb }),
  );
}
