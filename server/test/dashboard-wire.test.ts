import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DashboardCache } from '../src/dashboards/cache.js';
import type { DashboardContext } from '../src/dashboards/context.js';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { rankEnds } from '@canteiro/shared/domain';
import { functions } from '../src/db/schema/catalogue.js';
import { activityReports } from '../src/db/schema/reports.js';
import { at, createDashboardFixture, uuidOf } from './dashboard-fixtures.js';
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

  test('a long ranked list goes by its ends; ranks=<list> sends it whole; a bad one is refused with the filters', async () => {
    const { V, H, E } = await createDashboardFixture(suite);
    // 24 more functions of A1, a report row each, their shares of the three classes apart.
    const made = await suite.db.orm
      .insert(functions)
      .values(Array.from({ length: 24 }, (_, index) => ({ name: `Função ${index + 1}`, contractId: world.contractA1 })))
      .returning();
    await suite.db.orm.insert(activityReports).values(
      made.flatMap((made, index) =>
        [V, H, E].map((occurrence, kind) => ({
          id: uuidOf(2000 + index * 3 + kind),
          contractId: world.contractA1,
          ...at('2026-03-04', '10:00', 3),
          userId: suite.people.reporterA1,
          packageId: suite.catalogue.a1.package,
          localId: suite.catalogue.a1.local,
          activityId: suite.catalogue.a1.activity,
          functionId: made.id,
          occurrenceId: occurrence,
          quantity: 1 + ((index * (kind + 3)) % 7),
          isScheduled: true,
        })),
      ),
    );
    type Ranked = { id: number; index: Record<'valueAdding' | 'hiddenWaste' | 'evidentWaste', number | null> };
    type Answer = { ranks: Record<string, Ranked[]>; rankCounts: Record<string, number> };
    const admin = await Client.of(app, 'admin');
    const exported = await admin.get(`${url().replace('project-health?', 'project-health/export?format=csv&')}`);
    const byEnds = (await get(admin)).json() as Answer;
    const whole = await admin.get(`${url()}&ranks=functions`);
    assert.equal(whole.statusCode, 200, whole.body);
    const functionsWhole = (whole.json() as Answer).ranks.functions!;
    assert.equal(functionsWhole.length, 26);
    assert.equal(byEnds.rankCounts.functions, 26);
    assert.deepEqual(
      byEnds.ranks.functions!.map((item) => item.id),
      rankEnds(functionsWhole).map((item) => item.id),
    );
    assert.ok(byEnds.ranks.functions!.length < 26, `${byEnds.ranks.functions!.length} of 26`);
    // The other lists are the same in both (short: whole), and the file has every function.
    assert.deepEqual((whole.json() as Answer).ranks.packages, byEnds.ranks.packages);
    assert.equal((exported.body.match(/Função \d+/g) ?? []).length >= 24, true, exported.body.slice(0, 400));
    const refused = await admin.get(`${url()}&ranks=everything&range=fortnight`);
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json(), {
      code: 'validation_failed',
      message: 'Por favor, verifique o formulário e tente novamente!',
      fields: { range: 'invalid_value', ranks: 'invalid_value' },
    });
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
