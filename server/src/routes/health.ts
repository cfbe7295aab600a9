import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { operation } from '../openapi/operation.js';
import type { Database } from '../db/connection.js';
import { DatabaseUnavailable } from '../db/driver.js';
import { ApiError } from '../errors.js';
import type { Lifecycle } from '../node/lifecycle.js';

export interface HealthRoutesOptions extends Record<string, unknown> {
  db: Database;
  lifecycle: Lifecycle;
  /** Settings the browser needs before it calls (e.g. to check an image before uploading it). */
  maxImageMb: number;
}

/** A readiness check answers in time for a load balancer checking every second. */
export const HEALTH_TIMEOUT_MS = 2000;

/**
 * Readiness for load balancers (`/api/health`), liveness for supervisors (`/api/health/live`);
 * the client's first call (any answer hands out the XSRF cookie) is the cheap one.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, lifecycle, maxImageMb }: HealthRoutesOptions,
): Promise<void> {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: operation({
        operationId: 'getReadiness',
        summary: 'Should this node get requests? Its database answers and it is not shutting down (readiness).',
        tags: ['system'],
        answers: {
          200: {
            description: 'Ready.',
            schema: v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']) }),
          },
        },
        errors: {
          503: `service_unavailable while the node drains before it stops (SIGTERM); database_unavailable when its database does not answer within ${HEALTH_TIMEOUT_MS} ms.`,
        },
      }),
    },
    async () => {
      if (lifecycle.draining) throw new ApiError(503, 'service_unavailable');
      await withTimeout(db.ping(), HEALTH_TIMEOUT_MS);
      if (lifecycle.draining) throw new ApiError(503, 'service_unavailable');
      return { status: 'ok', database: db.kind };
    },
  );

  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: operation({
        operationId: 'getLiveness',
        summary: 'Is the process running (liveness)? Says nothing of its database.',
        tags: ['system'],
        answers: { 200: { description: 'Running.', schema: v.object({ status: v.literal('ok') }) } },
      }),
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/settings',
    {
      config: { public: true },
      schema: operation({
        operationId: 'getSettings',
        summary: 'The server settings the screens follow (the maximum image size, in MB).',
        tags: ['system'],
        answers: { 200: { description: 'The settings.', schema: v.object({ maxImageMb: v.number() }) } },
      }),
    },
    async () => ({ maxImageMb }),
  );
}

/** The check's answer, or DatabaseUnavailable (a 503) when it takes longer than `ms`. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailable(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
