import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { buildApp } from '../src/app.js';
import { Browser, openTestDatabase, startApp, testConfig } from './helpers.js';

let db: Database;
let app: FastifyInstance;
const REMOTES = { admin: 'https://cdn.example/admin/mf-manifest.json', management: '/m.json', dash: '/d.json' };

before(async () => {
  db = await openTestDatabase();
  app = await startApp(db, { remotes: REMOTES });
});
after(async () => {
  await app?.close();
  await db?.close();
});

const loginBody = { email: 'ana@canteiro.test', password: 'demo1234', from_web: true };

describe('XSRF protection', () => {
  test('hands out a readable XSRF-TOKEN cookie on any answer to a browser without one', async () => {
    for (const url of ['/api/health', '/api/nope', '/remotes.json']) {
      const response = await app.inject({ url });
      const cookie = response.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
      assert.ok(cookie, url);
      assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(cookie.path, '/');
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.httpOnly, undefined, 'page scripts must read it');
      assert.equal(cookie.secure, undefined, 'COOKIE_SECURE is off by default');
    }
    const returning = await app.inject({ url: '/api/health', cookies: { 'XSRF-TOKEN': 'already-there' } });
    assert.equal(returning.cookies.length, 0, 'a browser that has one keeps it');
  });

  test('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secureApp = await startApp(db, { cookieSecure: true });
    const cookie = (await secureApp.inject({ url: '/api/health' })).cookies[0];
    assert.equal(cookie?.secure, true);
    await secureApp.close();
  });

  test('refuses an unsafe API call without the header, or with another value', async () => {
    const expected = { code: 'xsrf_mismatch', message: errorMessage('xsrf_mismatch') };
    const withoutCookie = await app.inject({ method: 'POST', url: '/api/authentication/login', payload: loginBody });
    assert.equal(withoutCookie.statusCode, 403);
    assert.deepEqual(withoutCookie.json(), expected);
    assert.ok(
      withoutCookie.cookies.some((cookie) => cookie.name === 'XSRF-TOKEN'),
      'and hands out a cookie to retry with',
    );

    const withoutHeader = await app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: loginBody,
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    assert.equal(withoutHeader.statusCode, 403);
    assert.deepEqual(withoutHeader.json(), expected);

    const otherValue = await app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: loginBody,
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abd' },
    });
    assert.equal(otherValue.statusCode, 403);

    for (const [method, url] of [
      ['PUT', '/api/bases/1'],
      ['PATCH', '/api/bases/1/status'],
      ['POST', '/api/authentication/logout'],
    ] as const) {
      assert.equal((await app.inject({ method, url, payload: {} })).statusCode, 403, `${method} ${url}`);
    }
  });

  test('is decided by the route Fastify matched, not by how the URL is spelled', async () => {
    for (const url of ['/%61pi/bases', '/api/%62ases', 'http://canteiro.test/api/bases', '/api/bases?x=1']) {
      const response = await app.inject({ method: 'POST', url, payload: {}, cookies: { 'XSRF-TOKEN': 'abc' } });
      assert.equal(response.statusCode, 403, url);
      assert.equal(response.json().code, 'xsrf_mismatch', url);
    }
  });

  test('refuses an absolute URL in the request line (a raw socket, as a hand-made client sends it)', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      const statusLine = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            'POST http://canteiro.test/api/bases HTTP/1.1\r\nHost: canteiro.test\r\n' +
              'Cookie: XSRF-TOKEN=abc\r\nContent-Type: application/json\r\nContent-Length: 2\r\n' +
              'Connection: close\r\n\r\n{}',
          );
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += String(chunk)));
        socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
      assert.equal(statusLine, 'HTTP/1.1 403 Forbidden');
    } finally {
      await app.close();
      app = await startApp(db, { remotes: REMOTES });
    }
  });

  test('lets the call through when the header echoes the cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: loginBody,
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abc' },
    });
    assert.equal(response.statusCode, 401, 'past the XSRF check, to the credentials');
  });

  test('leaves the mobile API (token only, no cookies), unknown paths and safe methods alone', async () => {
    const mobile = await app.inject({ method: 'POST', url: '/api/mobile/surveys', payload: {} });
    assert.equal(mobile.statusCode, 401, 'not 403: the mobile route needs its token, not the cookie');
    const encoded = await app.inject({ method: 'POST', url: '/api/%6dobile/surveys', payload: {} });
    assert.equal(encoded.statusCode, 401, 'the same route, however it is spelled');
    const unknown = await app.inject({ method: 'PUT', url: '/api/anything', payload: {} });
    assert.equal(unknown.statusCode, 404, 'nothing there to protect');
    assert.equal((await app.inject({ url: '/api/health' })).statusCode, 200);
  });
});

