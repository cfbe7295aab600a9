import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SCHEME, errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { bases } from '../src/db/schema/organisation.js';
import { surveys } from '../src/db/schema/people.js';
import { basesResource } from '../src/resources/bases.js';
import { Browser } from './helpers.js';
import { adminSuite, valid } from './admin-fixtures.js';
import type { Client, World } from './admin-fixtures.js';

/**
 * Bad input at the edge (docs/server.md, "Input"): never a 500, never a 200 that then
 * breaks, and always the `{ code, message }` shape.
 */

let db: Database;
let app: FastifyInstance;
let world: World;
let admin: Client;

adminSuite((context) => ({ db, app, world, admin } = context));

/** The file's app on a real socket, for what app.inject cannot show (opened once). */
let address: string | undefined;
const listening = async (): Promise<string> => (address ??= await app.listen({ port: 0, host: '127.0.0.1' }));

const RESOURCES = ['bases', 'works', 'contracts', 'occurrences', 'users', 'surveys'] as const;
const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'] as const;

/** The one error shape: a code, its message in the language asked for (pt-BR here), maybe fields. */
function assertError(response: LightMyRequestResponse, status: number, code: string, fields?: Record<string, string>) {
  assert.equal(response.statusCode, status, `${status} expected: ${response.body.slice(0, 300)}`);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  assert.equal(response.headers['content-disposition'], undefined, 'never a download');
  const body = response.json() as Record<string, unknown>;
  assert.equal(body.code, code);
  assert.equal(body.message, errorMessage(code));
  if (fields) assert.deepEqual(body.fields, fields);
}

const rowsOf = async (table: typeof bases | typeof surveys | typeof auditLog) =>
  (await db.orm.select({ n: count() }).from(table))[0]!.n;

