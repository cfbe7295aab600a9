// The server suites as one pool of jobs: every compiled test file (compile-tests.mjs) on PGlite
// and, when TEST_DATABASE_URL is set, on PostgreSQL (less `*.pglite-only` and `*.once`), two at
// a time, the longest first (test/durations.json, from earlier runs), never two PostgreSQL files
// at once. Run as two suites side by side, the longer one (PGlite) ran alone for its last minute
// on one core; a pool keeps both busy to the end (docs/testing.md, "One pool"). Each job's output
// is held: a failed job's is shown whole, a passed one is one line. Exits non-zero on any
// failure; `--report <file>` writes the counts per suite as JSON, `--record` writes this run's
// durations to test/durations.json, `--database pglite` runs one database, `--contract` adds the
// API contract suite (contract/, under tsx, on PGlite) as one more job, and words after the
// options pick files by name.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const server = import.meta.dirname;
const compiled = path.join(server, '.test-build', 'test');
const durationsFile = path.join(server, 'test', 'durations.json');
const { values: options, positionals: only } = parseArgs({
  allowPositionals: true,
  options: {
    report: { type: 'string' },
    record: { type: 'boolean', default: false },
    database: { type: 'string', multiple: true },
    contract: { type: 'boolean', default: false },
  },
});

const CONCURRENCY = Number(process.env.SERVER_TEST_CONCURRENCY ?? 2);
if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) {
  console.error(
    `run-tests: SERVER_TEST_CONCURRENCY must be a whole number ≥ 1, not "${process.env.SERVER_TEST_CONCURRENCY}"`,
  );
  process.exit(2);
}
if (!existsSync(compiled)) {
  console.error('run-tests: no compiled suite; run `node compile-tests.mjs` first');
  process.exit(2);
}

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || '';
const databases = (options.database ?? ['pglite', 'postgres']).filter((name) => name !== 'postgres' || postgresUrl);
const files = readdirSync(compiled)
  .filter((name) => name.endsWith('.test.js'))
  // `node run-tests.mjs dashboard login`: only the files whose names hold one of those words.
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();
/** Seconds each job took last time it was recorded; a job never measured counts as a long one. */
const known = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const UNKNOWN = 30;

/**
 * `*.pglite-only`: PGlite's own behaviour (its worker, two PGlite databases). `*.postgres-only`:
 * PostgreSQL's (its settings, such as JIT, which PGlite does not have). `*.once`: what does not
 * depend on the database — a file format read by other programs, the headers of static files —
 * run on the run's first database only (docs/testing.md, "One pool").
 */
const runsOn = (file, database) => {
  if (file.includes('.pglite-only.')) return database === 'pglite';
  if (file.includes('.postgres-only.')) return database === 'postgres';
  return !file.includes('.once.') || database === databases[0];
};

/** Node's test runner with the reporter `counts` reads. */
const TEST_RUNNER = ['--test', '--test-reporter=spec'];
/**
 * The API contract (docs/api-contract.md): the description, Redocly, ajv and a generated
 * client's flow. It is the server's TypeScript under tsx (it type-checks the generated client
 * beside it), on PGlite: what it checks does not depend on the database. A job of the pool, it
 * fills the places the files leave idle instead of running alone before them (~30 s).
 */
const contractFolder = path.join(server, 'contract');
const contractJob = {
  suite: 'contract',
  database: 'pglite',
  file: 'contract',
  key: 'contract/contract',
  command: [
    '--conditions=canteiro-source',
    '--import',
    'tsx',
    ...TEST_RUNNER,
    ...readdirSync(contractFolder)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => path.join(contractFolder, name)),
  ],
};

const jobs = [
  ...databases.flatMap((database) =>
    files
      .filter((file) => runsOn(file, database))
      .map((file) => ({
        suite: database,
        database,
        file,
        key: `${database}/${file.replace(/\.test\.js$/, '')}`,
        command: [...TEST_RUNNER, path.join(compiled, file)],
      })),
  ),
  ...(options.contract ? [contractJob] : []),
]
  .map((job) => ({ ...job, expected: Number(known[job.key] ?? UNKNOWN) }))
  .sort((a, b) => b.expected - a.expected || a.key.localeCompare(b.key));
