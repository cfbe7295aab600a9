/**
 * Report ingestion through the HTTP API (POST /api/mobile/reports) beside COPY of the same
 * number of equivalent rows into the same table, in the same run (docs/ingestion.md):
 *
 *   node --conditions=canteiro-source --import tsx server/bench/ingestion.ts
 *
 * Builds a fresh PGlite (or BENCH_DATABASE_URL, whose schema is DROPPED and rebuilt) with the
 * demo organisation and catalogue (no demo reports), starts the real server in a child
 * process, signs the demo reporter in from the "app", reads its contract's catalogue, then
 * for each client count of BENCH_CLIENTS (default 4,8) lets that many clients POST batches
 * of BENCH_BATCH (500) fresh activity observations for BENCH_SECONDS (10) each, over
 * loopback; the load generator shares the machine's cores with the server. A batch is a
 * phone's walks (DOMAIN.md §1): one report time for every crew seen on a walk, walks a
 * reporting period apart on one day of the last 12 weeks. Then, with the first client count,
 * the same load in rows spread uniformly (each row its own instant in those 12 weeks, the
 * rollups' worst case). Then the server stops and, per shape, the same number of rows as its
 * largest run goes into activity_reports with COPY (server/src/db/copy.ts), and into a bare
 * table of the same columns and indexes (no trigger, key or check: the floor). Prints
 * observations/s, p50/p99 per batch, both COPY rates and the ratios, and writes
 * .bench/ingestion*.json. Before it stops, the server is measured with
 * BENCH_READERS (10) people reading the contract's dashboards: the first client count's
 * ingestion and the reading, each alone and then together (bench/ingestion-reading.ts).
 * BENCH_PROFILE=1 adds a CPU profile of the
 * server and its summary. A benchmark, not a test: it never fails.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { MobileCatalogue } from '@canteiro/shared/domain';
import { migrateFromScratch, openDatabase, selectRows } from '../src/db/connection.js';
import { loadConfig } from '../src/config.js';
import { copyRows } from '../src/db/copy.js';
import { ACTIVITY_COLUMNS } from '../src/demo/reports/plans.js';
import { siteClock } from '../src/site-clock.js';
import { insertDemoData } from '../src/demo/seed.js';
import { freePort, median, percentile, repository, startServer, stopServer, table } from './support.js';
import { summariseProfile } from './profile-summary.js';
import { whileReading, whileReadingTable } from './ingestion-reading.js';
import { CREWS_PER_WALK, SHAPES, batchRows } from './ingestion-rows.js';
import type { Pickers, Shape } from './ingestion-rows.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const CLIENTS = (process.env.BENCH_CLIENTS ?? '4,8').split(',').map(Number);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const REPORTER = 'reporter@canteiro.test';
const where = DATABASE_URL ? 'PostgreSQL' : 'PGlite';
/** The server's site clock (SITE_TIME_ZONE), which the COPY rows are dated on too. */
const SITE_TIME_ZONE = loadConfig().siteTimeZone;

const dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-bench-ingestion-'));
const output = path.join(repository, '.bench');
const profiles = path.join(output, 'profiles');
mkdirSync(profiles, { recursive: true });

async function prepareDatabase(): Promise<void> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, databaseReadUrl: null, dataDir });
  try {
    await migrateFromScratch(db);
    await insertDemoData(db.orm, { reports: false });
  } finally {
    await db.close();
  }
}

async function mobileSignIn(base: string): Promise<string> {
  // Sign-in is outside /api/mobile/: the app echoes the XSRF cookie as the web does (docs/ingestion.md).
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: REPORTER, password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`bench: mobile sign-in failed (${response.status})`);
  return ((await response.json()) as { token: string }).token;
}

async function pickers(base: string, token: string): Promise<Pickers> {
  const headers = { authorization: `Token ${token}` };
  const [contract] = (await (await fetch(`${base}/api/mobile/contracts`, { headers })).json()) as { id: number }[];
  if (!contract) throw new Error('bench: the demo reporter has no contract');
  const catalogue = (await (
    await fetch(`${base}/api/mobile/catalogue?contract=${contract.id}`, { headers })
  ).json()) as MobileCatalogue;
  return {
    contract: contract.id,
    activities: catalogue.activities,
    functions: catalogue.functions.map((f) => f.id),
    occurrences: catalogue.occurrences.map((o) => o.id),
  };
}