describe('text with a NUL or a lone surrogate', () => {
  test('is refused in the query string of every list, options and export: 400 invalid_text on the parameter', async () => {
    for (const resource of RESOURCES) {
      for (const route of ['', '/export?format=csv&']) {
        const url = `/api/${resource}${route || '?'}search=abc%00def`;
        assertError(await admin.get(url), 400, 'invalid_text', { search: 'invalid_text' });
      }
    }
    assertError(await admin.get(`/api/works/options?base=1%00`), 400, 'invalid_text', { base: 'invalid_text' });
  });

  test('in a JSON body, a value, a nested value or a key: 400 invalid_text, nothing written', async () => {
    const before = { bases: await rowsOf(bases), audit: await rowsOf(auditLog) };
    const cases: [unknown, Record<string, string> | undefined][] = [
      [{ ...valid.base(), name: 'Base\u0000Nula' }, { name: 'invalid_text' }],
      [{ ...valid.base(), name: 'Base \ud800' }, { name: 'invalid_text' }],
      [{ ...valid.base(), name: 'Base \udc00 fim' }, { name: 'invalid_text' }],
      [{ ...valid.base(), extra: { deep: ['ok', 'x\u0000'] } }, { 'extra.deep.1': 'invalid_text' }],
      [{ ...valid.base(), 'na\u0000me': 'x' }, undefined],
      [{ ...valid.base(), extra: { 'k\ud800': 1 } }, { extra: 'invalid_text' }],
    ];
    for (const [body, fields] of cases) {
      const response = await admin.post('/api/bases', body);
      assertError(response, 400, 'invalid_text', fields);
      if (!fields) assert.equal((response.json() as { fields?: unknown }).fields, undefined);
    }
    const edit = await admin.put(`/api/bases/${world.baseA}`, { ...valid.base(), name: 'x\u0000' });
    assertError(edit, 400, 'invalid_text', { name: 'invalid_text' });
    assert.deepEqual({ bases: await rowsOf(bases), audit: await rowsOf(auditLog) }, before);
  });

  test('a well-formed surrogate pair (an emoji) is ordinary text', async () => {
    const response = await admin.post('/api/bases', { ...valid.base(), name: 'Base 🏗️' });
    assert.equal(response.statusCode, 201, response.body);
  });

  test("in a survey's suggestions from the mobile app: 400, nothing recorded (no 500 from the audit's jsonb)", async () => {
    const login = await new Browser(app).login('reporterA1@t.test', 'demo1234', false);
    const token = (login.json() as { token: string }).token;
    for (const suggestions of ['\ud800', 'a\u0000b', 'fim \udbff']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/mobile/surveys',
        payload: { experience: 4, usability: 4, resources: 4, suggestions },
        headers: { authorization: `${AUTH_SCHEME} ${token}` },
      });
      assertError(response, 400, 'invalid_text', { suggestions: 'invalid_text' });
    }
    // The same lone surrogate as raw JSON text, the way another client would send it.
    const raw = await app.inject({
      method: 'POST',
      url: '/api/mobile/surveys',
      payload: '{"experience":4,"usability":4,"resources":4,"suggestions":"\\ud800"}',
      headers: { authorization: `${AUTH_SCHEME} ${token}`, 'content-type': 'application/json' },
    });
    assertError(raw, 400, 'invalid_text', { suggestions: 'invalid_text' });
    assert.equal(await rowsOf(surveys), 0);
  });

  test('in a path parameter: NUL is 400 invalid_text; percent-encoding that is not UTF-8 is 400 invalid_text', async () => {
    assertError(await admin.get('/api/bases/%00'), 400, 'invalid_text', { id: 'invalid_text' });
    assertError(await admin.put('/api/bases/1%00', valid.base()), 400, 'invalid_text', { id: 'invalid_text' });
    // A lone surrogate cannot be UTF-8: the router refuses the URL before any route.
    assertError(await admin.get('/api/bases/%ED%A0%80'), 400, 'invalid_text');
    assertError(await admin.get('/api/bases/%E0%A4%A'), 400, 'invalid_text');
  });

  test('in the query string, percent-encoding that is not UTF-8 stays literal text: searched for, found nowhere', async () => {
    const response = await admin.get('/api/bases?search=%ED%A0%80');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((response.json() as { total: number }).total, 0);
  });

  test('in the sign-in form (a public route) too', async () => {
    const response = await new Browser(app).request('/api/authentication/login', {
      method: 'POST',
      body: { email: 'admin@t.test\u0000', password: 'demo1234', from_web: true },
    });
    assertError(response, 400, 'invalid_text', { email: 'invalid_text' });
  });

  test('the message follows Accept-Language', async () => {
    const response = await new Browser(app, { language: 'en-US' }).request('/api/authentication/login', {
      method: 'POST',
      body: { email: 'a\u0000', password: 'x' },
    });
    assert.equal(response.statusCode, 400);
    assert.equal((response.json() as { message: string }).message, errorMessage('invalid_text', 'en-US'));
  });
});

