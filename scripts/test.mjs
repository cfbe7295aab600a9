// `pnpm test`: everything, in order, with one summary. Builds the production bundle first
// (the end-to-end suite runs against it), then: type check and lint (gates), the unit and
// component tests (jest), the API contract, the server suite on PGlite and — when TEST_DATABASE_URL is set,
// as in CI — on PostgreSQL, and the Playwright suite in Debian's Chromium.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run, runCapture } from './run.mjs';
import { ensureDebianPackages, installDependencies } from './setup.mjs';
import { startServer as startE2eServer } from '../e2e/server.mjs';

const root = resolve(import.meta.dirname, '..');
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const suites = [];
const gates = [];
const started = Date.now();

async function gate(name, command, args, options) {
  const begun = Date.now();
  const code = await run(command, args, { cwd: root, ...options });
  gates.push({ name, ok: code === 0, seconds: (Date.now() - begun) / 1000 });
  return code === 0;
}

/** Node's test runner closes with `ℹ pass N` / `ℹ fail N` (spec reporter) or `# pass N` (TAP). */
function nodeCounts(output) {
  const count = (word) => Number(output.match(new RegExp(`^(?:ℹ|#) ${word} (\\d+)`, 'm'))?.[1] ?? NaN);
  return { passed: count('pass'), failed: count('fail'), skipped: count('skipped') + (count('todo') || 0) };
}

/** A node:test suite of the server (`script`); `echo: false` holds its output until it ends (see below). */
async function nodeSuite(name, env, { echo = true, script = 'test' } = {}) {
  const begun = Date.now();
  const { code, output } = await runCapture('pnpm', ['--filter', '@canteiro/server', script], { cwd: root, env, echo });
  const counts = nodeCounts(output);
  const readable = Number.isFinite(counts.passed) && Number.isFinite(counts.failed);
  if (!echo) {
    // Held output: whole when the suite failed, its closing counts otherwise.
    console.log(`\n── ${name} ──`);
    console.log(code === 0 ? output.trimEnd().split('\n').slice(-9).join('\n') : output);
  }
  return {
    name,
    passed: readable ? counts.passed : 0,
    failed: readable ? counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0) : 1,
    skipped: Number.isFinite(counts.skipped) ? counts.skipped : 0,
    seconds: (Date.now() - begun) / 1000,
  };
}

async function jestSuite() {
  const begun = Date.now();
  const file = join(results, 'jest.json');
  const code = await run('pnpm', ['exec', 'jest', '--config', 'jest.config.mjs', '--json', `--outputFile=${file}`], {
    cwd: root,
  });
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  suites.push({
    name: 'unit & components (jest)',
    passed: report?.numPassedTests ?? 0,
    failed:
      (report?.numFailedTests ?? 0) +
      (report?.numRuntimeErrorTestSuites ?? 0) +
      (code !== 0 && !report?.numFailedTests ? 1 : 0),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    seconds: (Date.now() - begun) / 1000,
  });
}

/** `server`: the suite's server started after the build (e2e/server.mjs), used when it is up. */
async function e2eSuite(server) {
  const begun = Date.now();
  const file = join(results, 'e2e.json');
  const reuse = server ? await server.ready : false;
  if (server && !reuse) {
    console.log('test: the end-to-end server started early is not up; Playwright starts its own');
    await server.stop();
  }
  const code = await run('pnpm', ['--filter', '@canteiro/e2e', 'test'], {
    cwd: root,
    env: { E2E_JSON: file, ...(reuse ? { E2E_REUSE_SERVER: '1' } : {}) },
  });
  await server?.stop();
  const stats = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).stats : null;
  suites.push({
    name: 'end-to-end (Playwright, Chromium)',
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: stats ? stats.unexpected + (code !== 0 && !stats.unexpected ? 1 : 0) : 1,
    skipped: stats?.skipped ?? 0,
    seconds: (Date.now() - begun) / 1000,
  });
}

