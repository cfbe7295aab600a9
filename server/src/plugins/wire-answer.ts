import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode, negotiateCoding, varyOnEncoding } from './compression.js';
import type { ContentCoding } from './compression.js';

/**
 * An answer as it goes on the wire: serialized once, compressed once per coding a client asks
 * for, and named by a strong ETag of its text. A route that keeps answers (the dashboards,
 * cache.ts) keeps this beside them, so a repeated view costs neither `JSON.stringify` nor
 * gzip of its ~0.5–1 MB again (docs/benchmarks.md). Such a route sets `compress: false`.
 */
export class WireAnswer {
  /**
   * The text in UTF-8, made once: its digest, its length, each coding and the identity answer
   * read these bytes. Taking the string, each of them encoded it again (~0.4 ms per 300 KB).
   */
  readonly body: Buffer;
  /** The ETag's opaque part: the text's digest, whatever the coding. */
  private readonly digest: string;
  private readonly encoded = new Map<Exclude<ContentCoding, 'identity'>, Promise<Buffer>>();

  constructor(text: string) {
    this.body = Buffer.from(text, 'utf8');
    this.digest = createHash('sha256').update(this.body).digest('base64url').slice(0, 32);
  }

  /** Each coding is a different representation, so a different tag (RFC 9110 §8.8.3). */
  tag(coding: ContentCoding): string {
    return `"${this.digest}${coding === 'identity' ? '' : `-${coding}`}"`;
  }

  /** The body in that coding, compressed the first time it is asked for. */
  bytes(coding: ContentCoding): Buffer | Promise<Buffer> {
    if (coding === 'identity') return this.body;
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes = encode(this.body, coding);
      this.encoded.set(coding, bytes);
      bytes.catch(() => this.encoded.delete(coding));
    }
    return bytes;
  }
}

/** If-None-Match names this tag (or `*`); weak comparison, as RFC 9110 asks for this header. */
export function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}

/**
 * Sends `wire` in the coding the client prefers, with its ETag; a 304 without a body when the
 * client already has that representation (If-None-Match). Cache-Control stays the API's.
 */
export async function sendWire(request: FastifyRequest, reply: FastifyReply, wire: WireAnswer): Promise<FastifyReply> {
  const coding = negotiateCoding(request.headers['accept-encoding'], wire.body.length);
  const tag = wire.tag(coding);
  reply.header('etag', tag);
  varyOnEncoding(reply);
  if (matchesTag(request.headers['if-none-match'], tag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (coding === 'identity') return reply.send(wire.body);
  return reply.header('content-encoding', coding).send(await wire.bytes(coding));
}