describe('text with a character XML cannot carry (every export must open)', () => {
  /** U+FFFE, U+FFFF and the C0 controls but tab, line feed and carriage return. */
  const HOSTILE = ['\uFFFE', '\uFFFF', '\u0001', '\u0008', '\u000B', '\u000C', '\u000E', '\u001F'];

  test('in a JSON body, a query string, a path parameter: 400 invalid_text, nothing written', async () => {
    const before = { bases: await rowsOf(bases), audit: await rowsOf(auditLog) };
    for (const character of HOSTILE) {
      const name = `Base ${character} fim`;
      assertError(await admin.post('/api/bases', { ...valid.base(), name }), 400, 'invalid_text', {
        name: 'invalid_text',
      });
      assertError(
        await admin.put(`/api/bases/${world.baseA}`, { ...valid.base(), extra: [name] }),
        400,
        'invalid_text',
        { 'extra.0': 'invalid_text' },
      );
      const encoded = encodeURIComponent(character);
      for (const url of [`/api/bases?search=${encoded}`, `/api/bases/export?format=xlsx&search=a${encoded}`]) {
        assertError(await admin.get(url), 400, 'invalid_text', { search: 'invalid_text' });
      }
      assertError(await admin.get(`/api/bases/1${encoded}`), 400, 'invalid_text', { id: 'invalid_text' });
    }
    assert.deepEqual({ bases: await rowsOf(bases), audit: await rowsOf(auditLog) }, before);
  });

  test('in a header the server reads (Accept-Language, Authorization): 400 invalid_text on the header', async () => {
    for (const character of HOSTILE) {
      for (const header of ['accept-language', 'authorization', 'x-anything']) {
        const response = await admin.browser.request('/api/bases', {
          token: admin.token,
          headers: { [header]: `pt-BR${character}` },
        });
        assertError(response, 400, 'invalid_text', { [header]: 'invalid_text' });
      }
    }
  });

  test('tab, line feed, carriage return, quotes, separators, formulas, emoji and accents are ordinary text', async () => {
    for (const name of ['a\tb', 'linha 1\nlinha 2', 'cr\r\nlf', '"aspas"; vírgula, ponto', '=1+1', '🏗️ Ação ç']) {
      const response = await admin.post('/api/bases', { ...valid.base(), name });
      assert.equal(response.statusCode, 201, `${JSON.stringify(name)}: ${response.body}`);
      assert.equal((response.json() as { name: string }).name, name);
    }
  });
});

describe('values the database cannot store', () => {
  test('year 0000 in a date: 400 on the field (PostgreSQL has no year 0; it was a 500 there)', async () => {
    const body = { ...valid.work(world.baseA), startDate: '0000-01-01' };
    assertError(await admin.post('/api/works', body), 400, 'validation_failed', { startDate: 'invalid_value' });
    assertError(await admin.put(`/api/works/${world.workA1}`, body), 400, 'validation_failed', {
      startDate: 'invalid_value',
    });
  });
});

describe('keys picked from input', () => {
  test("a sort key that is a prototype's member is 400 validation_failed on sort, on every list and export", async () => {
    let cases = 0;
    for (const resource of RESOURCES) {
      for (const key of PROTOTYPE_KEYS) {
        for (const route of ['?', '/export?format=csv&', '/export?format=xlsx&']) {
          const response = await admin.get(`/api/${resource}${route}sort=${key}`);
          assertError(response, 400, 'validation_failed', { sort: 'invalid_value' });
          cases += 1;
        }
      }
    }
    assert.equal(cases, RESOURCES.length * PROTOTYPE_KEYS.length * 3);
  });

  test('the sort keys a list declares still work, both ways', async () => {
    const response = await admin.get('/api/bases?sort=state&order=desc');
    assert.equal(response.statusCode, 200);
  });

  test('a field named like a prototype member in a body gets its own field code', async () => {
    const { name: _name, ...withoutName } = valid.base();
    const response = await admin.post('/api/bases', { ...withoutName, constructor: 'x', toString: 'y' });
    assertError(response, 400, 'validation_failed', { name: 'required' });
  });
});

