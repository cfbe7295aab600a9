import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from '../errors.js';
import { appWide } from './app-wide.js';

/** The built host and the three modules, each served from its own path. */
const FRONT_ENDS = [
  { folder: 'host/dist', prefix: '/' },
  { folder: 'remote-admin/dist', prefix: '/remotes/admin/' },
  { folder: 'remote-management/dist', prefix: '/remotes/management/' },
  { folder: 'remote-dash/dist', prefix: '/remotes/dash/' },
] as const;

/** `123.4f9a2c1b.js`, `main-4f9a2c1b20.css`: the name changes whenever the content does. */
const CONTENT_HASHED = /(?:^|[.-])[0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, mf-manifest.json, remoteEntry.js: always revalidated, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return CONTENT_HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

export interface FrontEndsOptions extends Record<string, unknown> {
  staticRoot: string;
}

/**
 * One origin for everything in production. A path that matches no route or file gets the
 * host's index.html when it looks like a page (the app then shows its own 404), and the
 * JSON 404 when it is under /api/ or names a file.
 */
export const frontEnds = appWide<FrontEndsOptions>(async (app: FastifyInstance, { staticRoot }) => {
  for (const { folder, prefix } of FRONT_ENDS) {
    const root = path.join(staticRoot, folder);
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', cacheControlFor(filePath));
      },
    });
  }

  const hostIndex = path.join(staticRoot, 'host', 'dist', 'index.html');
  app.setNotFoundHandler(async (request, reply) => {
    if (isPageNavigation(request) && existsSync(hostIndex)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(createReadStream(hostIndex));
    }
    return sendError(request, reply, 404, 'not_found');
  });
});

function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
