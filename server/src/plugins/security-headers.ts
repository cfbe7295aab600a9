import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { appWide } from './app-wide.js';

export interface SecurityHeadersOptions extends Record<string, unknown> {
  remotes: Config['remotes'];
}

/**
 * Where the modules come from: the origin of each REMOTE_*_URL that names another server
 * (`https://cdn.example/admin/mf-manifest.json` → `https://cdn.example`); a path on this
 * server needs nothing more than 'self'.
 */
export function remoteOrigins(remotes: Config['remotes']): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remotes)) {
    if (url.startsWith('//')) origins.add(new URL(`https:${url}`).host);
    else if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * The Content-Security-Policy the host and its modules work under (tested in the browser by
 * e2e/tests/security.spec.ts): scripts only from this origin and the remotes' (module
 * federation adds <script> tags for each remoteEntry.js and chunk, and fetches the
 * manifests); inline styles allowed, because antd writes its CSS-in-JS into <style> tags
 * (and index.html holds one); images also from data: and blob: (pictures arrive through the
 * API client as blobs); no plugins, no framing, no foreign <base> or form targets.
 */
export function contentSecurityPolicy(remotes: Config['remotes']): string {
  const others = remoteOrigins(remotes);
  const from = (...sources: string[]) => ["'self'", ...sources, ...others].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${from()}`,
    `style-src ${from("'unsafe-inline'")}`,
    `img-src ${from('data:', 'blob:')}`,
    `font-src ${from('data:')}`,
    `connect-src ${from()}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Set by a route or a static file (raw header): a route that knows better keeps its own. */
const hasOwn = (reply: FastifyReply, name: string) => reply.hasHeader(name) || reply.raw.hasHeader(name);

function addSecurityHeaders(reply: FastifyReply, policy: string): void {
  if (!hasOwn(reply, 'content-security-policy')) reply.header('content-security-policy', policy);
  if (!hasOwn(reply, 'cache-control')) reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
}

type FrameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The router's own refusals (Fastify's `frameworkErrors`: a bad URL, a too-long id) are
 * answered outside every hook, so they get the same headers here.
 */
export function withSecurityHeaders(handler: FrameworkErrorHandler, remotes: Config['remotes']): FrameworkErrorHandler {
  const policy = contentSecurityPolicy(remotes);
  return (error, request, reply) => {
    addSecurityHeaders(reply, policy);
    handler(error, request, reply);
  };
}

/**
 * Headers on every answer: the CSP above, no MIME sniffing, no framing (CSP
 * frame-ancestors and X-Frame-Options for older browsers), no Referer sent to other sites,
 * and `Cache-Control: no-store` unless the answer set its own: API data is never kept by a
 * browser or a proxy, while hashed files, index.html and pictures keep theirs.
 */
export const securityHeaders = appWide<SecurityHeadersOptions>(async (app: FastifyInstance, { remotes }) => {
  const policy = contentSecurityPolicy(remotes);
  app.addHook('onSend', async (_request, reply, payload) => {
    addSecurityHeaders(reply, policy);
    return payload;
  });
});