describe('exports', () => {
  test('a bad sort, search, filter or format is an ordinary 400 JSON answer, never an attachment (CSV and XLSX)', async () => {
    const bad = [
      ...PROTOTYPE_KEYS.map((key) => `sort=${key}`),
      'sort=nope',
      'search=%00',
      `search=${'x'.repeat(101)}`,
      'order=sideways',
      'page=0',
    ];
    let cases = 0;
    for (const resource of RESOURCES) {
      for (const format of ['csv', 'xlsx']) {
        for (const query of bad) {
          const response = await admin.get(`/api/${resource}/export?format=${format}&${query}`);
          assert.ok([400].includes(response.statusCode), `${resource} ${format} ${query}: ${response.statusCode}`);
          assert.match(String(response.headers['content-type']), /^application\/json/);
          assert.equal(response.headers['content-disposition'], undefined);
          const body = response.json() as { code: string; message: string };
          assert.ok(['validation_failed', 'invalid_text'].includes(body.code));
          assert.equal(body.message, errorMessage(body.code));
          cases += 1;
        }
      }
      assertError(await admin.get(`/api/${resource}/export?format=pdf`), 400, 'validation_failed', {
        format: 'invalid_value',
      });
    }
    assert.equal(cases, 6 * 2 * 10);
  });

  test('a query the database refuses is a 500 JSON answer before any byte of the file, not a 200 download', async () => {
    // A sort that passes validation but fails when run (as a bug or a dropped index would).
    const sorts = basesResource.read.sorts as Record<string, { expression: ReturnType<typeof sql>; type: 'integer' }>;
    sorts.broken = { expression: sql`(1 / (${bases.id} - ${bases.id}))`, type: 'integer' };
    try {
      for (const format of ['csv', 'xlsx']) {
        const response = await admin.get(`/api/bases/export?format=${format}&sort=broken`);
        assertError(response, 500, 'server_error');
      }
    } finally {
      delete sorts.broken;
    }
  });

  test('a failure once the file has started destroys the connection: no clean end of a cut file', async (t) => {
    const exported = basesResource.export;
    const failing = {
      header: { 'pt-BR': 'Falha', 'en-US': 'Failure' },
      value: (base: { name: string }) => {
        if (base.name === 'Base Beta') throw new Error('export failed half way (test)');
        return base.name;
      },
    };
    // Enough rows that the file is well under way (several batches) when the last row fails.
    const names = Array.from({ length: 3000 }, (_, index) => `Base ${String(index).padStart(5, '0')}`);
    await db.orm.insert(bases).values(names.map((name) => ({ name, state: 'SP' as const })));
    (basesResource as { export: unknown }).export = { ...exported, columns: [...exported.columns, failing] };
    const address = await listening();
    try {
      const seen: string[] = [];
      for (const format of ['csv', 'xlsx']) {
        for (const encoding of ['identity', 'gzip']) {
          const outcome = await download(`${address}/api/bases/export?format=${format}`, encoding);
          const label = `${format}/${encoding}: ${outcome.status || 'hang-up'} ${outcome.completed ? 'ended' : 'broken'}`;
          seen.push(label);
          if (outcome.status === 500) {
            // Nothing had left yet (a compressor still held it all): an ordinary error answer.
            assert.equal(JSON.parse(outcome.body.toString('utf8')).code, 'server_error', label);
          } else {
            // Bytes had left, or were about to: the connection breaks, the browser shows a failed download.
            assert.ok([0, 200].includes(outcome.status), label);
            assert.equal(outcome.completed, false, label);
            if (outcome.status === 200) assert.match(String(outcome.headers['content-disposition']), /^attachment/);
          }
        }
      }
      // Never a clean end, and at least one case where the file had started and then broke.
      assert.ok(
        seen.some((label) => label.endsWith('broken') && !label.includes(' 500 ')),
        seen.join('; '),
      );
      t.diagnostic(seen.join('; '));
      // And the same export without the failure ends cleanly with every row.
      (basesResource as { export: unknown }).export = exported;
      const clean = await download(`${address}/api/bases/export?format=csv`, 'gzip');
      assert.equal(clean.completed, true);
      assert.match(gunzipSync(clean.body).toString('utf8'), /Base Alfa[\s\S]*Base Beta/);
    } finally {
      (basesResource as { export: unknown }).export = exported;
    }
  });
});

interface Download {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** True when the response ended normally; false when the connection broke. */
  completed: boolean;
}

function download(url: string, encoding: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        headers: {
          authorization: `${AUTH_SCHEME} ${admin.token}`,
          'accept-encoding': encoding,
          connection: 'close',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        const finish = (completed: boolean) =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            completed,
          });
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(response.complete));
        response.on('aborted', () => finish(false));
        response.on('error', () => finish(false));
      },
    );
    // The connection broke before the answer's head arrived: a failed download too.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET'
        ? resolve({ status: 0, headers: {}, body: Buffer.alloc(0), completed: false })
        : reject(error),
    );
    request.end();
  });
}