const suites = [...databases, ...(options.contract ? ['contract'] : [])];

/** Node's test runner closes with `ℹ pass N`, `ℹ fail N`… (spec reporter). */
function counts(output) {
  const count = (word) => Number(output.match(new RegExp(`^ℹ ${word} (\\d+)`, 'm'))?.[1] ?? 0);
  return {
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
  };
}

function runJob(job) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, job.command, {
      cwd: server,
      env: { ...process.env, TEST_DATABASE_URL: job.database === 'postgres' ? postgresUrl : '' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (code) => {
      const result = { ...job, ...counts(output), code, seconds: (Date.now() - begun) / 1000 };
      // A file that exits badly without a failed test (a crash, an unhandled error) still fails.
      if (code !== 0 && result.failed === 0) result.failed = 1;
      if (result.passed === 0 && result.failed === 0) result.failed = 1;
      const line = `${result.failed ? 'FAIL' : 'ok  '}  ${job.suite.padEnd(8)} ${job.file.padEnd(44)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.passed} passed${result.failed ? `, ${result.failed} failed` : ''}`;
      console.log(result.failed ? `\n── ${job.suite}: ${job.file} ──\n${output.trimEnd()}\n${line}\n` : line);
      resolve(result);
    };
    child.on('error', (error) => {
      output += String(error);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
// One PostgreSQL file at a time: its transaction ids and snapshots are the cluster's, not its
// database's, so a file that counts on nobody else writing (totals kept per snapshot) failed
// beside another; PGlite files, each its own server, fill the other place. So PostgreSQL's files
// are a lane of their own, fed whenever it is free (its longest file first): taken longest-first
// with the rest, they were left for the end and ran there one at a time, a place idle for the
// pool's last ~55 s (CI 2026-11-28: the machine 35 % idle then).
const queue = [...jobs];
const results = [];
let postgresRunning = false;
/** Places waiting for a PostgreSQL file to end. */
const waiting = [];
const nextJob = () => {
  const postgres = postgresRunning ? -1 : queue.findIndex((job) => job.database === 'postgres');
  return postgres >= 0 ? postgres : queue.findIndex((job) => job.database !== 'postgres');
};
await Promise.all(
  Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
    while (queue.length > 0) {
      const index = nextJob();
      if (index < 0) {
        await new Promise((resolve) => waiting.push(resolve));
        continue;
      }
      const [job] = queue.splice(index, 1);
      if (job.database === 'postgres') postgresRunning = true;
      results.push(await runJob(job));
      if (job.database === 'postgres') postgresRunning = false;
      for (const wake of waiting.splice(0)) wake();
    }
  }),
);
const wall = (Date.now() - started) / 1000;

const perSuite = Object.fromEntries(
  suites.map((suite) => {
    const own = results.filter((result) => result.suite === suite);
    const sum = (field) => own.reduce((total, result) => total + result[field], 0);
    return [
      suite,
      {
        files: own.length,
        passed: sum('passed'),
        failed: sum('failed'),
        skipped: sum('skipped'),
        seconds: sum('seconds'),
      },
    ];
  }),
);
console.log(`\nserver suites: ${jobs.length} files in ${wall.toFixed(1)} s, ${CONCURRENCY} at a time`);
for (const [suite, total] of Object.entries(perSuite))
  console.log(
    `  ${suite.padEnd(8)} ${total.files} files, ${total.passed} passed, ${total.failed} failed, ${total.seconds.toFixed(0)} job-seconds`,
  );
if (!postgresUrl) console.log('  TEST_DATABASE_URL is not set: PGlite only');

if (options.report)
  writeFileSync(options.report, JSON.stringify({ wall, concurrency: CONCURRENCY, suites: perSuite }, null, 2));
if (options.record) {
  const measured = { ...known };
  for (const result of results) measured[result.key] = Number(result.seconds.toFixed(1));
  const sorted = Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
process.exit(results.some((result) => result.failed) ? 1 : 0);
