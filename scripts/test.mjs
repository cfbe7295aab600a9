// `pnpm test`: everything, in order, with one summary. Builds the production bundle first
// (the end-to-end suite runs against it), then: type check and lint (gates), the unit and
// component tests (jest), the API contract, the server suite on PGlite and — when TEST_DATABASE_URL is set,
// as in CI — on PostgreSQL, and the Playwright suite in Debian's Chromium.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { run, runCapture } from './run.mjs';
import { ensureDebianPackages, installDependencies } from './setup.mjs';

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

async function e2eSuite() {
  const begun = Date.now();
  const file = join(results, 'e2e.json');
  const code = await run('pnpm', ['--filter', '@canteiro/e2e', 'test'], { cwd: root, env: { E2E_JSON: file } });
  const stats = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).stats : null;
  suites.push({
    name: 'end-to-end (Playwright, Chromium)',
    passed: stats ? stats.expected + stats.flaky : 0,
    failed: stats ? stats.unexpected + (code !== 0 && !stats.unexpected ? 1 : 0) : 1,
    skipped: stats?.skipped ?? 0,
    seconds: (Date.now() - begun) / 1000,
  });
}

await installDependencies(root);
await ensureDebianPackages();
// The quick gates first, side by side: a type or lint error is known in a minute, not after the build.
await Promise.all([
  gate('type check', 'pnpm', ['-r', '--workspace-concurrency=2', 'typecheck']),
  gate('lint', 'pnpm', ['lint']),
]);
if (process.env.SKIP_BUILD !== '1') {
  if (!(await gate('production build', 'pnpm', ['build']))) finish();
}
// The production topology under faults (docs/deploy.md): a PostgreSQL primary and replica of its
// own, two nodes of the build, HAProxy, PgBouncer. It mostly waits (a replica's start, a failover,
// a drain) and its time limits are seconds wide, so it runs beside jest and the contract,
// which keep both cores busy; its output is held and shown when it ends.
const cluster = nodeSuite('cluster (primary, replica, HAProxy)', {}, { script: 'test:cluster', echo: false });
await jestSuite();
// The API contract as outside tools read it (docs/api-contract.md): swagger-parser, Redocly,
// ajv, and a client generated with openapi-typescript that type-checks and runs a flow.
suites.push(await nodeSuite('API contract (OpenAPI)', {}, { script: 'test:contract' }));
suites.push(await cluster);
// The server's suites as JavaScript, compiled once for both (server/compile-tests.mjs).
await gate('server suites compiled', 'node', ['server/compile-tests.mjs']);
// The two server suites at once, on their own databases (two cores, measured: 453 s together
// against 326 + 190 s in a row); PostgreSQL's output is held and shown after, so the log does
// not interleave two TAP streams.
suites.push(
  ...(await Promise.all([
    nodeSuite('server on PGlite (node:test)', { TEST_DATABASE_URL: '' }, { script: 'test:compiled' }),
    ...(process.env.TEST_DATABASE_URL
      ? [
          // Less the files that test PGlite alone (`*.pglite-only.test.ts`), whatever the database.
          nodeSuite(
            'server on PostgreSQL (node:test)',
            { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
            { echo: false, script: 'test:postgres:compiled' },
          ),
        ]
      : []),
  ])),
);
if (!process.env.TEST_DATABASE_URL)
  console.log('\ntest: TEST_DATABASE_URL is not set; the server suite ran on PGlite only.');
await e2eSuite();
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