interface RunResult {
  shape: Shape;
  clients: number;
  batches: number;
  observations: number;
  seconds: number;
  observationsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  rejected: number;
}

/** `clients` phones, each sending one batch after another for SECONDS. */
async function run(
  base: string,
  token: string,
  chosen: Pickers,
  clients: number,
  shape: Shape = 'walks',
): Promise<RunResult> {
  const latencies: number[] = [];
  let observations = 0;
  let errors = 0;
  let rejected = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const body = JSON.stringify({ reports: batchRows(chosen, shape, BATCH) });
      const sent = performance.now();
      const response = await fetch(`${base}/api/mobile/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body,
      });
      const answer = (await response.json()) as { accepted?: string[]; rejected?: unknown[] };
      latencies.push(performance.now() - sent);
      if (response.status !== 200) errors += 1;
      observations += answer.accepted?.length ?? 0;
      rejected += answer.rejected?.length ?? 0;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - started) / 1000;
  return {
    shape,
    clients,
    batches: latencies.length,
    observations,
    seconds,
    observationsPerSecond: Math.round(observations / seconds),
    p50: Math.round(median(latencies)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    rejected,
  };
}

/**
 * The same rows as the API stores, in the generator's column order (demo/reports/generate.ts),
 * the site clock computed as the generator computes it (tested against PostgreSQL's).
 */
function* copyRowsOf(count: number, chosen: Pickers, userId: number, shape: Shape): Generator<unknown[]> {
  const receivedAt = new Date().toISOString();
  let batch: ReturnType<typeof batchRows> = [];
  for (let i = 0; i < count; i += 1) {
    if (i % BATCH === 0) batch = batchRows(chosen, shape, BATCH);
    const row = batch[i % BATCH]!;
    const { localDate, localMinute, localWeekday } = siteClock(Date.parse(row.reportTime), SITE_TIME_ZONE);
    const values: Record<(typeof ACTIVITY_COLUMNS)[number], unknown> = {
      id: row.id,
      contract_id: row.contract,
      report_time: row.reportTime,
      local_date: localDate,
      local_minute: localMinute,
      local_weekday: localWeekday,
      user_id: userId,
      received_at: receivedAt,
      package_id: row.package,
      local_id: row.local,
      activity_id: row.activity,
      function_id: row.function,
      occurrence_id: row.occurrence,
      quantity: row.quantity,
      notes: row.notes,
      report_info: row.reportInfo,
      is_scheduled: row.isScheduled,
    };
    yield ACTIVITY_COLUMNS.map((column) => values[column]);
  }
}

interface Copied {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/**
 * COPY of `count` rows (the server is stopped): into activity_reports, and into a bare copy of
 * it, its columns and indexes without a trigger, a foreign key or a check (dropped after): the
 * floor a batch's work is measured against.
 */
async function copyBaselines(
  count: number,
  chosen: Pickers,
  shape: Shape,
): Promise<{ shape: Shape; copy: Copied; bare: Copied }> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, databaseReadUrl: null, dataDir });
  try {
    const [reporter] = await selectRows<{ id: number }>(db.orm, sql`select id from users where email = ${REPORTER}`);
    const rows = [...copyRowsOf(count, chosen, reporter!.id, shape)];
    const timedCopy = async (table: string): Promise<Copied> => {
      const started = performance.now();
      const copied = await copyRows(db, table, ACTIVITY_COLUMNS, rows);
      const seconds = (performance.now() - started) / 1000;
      return { rows: copied, seconds, rowsPerSecond: Math.round(copied / seconds) };
    };
    await db.orm.execute(
      sql`create table bench_bare_reports (like activity_reports including defaults including indexes)`,
    );
    try {
      const bare = await timedCopy('bench_bare_reports');
      return { shape, copy: await timedCopy('activity_reports'), bare };
    } finally {
      await db.orm.execute(sql`drop table bench_bare_reports`);
    }
  } finally {
    await db.close();
  }
}

let server: ChildProcess | undefined;
try {
  console.log(`ingestion on ${where}: preparing the database…`);
  await prepareDatabase();
  const port = await freePort();
  server = await startServer({
    dataDir,
    databaseUrl: DATABASE_URL,
    port,
    logLevel: LOG_LEVEL,
    nodeArguments: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [],
  });
  const base = `http://127.0.0.1:${port}`;
  const token = await mobileSignIn(base);
  const chosen = await pickers(base, token);
  // One short run first: JIT, prepared statements and the pool warm up.
  await run(base, token, chosen, 2).catch(() => undefined);
  const runs: RunResult[] = [];
  for (const clients of CLIENTS) runs.push(await run(base, token, chosen, clients, 'walks'));
  runs.push(await run(base, token, chosen, CLIENTS[0]!, 'uniform'));
  // Ingestion while people read the same contract's dashboards: each side alone, then together.
  const together = CLIENTS[0]!;
  const reading = await whileReading(base, chosen.contract, () => run(base, token, chosen, together), SECONDS);
  await stopServer(server);
  server = undefined;

  const copies: Awaited<ReturnType<typeof copyBaselines>>[] = [];
  for (const shape of SHAPES) {
    const largest = Math.max(...runs.filter((result) => result.shape === shape).map((result) => result.observations));
    copies.push(await copyBaselines(largest, chosen, shape));
  }
  const copyOf = (shape: Shape) => copies.find((copied) => copied.shape === shape)!;
  const best = (shape: Shape) => {
    const { copy, bare } = copyOf(shape);
    const rate = Math.max(
      ...runs.filter((result) => result.shape === shape).map((result) => result.observationsPerSecond),
    );
    return `${shape}: best ${rate} obs/s = ${(rate / copy.rowsPerSecond).toFixed(2)} × COPY (${copy.rows} rows in ${copy.seconds.toFixed(2)} s) = ${(rate / bare.rowsPerSecond).toFixed(2)} × COPY into a bare table (its indexes, no trigger, key or check)`;
  };
  console.log(`
Ingestion on ${where}: batches of ${BATCH} activity observations, ${SECONDS} s per run, loopback HTTP.
Walks: ${CREWS_PER_WALK} crews at each report time, a reporting period apart, one day per batch; uniform: each row its own instant
${table([
  [
    'shape',
    'clients',
    'batches',
    'observations',
    'obs/s',
    'p50 ms/batch',
    'p99 ms/batch',
    'errors',
    'rejected',
    '× COPY',
    '× bare COPY',
  ],
  ...runs.map((result) => {
    const { copy, bare } = copyOf(result.shape);
    return [
      result.shape,
      String(result.clients),
      String(result.batches),
      String(result.observations),
      String(result.observationsPerSecond),
      String(result.p50),
      String(result.p99),
      String(result.errors),
      String(result.rejected),
      (result.observationsPerSecond / copy.rowsPerSecond).toFixed(2),
      (result.observationsPerSecond / bare.rowsPerSecond).toFixed(2),
    ];
  }),
  ...copies.flatMap(({ shape, copy, bare }) => [
    [
      shape,
      'COPY',
      '—',
      String(copy.rows),
      String(copy.rowsPerSecond),
      '—',
      '—',
      '—',
      '—',
      '1.00',
      (copy.rowsPerSecond / bare.rowsPerSecond).toFixed(2),
    ],
    [shape, 'bare COPY', '—', String(bare.rows), String(bare.rowsPerSecond), '—', '—', '—', '—', '—', '1.00'],
  ]),
])}
${SHAPES.map(best).join('\n')}

${whileReadingTable(reading, together, SECONDS)}
`);
  const file = DATABASE_URL ? 'ingestion-postgres.json' : 'ingestion.json';
  writeFileSync(
    path.join(output, file),
    `${JSON.stringify({ date: new Date().toISOString(), database: where, batch: BATCH, crewsPerWalk: CREWS_PER_WALK, seconds: SECONDS, logLevel: LOG_LEVEL, runs, copies, whileReading: reading }, null, 2)}\n`,
  );
  console.log(`written to .bench/${file}`);
  if (PROFILE) console.log(summariseProfile(profiles));
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
