import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Client, World } from './admin-fixtures.js';
import { Client as SignedIn } from './admin-fixtures.js';
import { defaultRange } from '../src/dashboards/period.js';
import { createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite } from './management-fixtures.js';

/**
 * The dashboards' default range (`GET /api/dashboards/period`) and export
 * (`GET /api/dashboards/<name>/export`), docs/dashboards.md, on the hand-made data set of
 * dashboards.test.ts (dashboard-fixtures.ts).
 */

let app: FastifyInstance;
let admin: Client;
let world: World;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ app, admin, world } = context);
  suite = context;
});

describe('period', () => {
  test("first and last days with reports, and the last four weeks' range", async () => {
    await createDashboardFixture(suite);
    // A1: 2026-03-02 … 2026-03-09 (a Monday, week W11); three weeks before W11 starts on 2026-02-16.
    const a1 = await admin.get(`/api/dashboards/period?contract=${world.contractA1}`);
    assert.equal(a1.statusCode, 200, a1.body);
    assert.deepEqual(a1.json(), { first: '2026-03-02', last: '2026-03-09', from: '2026-02-16', to: '2026-03-09' });
    // B1: its one row on 2026-03-02 (W10): from the Monday of W07.
    const b1 = await admin.get(`/api/dashboards/period?contract=${world.contractB1}`);
    assert.deepEqual(b1.json(), { first: '2026-03-02', last: '2026-03-02', from: '2026-02-09', to: '2026-03-02' });
    const none = { first: null, last: null, from: null, to: null };
    assert.deepEqual((await admin.get(`/api/dashboards/period?contract=${world.contractA2}`)).json(), none);
  });

  test("the default range starts on the Monday of last's week minus three weeks", () => {
    assert.deepEqual(defaultRange('2026-03-08'), { from: '2026-02-09', to: '2026-03-08' }); // a Sunday
    assert.deepEqual(defaultRange('2026-03-09'), { from: '2026-02-16', to: '2026-03-09' }); // a Monday
    assert.deepEqual(defaultRange('2026-01-01'), { from: '2025-12-08', to: '2026-01-01' }); // across the year
  });

  test('nothing for a contract outside the scope or that does not exist', async () => {
    await createDashboardFixture(suite);
    const none = { first: null, last: null, from: null, to: null };
    const other = await SignedIn.of(app, 'contractA1b');
    const outside = await other.get(`/api/dashboards/period?contract=${world.contractA1}`);
    assert.equal(outside.statusCode, 200);
    assert.deepEqual(outside.json(), none);
    assert.deepEqual((await admin.get('/api/dashboards/period?contract=999999')).json(), none);
  });

  test('contract required, an id', async () => {
    for (const [query, code] of [
      ['', 'required'],
      ['contract=', 'required'],
      ['contract=x', 'invalid_value'],
      ['contract=0', 'invalid_value'],
      ['contract=1&contract=2', 'invalid_value'],
    ] as const) {
      const response = await admin.get(`/api/dashboards/period?${query}`);
      assert.equal(response.statusCode, 400, query);
      assert.deepEqual(response.json<{ code: string; fields: object }>().fields, { contract: code }, query);
      assert.equal(response.json<{ code: string }>().code, 'validation_failed');
    }
  });
});
