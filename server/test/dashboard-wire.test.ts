import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DashboardCache } from '../src/dashboards/cache.js';
import type { DashboardContext } from '../src/dashboards/context.js';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * A dashboard's answer on the wire (docs/dashboards.md, "Kept answers on the wire"): serialized
 * once and compressed once per coding for as long as it is kept, sent with a strong ETag per
 * representation, and a 304 without a body to a client whose copy is still the answer.
 */

let app: FastifyInstance;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, world } = context);
  suite = context;
});

const url = () => `/api/dashboards/project-health?contract=${world.contractA1}&from=2026-03-01&to=2026-03-31`;

const get = (client: Client, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  client.browser.request(url(), { token: client.token, headers });

describe('a dashboard answer on the wire', () => {
  test('gzip and br carry the text identity does, each under its own strong tag; a tag still good is a 304 without a body', async () => {
    await createDashboardFixture(suite);
    const admin = await Client.of(app, 'admin');
    const plain = await get(admin);
    assert.equal(plain.statusCode, 200, plain.body);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.etag), /^"[\w-]{32}"$/);
    assert.match(String(plain.headers['content-type']), /^application\/json/);
    assert.equal(plain.headers.vary, 'accept-encoding');

    const gzip = await get(admin, { 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gzip.headers.etag, String(plain.headers.etag).replace(/"$/, '-gzip"'));
    assert.equal(gunzipSync(gzip.rawPayload).toString('utf8'), plain.body);
    const br = await get(admin, { 'accept-encoding': 'gzip;q=0.5, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain.body);

    // Another user in scope with the copy they were sent: nothing to send again.
    const contractUser = await Client.of(app, 'contractA1');
    const again = await get(contractUser, { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    assert.equal(again.headers.etag, gzip.headers.etag);
    // The plain copy's tag does not stand for the gzip bytes.
    const other = await get(contractUser, { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
    assert.equal(other.statusCode, 200);
  });

  test('a write that changes the answer changes its tag: the old tag gets the new answer', async () => {
    await createDashboardFixture(suite);
    const admin = await Client.of(app, 'admin');
    const before = await get(admin);
    const created = await admin.post('/api/annotations', {
      contract: world.contractA1,
      from: '2026-03-09',
      to: '2026-03-11',
      label: 'Chuva',
    });
    assert.equal(created.statusCode, 201, created.body);
    const after = await get(admin, { 'if-none-match': String(before.headers.etag) });
    assert.equal(after.statusCode, 200);
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.deepEqual(
      (after.json() as { annotations: { label: string }[] }).annotations.map((annotation) => annotation.label),
      ['Chuva'],
    );
  });

  test('a kept answer is serialized once and compressed once per coding', async () => {
    const cache = new DashboardCache();
    const context = {
      inScope: true,
      version: { global: '1', contract: '1' },
      filters: { contract: 7, range: 'week' },
      timeZone: 'America/Sao_Paulo',
    } as unknown as DashboardContext;
    let computed = 0;
    let serialized = 0;
    const compute = async () => ({ figures: ++computed });
    const serialize = (answer: unknown) => {
      serialized += 1;
      return JSON.stringify(answer).padEnd(4096);
    };
    const first = await cache.wire('project-health', context, compute, serialize);
    const second = await cache.wire('project-health', context, compute, serialize);
    assert.equal(second, first);
    assert.deepEqual([computed, serialized], [1, 1]);
    assert.equal(await first.bytes('gzip'), await second.bytes('gzip'));
    // Out of scope nothing is kept: each answer is made again.
    const outside = { ...context, inScope: false } as DashboardContext;
    await cache.wire('project-health', outside, compute, serialize);
    await cache.wire('project-health', outside, compute, serialize);
    assert.deepEqual([computed, serialized], [3, 3]);
  });
});