describe('error answers', () => {
  test('malformed JSON is a 400 validation_failed, not a 500', async () => {
    const response = await new Browser(app).request('/api/authentication/login', {
      method: 'POST',
      body: '{"email": "ana@canteiro.test",',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { code: 'validation_failed', message: errorMessage('validation_failed') });
  });

  test('a body that is not an object is a 400 without field codes', async () => {
    const response = await new Browser(app).request('/api/authentication/login', {
      method: 'POST',
      body: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { code: 'validation_failed', message: errorMessage('validation_failed') });
  });

  test('a body over the limit is a 413 payload_too_large', async () => {
    const response = await new Browser(app).request('/api/authentication/login', {
      method: 'POST',
      body: { ...loginBody, notes: 'x'.repeat(1_100_000) },
    });
    assert.equal(response.statusCode, 413);
    assert.deepEqual(response.json(), { code: 'payload_too_large', message: errorMessage('payload_too_large') });
  });

  test('an unknown API route is a JSON 404 in the language asked for', async () => {
    const response = await app.inject({ url: '/api/nope', headers: { 'accept-language': 'en-US' } });
    assert.equal(response.statusCode, 404);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.deepEqual(response.json(), { code: 'not_found', message: 'Record not found.' });
  });

  /** What a public route throwing `error` answers, and the lines the app logged at `logLevel`. */
  async function thrown(error: () => Error, logLevel: 'warn' | 'error') {
    const lines: string[] = [];
    const probe = await buildApp({
      config: testConfig({ logLevel }),
      db,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    probe.get('/api/thrown', { config: { public: true } }, async () => {
      throw error();
    });
    const response = await probe.inject({ url: '/api/thrown' });
    await probe.close();
    return { response, lines };
  }

  test('a bug is a 500 server_error, logged, with no stack trace in the body', async () => {
    const { response, lines } = await thrown(() => new Error('secret detail'), 'error');

    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { code: 'server_error', message: errorMessage('server_error') });
    assert.doesNotMatch(response.body, /secret detail|\.ts:\d+/);
    assert.ok(
      lines.some((line) => line.includes('secret detail') && line.includes('stack')),
      'the error and its stack are in the log',
    );
  });

  test('a database away is a 503, logged by its reason alone: not the query, not its values', async () => {
    // What drizzle throws when the connection drops mid-query: the statement and its values, the driver's error as cause.
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const { response, lines } = await thrown(
      () => new DrizzleQueryError('select * from users where email = $1', ['ana.secret@canteiro.test'], lost),
      'warn',
    );

    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { code: 'database_unavailable', message: errorMessage('database_unavailable') });
    const logged = lines.filter((line) => line.includes('database unavailable'));
    assert.equal(logged.length, 1, lines.join(''));
    const entry = JSON.parse(logged[0]!) as Record<string, unknown>;
    assert.equal(entry.code, '57P01');
    assert.equal(entry.reason, 'terminating connection due to administrator command');
    assert.doesNotMatch(logged[0]!, /ana\.secret|select \*|Failed query/);
  });
});

describe('a node closing', () => {
  test("a request that reaches it while it closes is served, not refused with Fastify's own 503 body", async () => {
    const closing = await buildApp({ config: testConfig(), db });
    let handling!: () => void;
    const inHandler = new Promise<void>((resolve) => (handling = resolve));
    closing.get('/api/slow', { config: { public: true } }, async () => {
      handling();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { slow: true };
    });
    closing.get('/api/quick', { config: { public: true } }, async () => ({ quick: true }));
    const { port } = new URL(await closing.listen({ port: 0, host: '127.0.0.1' }));
    // One kept-alive connection: the first request is in flight when the close begins, so the
    // connection is not idle and stays open; the second arrives on it after.
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/slow HTTP/1.1\r\nHost: canteiro.test\r\n\r\n');
    await inHandler;
    const closed = closing.close();
    socket.write('GET /api/quick HTTP/1.1\r\nHost: canteiro.test\r\n\r\n');
    await closed;
    socket.end();
    await ended;

    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    assert.deepEqual(statuses, ['200', '200'], received);
    assert.match(received, /\{"quick":true\}/);
    assert.doesNotMatch(received, /Service Unavailable/);
  });
});

describe('API routes', () => {
  test('require a session unless they are marked public', async () => {
    const probe = await buildApp({ config: testConfig(), db });
    probe.get('/api/new-resource', async () => ({ secret: true }));
    probe.get('/api/open-resource', { config: { public: true } }, async () => ({ open: true }));
    const closed = await probe.inject({ url: '/api/new-resource' });
    const open = await probe.inject({ url: '/api/open-resource' });
    await probe.close();

    assert.equal(closed.statusCode, 401);
    assert.deepEqual(closed.json(), { code: 'not_authenticated', message: errorMessage('not_authenticated') });
    assert.deepEqual(open.json(), { open: true });
  });
});

describe('system routes', () => {
  test('GET /api/health says ok and which database', async () => {
    const response = await app.inject({ url: '/api/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  test("GET /remotes.json gives each module's manifest URL, never cached", async () => {
    const response = await app.inject({ url: '/remotes.json' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual(response.json(), {
      admin: { entry: 'https://cdn.example/admin/mf-manifest.json' },
      management: { entry: '/m.json' },
      dash: { entry: '/d.json' },
    });
  });

  test('GET /api/docs/json is an OpenAPI description of the authentication routes', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    assert.equal(response.statusCode, 200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses: Record<string, unknown> }>>;
    };
    assert.match(document.openapi, /^3\./);
    for (const [path, method, statuses] of [
      ['/api/authentication/login', 'post', ['200', '400', '401', '403', '429']],
      ['/api/authentication/logout', 'post', ['204', '401']],
      ['/api/authentication/change-password', 'post', ['200', '400', '401']],
      ['/api/authentication/me', 'get', ['200', '401']],
      ['/api/health', 'get', ['200']],
    ] as const) {
      const operation = document.paths[path]?.[method];
      assert.ok(operation, `${method} ${path}`);
      assert.ok(operation.summary, `${path} has a summary`);
      assert.ok(operation.tags?.length, `${path} has tags`);
      for (const status of statuses) assert.ok(operation.responses[status], `${path} documents ${status}`);
    }
    const page = await app.inject({ url: '/api/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
  });
});
