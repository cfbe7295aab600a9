import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Config } from '../config.js';
import { operation } from '../openapi/operation.js';

export interface RemotesRoutesOptions extends Record<string, unknown> {
  config: Config;
}

/**
 * Where the host finds each module's manifest at run time (ARCHITECTURE.md §2): a remote
 * moves to a CDN by changing its URL here, with no host release.
 */
export async function remotesRoutes(app: FastifyInstance, { config }: RemotesRoutesOptions): Promise<void> {
  app.get(
    '/remotes.json',
    {
      schema: operation({
        operationId: 'getRemotes',
        summary: "The modules' manifest URLs the host registers at start",
        tags: ['system'],
        answers: {
          200: {
            description: 'One entry per module.',
            schema: v.object(
              Object.fromEntries(
                ['admin', 'management', 'dash'].map((name) => [name, v.object({ entry: v.string() })]),
              ),
            ),
          },
        },
      }),
    },
    async (_request, reply) => {
      // Read at every start of the host, so a moved remote is picked up at once.
      reply.header('cache-control', 'no-cache');
      return {
        admin: { entry: config.remotes.admin },
        management: { entry: config.remotes.management },
        dash: { entry: config.remotes.dash },
      };
    },
  );
}