/** Raw bytes on a socket, for what app.inject cannot send (Node's own parser limits). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => (answer ? resolve(answer) : reject(error)));
  });
}

/** Status and JSON body of a raw HTTP answer. */
function parseRaw(answer: string): { status: number; body: { code: string; message: string } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  assert.match(head, /content-type: application\/json/i, head);
  return { status, body: JSON.parse(body) as { code: string; message: string } };
}

describe('every error answer has the { code, message } shape', () => {
  test('an id longer than the router allows, on every method: 404 not_found, not Fastify’s own body', async () => {
    const id = '1'.repeat(150);
    assertError(await admin.get(`/api/bases/${id}`), 404, 'not_found');
    assertError(await admin.put(`/api/bases/${id}`, valid.base()), 404, 'not_found');
    assertError(await admin.status(`/api/bases/${id}`, false), 404, 'not_found');
    assertError(await admin.post(`/api/users/${id}/picture`, {}), 404, 'not_found');
  });

  test('unknown routes and methods: 404 not_found', async () => {
    assertError(await admin.get('/api/nothing-here'), 404, 'not_found');
    const deleted = await admin.browser.request(`/api/bases/${world.baseA}`, { method: 'DELETE', token: admin.token });
    assertError(deleted, 404, 'not_found');
    const propfind = await app.inject({ method: 'PROPFIND' as 'GET', url: '/api/bases' });
    assertError(propfind, 404, 'not_found');
  });

  test('bad JSON, an empty JSON body, a wrong content type, a body over the limit', async () => {
    const send = (payload: string, type: string) =>
      admin.browser.request('/api/bases', {
        method: 'POST',
        token: admin.token,
        body: payload,
        headers: { 'content-type': type },
      });
    assertError(await send('{"name":', 'application/json'), 400, 'validation_failed');
    assertError(await send('', 'application/json'), 400, 'validation_failed');
    assertError(await send('<base/>', 'text/xml'), 415, 'validation_failed');
    assertError(
      await send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }), 'application/json'),
      413,
      'payload_too_large',
    );
  });

  test('a search longer than allowed: 400 too_long on search', async () => {
    assertError(await admin.get(`/api/bases?search=${'a'.repeat(5000)}`), 400, 'validation_failed', {
      search: 'too_long',
    });
  });

  test('a 100 000-character URL, huge headers, an unknown Expect, a request that is not HTTP: Node refuses them, in our shape', async () => {
    const port = Number(new URL(await listening()).port);
    const longUrl = parseRaw(
      await rawRequest(port, `GET /api/bases?search=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    assert.equal(longUrl.status, 431);
    assert.deepEqual(longUrl.body, { code: 'request_too_large', message: errorMessage('request_too_large') });

    const hugeHeader = parseRaw(
      await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`),
    );
    assert.equal(hugeHeader.status, 431);
    assert.equal(hugeHeader.body.code, 'request_too_large');

    const expectation = await rawRequest(
      port,
      'POST /api/bases HTTP/1.1\r\nHost: x\r\nExpect: an unknown expectation\r\nAccept-Language: en-US\r\nContent-Length: 0\r\n\r\n',
    );
    const unknownExpectation = parseRaw(expectation);
    assert.equal(unknownExpectation.status, 417);
    assert.deepEqual(unknownExpectation.body, { code: 'bad_request', message: errorMessage('bad_request', 'en-US') });
    assert.match(expectation, /x-content-type-options: nosniff/i);

    const garbage = parseRaw(await rawRequest(port, 'HELLO THERE\r\n\r\n'));
    assert.equal(garbage.status, 400);
    assert.deepEqual(garbage.body, { code: 'bad_request', message: errorMessage('bad_request') });
  });
});