/** Both server suites and the API contract as one pool (server/run-tests.mjs); a summary line each. */
async function serverSuites() {
  const begun = Date.now();
  const file = join(results, 'server.json');
  const code = await run('node', ['server/run-tests.mjs', '--contract', '--report', file], { cwd: root });
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const names = {
    contract: 'API contract (OpenAPI)',
    pglite: 'server on PGlite (node:test)',
    postgres: 'server on PostgreSQL (node:test)',
  };
  for (const [suite, name] of Object.entries(names)) {
    const counts = report?.suites[suite];
    if (!counts && suite === 'postgres') continue;
    suites.push({
      name,
      passed: counts?.passed ?? 0,
      failed: counts ? counts.failed : 1,
      skipped: counts?.skipped ?? 0,
      // They share one pool: each line gives the whole pool's wall time.
      seconds: (Date.now() - begun) / 1000,
    });
  }
  const failed = Object.values(report?.suites ?? {}).reduce((sum, counts) => sum + counts.failed, 0);
  // The pool itself failed (it could not start, or crashed) without a failed file to show it.
  if (code !== 0 && report && failed === 0)
    suites.push({ name: 'server suites (the pool)', passed: 0, failed: 1, skipped: 0, seconds: 0 });
}

await installDependencies(root);
await ensureDebianPackages();
// The quick gates first, side by side: a type or lint error is known in a minute, not after the build.
// `pnpm lint`'s two halves run as two gates: one after the other, the formatting check ran alone
// on one core for its last ~13 s, after the type check had ended.
await Promise.all([
  gate('type check', 'pnpm', ['typecheck']),
  gate('lint (eslint)', 'pnpm', ['lint:code']),
  gate('format (prettier)', 'pnpm', ['lint:format']),
]);
if (process.env.SKIP_BUILD !== '1') {
  if (!(await gate('production build', 'pnpm', ['build']))) finish();
}
// The production topology under faults (docs/deploy.md): a PostgreSQL primary and replica of its
// own, two nodes of the build, HAProxy, PgBouncer. It mostly waits (a replica's start, a failover,
// a drain) and its time limits are seconds wide, so it runs beside jest and the server pool,
// which keep both cores busy; its output is held and shown when it ends.
const cluster = nodeSuite('cluster (primary, replica, HAProxy)', {}, { script: 'test:cluster', echo: false });
// The end-to-end suite's server, started now: it migrates and seeds the demo data (~10 s, one
// core) while jest and the server suites run, where the suite would otherwise wait for it
// with a core idle (docs/testing.md).
const e2eServer = startE2eServer();
await jestSuite();
// The server's suites as JavaScript, compiled once for both databases (server/compile-tests.mjs),
// then one pool of files on both, two at a time, the longest first (server/run-tests.mjs), with
// the API contract as outside tools read it (docs/api-contract.md: swagger-parser, Redocly, ajv,
// a client generated with openapi-typescript that type-checks and runs a flow) as one more job.
// The cluster suite, still waiting on its failovers, goes on beside it.
if (await gate('server suites compiled', 'node', ['server/compile-tests.mjs'])) await serverSuites();
suites.push(await cluster);
if (!process.env.TEST_DATABASE_URL)
  console.log('\ntest: TEST_DATABASE_URL is not set; the server suite ran on PGlite only.');
await e2eSuite(e2eServer);
finish();

function finish() {
  const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
  const failed = suites.reduce((sum, suite) => sum + suite.failed, 0) + gates.filter((g) => !g.ok).length;
  const skipped = suites.reduce((sum, suite) => sum + suite.skipped, 0);
  console.log('\n── summary ─────────────────────────────────────────────');
  for (const g of gates)
    console.log(`${g.ok ? 'ok  ' : 'FAIL'}  ${g.name.padEnd(36)} ${g.seconds.toFixed(1).padStart(6)} s`);
  for (const s of suites) {
    const state = s.failed ? 'FAIL' : 'ok  ';
    console.log(
      `${state}  ${s.name.padEnd(36)} ${s.seconds.toFixed(1).padStart(6)} s  ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`,
    );
  }
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The one closing line CI reads.
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed || passed === 0 ? 1 : 0);
}
