import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { openTestDatabase, startApp } from './helpers.js';

let db: Database;
let app: FastifyInstance;
let staticRoot: string;

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A fake build of the host and of two of the three modules. */
function writeFrontEnds(root: string): void {
  const files: Record<string, string> = {
    'host/dist/index.html': INDEX_HTML,
    'host/dist/main.js': 'console.log("host");',
    'host/dist/123.4f9a2c1b.js': `export const big = "${'x'.repeat(4000)}";`,
    'host/dist/styles.0a1b2c3d4e.css': 'body { margin: 0 }',
    'remote-admin/dist/mf-manifest.json': '{"name":"admin"}',
    'remote-admin/dist/remoteEntry.js': 'var admin;',
    'remote-admin/dist/456.abcdef0123456789.js': 'var chunk;',
    'remote-dash/dist/remoteEntry.js': 'var dash;',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

before(async () => {
  staticRoot = mkdtempSync(path.join(tmpdir(), 'canteiro-static-'));
  writeFrontEnds(staticRoot);
  db = await openTestDatabase();
  app = await startApp(db, { staticRoot });
});
after(async () => {
  await app?.close();
  await db?.close();
  rmSync(staticRoot, { recursive: true, force: true });
});

describe('the built front-ends', () => {
  test('serve the host at / and its index revalidated on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML);
      assert.equal(response.headers['cache-control'], 'no-cache', url);
    }
  });

  test('cache content-hashed files for a year, and the rest not at all', async () => {
    const expectations: [string, string][] = [
      ['/123.4f9a2c1b.js', IMMUTABLE],
      ['/styles.0a1b2c3d4e.css', IMMUTABLE],
      ['/main.js', 'no-cache'],
      ['/remotes/admin/mf-manifest.json', 'no-cache'],
      ['/remotes/admin/remoteEntry.js', 'no-cache'],
      ['/remotes/admin/456.abcdef0123456789.js', IMMUTABLE],
      ['/remotes/dash/remoteEntry.js', 'no-cache'],
    ];
    for (const [url, cacheControl] of expectations) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.headers['cache-control'], cacheControl, url);
    }
    assert.equal((await app.inject({ url: '/remotes/admin/remoteEntry.js' })).body, 'var admin;');
  });

  test('carry the security headers, and keep their own caching (no no-store on files)', async () => {
    for (const url of ['/', '/admin/user', '/123.4f9a2c1b.js', '/remotes/admin/remoteEntry.js']) {
      const response = await app.inject({ url });
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/, url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
      assert.notEqual(response.headers['cache-control'], 'no-store', url);
    }
  });

  test('answer any page path with the host index, so the app shows its own 404', async () => {
    for (const url of ['/admin/base', '/nope', '/dash/activity-report?from=2026-01-01', '/login']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, INDEX_HTML, url);
      assert.match(String(response.headers['content-type']), /text\/html/);
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  test('keep 404 for a missing file, an unknown API route and unsafe methods', async () => {
    for (const url of [
      '/missing.4f9a2c1b.js',
      '/remotes/management/mf-manifest.json',
      '/remotes/admin/nope.js',
      '/api/nope',
      '/api',
    ]) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 404, url);
      assert.equal((response.json() as { code: string }).code, 'not_found', url);
    }
    assert.equal((await app.inject({ method: 'DELETE', url: '/admin/base' })).statusCode, 404);
  });

  test('compress JavaScript, CSS and HTML when the browser accepts it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({ url: '/123.4f9a2c1b.js', headers: { 'accept-encoding': encoding } });
      assert.equal(response.headers['content-encoding'], encoding);
      assert.ok(response.rawPayload.length < 1000, `${encoding} shrinks a 4 kB file`);
    }
    const plain = await app.inject({ url: '/123.4f9a2c1b.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
  });
});

test('without built front-ends, page paths are a JSON 404', async () => {
  const bare = await startApp(db);
  const response = await bare.inject({ url: '/admin/base' });
  assert.equal(response.statusCode, 404);
  assert.equal((response.json() as { code: string }).code, 'not_found');
  await bare.close();
});
