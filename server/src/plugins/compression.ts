import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * How answers are compressed: @fastify/compress's settings (app.ts), and what a route that
 * compresses its own answer uses so that it names each encoding in its ETag (the mobile
 * catalogue: docs/ingestion.md). One set of settings for both.
 */
export const COMPRESSION = {
  /** Smaller answers go as they are: compressing them saves less than it costs. */
  threshold: 1024,
  /** In the server's order of preference, for a client that accepts both as much. */
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  // Quality 11 (the default) costs ~50× more CPU per byte than 4 for a few % smaller files.
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** `{ coding: q }` of an Accept-Encoding header, lower-cased; `x-gzip` is gzip (RFC 9110 §8.4.1.3). */
function acceptedCodings(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const item of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    if (!name) continue;
    const quality = parameters.map((parameter) => /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(parameter)?.[1]).find(Boolean);
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, quality === undefined ? 1 : Number(quality)));
  }
  return weights;
}

/**
 * The coding an answer of `length` bytes goes in (RFC 9110 §12.5.3): the accepted one the client
 * weighs most, the server's order on a tie, compressed rather than identity on a tie; identity
 * without the header, below the threshold, or when nothing we make is accepted.
 */
export function negotiateCoding(acceptEncoding: string | undefined, length: number): ContentCoding {
  if (!acceptEncoding || length < COMPRESSION.threshold) return 'identity';
  const weights = acceptedCodings(acceptEncoding);
  const anyOther = weights.get('*');
  let chosen: ContentCoding = 'identity';
  let best = weights.get('identity') ?? (anyOther === 0 ? 0 : 1);
  for (const coding of COMPRESSION.encodings) {
    const weight = weights.get(coding) ?? anyOther ?? 0;
    if (weight > 0 && (weight > best || (chosen === 'identity' && weight === best))) {
      chosen = coding;
      best = weight;
    }
  }
  return chosen;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The body in that coding, compressed off the main thread (libuv's pool). */
export function encode(body: string | Buffer, coding: Exclude<ContentCoding, 'identity'>): Promise<Buffer> {
  return coding === 'br' ? brotli(body, COMPRESSION.brotliOptions) : gzip(body);
}

/**
 * Answers up to this size are compressed on the main thread, in one call: a list's page (5–30
 * KB) takes well under a millisecond, less than a trip to libuv's pool and back. Larger ones
 * (a dashboard's first answer, a catalogue) go to the pool.
 */
export const INLINE_COMPRESSION_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i;

/** `Vary: accept-encoding` beside whatever the answer already varies on. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary : vary === undefined ? [] : [String(vary)]).join(', ');
  if (!/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(names))
    reply.header('vary', names ? `${names}, accept-encoding` : 'accept-encoding');
}

/**
 * onSend, before @fastify/compress's own: a JSON answer already whole in memory (every API answer
 * but the exports' streams) is compressed in one call and sent with its length. @fastify/compress
 * made a stream of each (an async iterator, a peek for already-compressed bytes, the zlib
 * stream, chunked transfer), which cost a list's page more than its query (docs/benchmarks.md).
 * It still compresses what this leaves: streams, and the answers this negotiates no coding for.
 */
export async function compressWhole(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
  if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  const coding = negotiateCoding(request.headers['accept-encoding'], length);
  if (coding === 'identity') return payload;
  const body =
    length > INLINE_COMPRESSION_BYTES
      ? await encode(payload, coding)
      : coding === 'br'
        ? zlib.brotliCompressSync(payload, COMPRESSION.brotliOptions)
        : zlib.gzipSync(payload);
  reply.header('content-encoding', coding).removeHeader('content-length');
  varyOnEncoding(reply);
  return body;
}

/**
 * onRoute, added before @fastify/compress registers: `compressWhole` on the routes the plugin
 * compresses, just before its own onSend; a route that compresses its own answer
 * (`compress: false`: the dashboards, the mobile catalogue, the live stream) is left alone.
 */
export function compressWholeOn(route: RouteOptions): void {
  if ((route.compress ?? route.config?.compress) === false) return;
  const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
  route.onSend = [...hooks, compressWhole];
}
