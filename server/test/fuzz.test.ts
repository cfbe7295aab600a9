import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { insertDemoData } from '../src/demo/seed.js';
import type { Database } from '../src/db/connection.js';
import { buildCases } from '../fuzz/cases/build.js';
import { quickSample } from '../fuzz/cases/sample.js';
import { prepare } from '../fuzz/prepare.js';
import { formatReport } from '../fuzz/report.js';
import { run } from '../fuzz/run.js';
import type { FuzzReport } from '../fuzz/run.js';
import { listen } from '../fuzz/server.js';
import type { FuzzServer } from '../fuzz/server.js';
import { MIB } from '../fuzz/types.js';
import type { FailureKind, Outcome } from '../fuzz/types.js';
import { openTestDatabase, testConfig } from './helpers.js';

/**
 * The fuzz of fuzz/ (the engine of `pnpm fuzz`) on its smaller, fixed sample (a few hundred requests): every
 * operation of the OpenAPI document, real HTTP on 127.0.0.1, the demo data, as admin, as a
 * contract-level user, as the reporter and without a session. So an endpoint added later is
 * fuzzed too, and none may answer hostile input with a 500 or with another error shape.
 * Speed (the tool's 2 s rule) is not asserted here: the tool reports it.
 */

let db: Database;
let server: FuzzServer;
let report: FuzzReport;

const lines = (outcomes: Outcome[]) =>
  outcomes.map(
    (o) =>
      `${o.status ?? 'no answer'} ${o.case.operation} · ${o.case.variant} · ${o.case.session}` +
      (o.serverErrors.length ? ` · server: ${o.serverErrors[0]}` : ` → ${o.excerpt.slice(0, 100)}`),
  );

const failing = (...kinds: FailureKind[]) =>
  lines(report.failures.filter((o) => o.failures.some((kind) => kinds.includes(kind))));

describe('fuzz of every OpenAPI operation', () => {
  before(async () => {
    db = await openTestDatabase();
    // The demo data with two weeks of reports, not eleven: every dashboard, list and export has
    // rows to answer with, at a third of the seed's cost (its data's size is not what is fuzzed).
    await insertDemoData(db.orm, { reportWeeks: 2 });
    server = await listen(db, testConfig());
    const { tokens, context } = await prepare(server.target, server.config.maxImageMb * MIB);
    const cases = quickSample(buildCases(context));
    report = await run(server.target, tokens, context, cases, {
      maxRequests: 5000,
      seconds: 120,
      concurrency: 1,
      serverErrors: server.errors,
    });
    if (report.failures.length) console.log(formatReport(report, 'fuzz sample (test/fuzz.test.ts)', 3));
  });
  after(async () => {
    await server?.close();
    await db?.close();
  });

  test('every operation of the document is exercised, with a few hundred requests', () => {
    assert.deepEqual(report.uncovered, []);
    assert.equal(report.covered, report.operations);
    assert.ok(report.operations >= 40, `only ${report.operations} operations in /api/docs/json`);
    assert.ok(report.sent >= 300 && report.sent <= 5000, `${report.sent} requests`);
    assert.equal(report.stoppedBy, 'done');
  });

  test('no hostile input gets a 5xx', () => {
    assert.deepEqual(failing('5xx'), []);
  });

  test('every error answer is { code, message } with a code of the catalogue, and every answer is whole', () => {
    assert.deepEqual(failing('malformed', 'cut'), []);
  });

  test('NUL and lone surrogates are refused, never taken', () => {
    assert.deepEqual(failing('accepted'), []);
  });

  test('XSRF, upload, size and first-access rules hold under hostile input', () => {
    assert.deepEqual(failing('unexpected'), []);
  });

  test('every API answer, refusals included, says nosniff, and no answer with data may be stored', () => {
    assert.deepEqual(failing('headers'), []);
  });
});
