import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { COMPRESSION, INLINE_COMPRESSION_BYTES, compressWholeOn } from '../src/plugins/compression.js';
import { openTestDatabase, startApp } from './helpers.js';

/**
 * Answers whole in memory are compressed in one call and sent with their length; streams still
 * go through @fastify/compress (plugins/compression.ts, docs/benchmarks.md).
 */

/** `count` items of ~100 bytes: a JSON answer of about `count` × 100 bytes. */
const items = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index,
    name: `Pessoa número ${index}`,
    email: `p${index}@x.test`,
  }));

let plain: FastifyInstance;
let db: Database;
let app: FastifyInstance;

before(async () => {
  // The hook and the plugin as app.ts registers them, on routes of known sizes.
  plain = Fastify();
  plain.addHook('onRoute', compressWholeOn);
  await plain.register(compress, COMPRESSION);
  plain.get('/page', async () => ({ items: items(200) }));
  plain.get('/large', async () => ({ items: items(2000) }));
  plain.get('/small', async () => ({ items: items(2) }));
  plain.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
  plain.get('/stream', async (_request, reply) =>
    reply.type('text/csv').send(Readable.from(Array.from({ length: 100 }, (_, index) => `${index};linha\n`))),
  );
  // A route that compresses its own answer (as the dashboards do): it sends this one as it is.
  plain.get('/own', { compress: false }, async () => ({ items: items(200) }));
  plain.get('/varied', async (_request, reply) => reply.header('vary', 'origin').send({ items: items(50) }));
  db = await openTestDatabase();
  app = await startApp(db);
});
after(async () => {
  await plain?.close();
  await app?.close();
  await db?.close();
});

describe('compression of answers', () => {
  test('a JSON answer is compressed whole, with its length: br or gzip as the client prefers, the same text', async () => {
    const identity = await plain.inject({ url: '/page' });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.ok(identity.rawPayload.length > 1024 && identity.rawPayload.length < INLINE_COMPRESSION_BYTES);

    const br = await plain.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    assert.equal(br.headers['content-encoding'], 'br');
    // Whole: a length, not a chunked stream (@fastify/compress's way sets none).
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.equal(br.headers['transfer-encoding'], undefined);
    assert.equal(br.headers.vary, 'accept-encoding');
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), identity.body);

    const gzip = await plain.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(Number(gzip.headers['content-length']), gzip.rawPayload.length);
    assert.equal(gunzipSync(gzip.rawPayload).toString('utf8'), identity.body);
  });

  test('one larger than the inline limit is compressed off the main thread, whole as well', async () => {
    const identity = await plain.inject({ url: '/large' });
    assert.ok(identity.rawPayload.length > INLINE_COMPRESSION_BYTES);
    const br = await plain.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), identity.body);
  });

  test('a small answer, a client without the header or with x-no-compression: as it is', async () => {
    const small = await plain.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(small.body), { items: items(2) });
    const without = await plain.inject({ url: '/page' });
    assert.equal(without.headers['content-encoding'], undefined);
    const refused = await plain.inject({ url: '/page', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.equal(refused.body, without.body);
  });

  test('a route that compresses its own answers (compress: false) is left alone', async () => {
    const own = await plain.inject({ url: '/own', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    assert.equal(own.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(own.body).items.length, 200);
  });

  test('a Vary the route set keeps its names, accept-encoding added', async () => {
    const br = await plain.inject({ url: '/varied', headers: { 'accept-encoding': 'br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'origin, accept-encoding');
  });

  test('what is not JSON whole in memory is left to @fastify/compress: text, and streams (exports)', async () => {
    const text = await plain.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(text.headers['content-encoding'], 'gzip');
    assert.equal(text.headers['content-length'], undefined, 'compressed as a stream');
    assert.equal(gunzipSync(text.rawPayload).toString('utf8'), 'x'.repeat(5000));
    const stream = await plain.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(stream.headers['content-encoding'], 'gzip');
    assert.match(gunzipSync(stream.rawPayload).toString('utf8'), /^0;linha\n1;linha\n[\s\S]*99;linha\n$/);
  });

  test('the server compresses its JSON answers whole (the API description, over the inline limit)', async () => {
    const identity = await app.inject({ url: '/api/docs/json' });
    assert.equal(identity.statusCode, 200);
    const br = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(Number(br.headers['content-length']), br.rawPayload.length);
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), identity.body);
  });
});
