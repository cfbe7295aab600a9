/**
 * Does the embedded database stall the server? (docs/embedded-database.md) The
 * real server on PGlite in a child process, its demo data, then for BENCH_SECONDS (30) four
 * clients export the activity reports of the contract with the most rows (XLSX, or
 * BENCH_FORMAT=csv) one export after another — or, with BENCH_LOAD=ingest, four phones send
 * 1 000-row report batches one after another — while `/api/health` (readiness: the database
 * answers) and `/api/health/live` (no database) are asked every 50 ms. Prints their
 * p50/p99/max, idle and under load, and the exports' or batches'. A benchmark, not a test: it
 * never fails.
 *
 *   node --conditions=canteiro-source --import tsx server/bench/embedded-stall.ts
 *
 * BENCH_DATA_DIR: a PGlite folder to use (and keep); by default a new one, seeded by the
 * server itself (SEED_DEMO, ~30–60 s) and removed at the end.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, quantile, signIn, startServer, stopServer, table } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FORMAT = process.env.BENCH_FORMAT ?? 'xlsx';
const LOAD = process.env.BENCH_LOAD === 'ingest' ? 'ingest' : 'export';
const BATCH = 1000;
const EXPORTS = 4;
const SAMPLE_EVERY_MS = 50;

const kept = process.env.BENCH_DATA_DIR?.trim() || null;
const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'canteiro-bench-stall-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer({ dataDir, databaseUrl: null, port, env: { SEED_DEMO: 'true' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const token = await signIn(base);
  const headers = { authorization: `Token ${token}` };
  const json = async <T>(url: string) => (await (await fetch(`${base}${url}`, { headers })).json()) as T;
  const { items } = await json<{ items: { id: number }[] }>('/api/contracts?pageSize=100');
  let contract = { id: 0, rows: -1 };
  for (const { id } of items) {
    const { total } = await json<{ total: number }>(`/api/reports/activity?contract=${id}&pageSize=1`);
    if (total > contract.rows) contract = { id, rows: total };
  }
  const exportUrl = `${base}/api/reports/activity/export?contract=${contract.id}&format=${FORMAT}`;
  const phone = await phoneOf(base);

  /** One sample every SAMPLE_EVERY_MS for `seconds`, each timed on its own. */
  async function sample(url: string, seconds: number): Promise<number[]> {
    const times: number[] = [];
    const asked: Promise<void>[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const started = performance.now();
      asked.push(
        fetch(`${base}${url}`)
          .then((response) => response.arrayBuffer())
          .then(() => {
            times.push(performance.now() - started);
          }),
      );
      await sleep(SAMPLE_EVERY_MS);
    }
    await Promise.all(asked);
    return times;
  }

  const idle = await sample('/api/health', 2);
  let exporting = true;
  const exportTimes: number[] = [];
  const exporter = async () => {
    while (exporting) {
      const started = performance.now();
      const response =
        LOAD === 'export'
          ? await fetch(exportUrl, { headers })
          : await fetch(`${base}/api/mobile/reports`, {
              method: 'POST',
              headers: { authorization: `Token ${phone.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ reports: Array.from({ length: BATCH }, phone.row) }),
            });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`bench: ${LOAD} answered ${response.status}`);
      exportTimes.push(performance.now() - started);
    }
  };
  const exporters = Array.from({ length: EXPORTS }, exporter);
  await sleep(500);
  const [health, live] = await Promise.all([sample('/api/health', SECONDS), sample('/api/health/live', SECONDS)]);
  exporting = false;
  await Promise.all(exporters);

  const row = (name: string, times: number[]) => [
    name,
    String(times.length),
    ...[0.5, 0.99, 1].map((q) => `${quantile(times, q).toFixed(0)} ms`),
  ];
  console.log(
    LOAD === 'export'
      ? `\n${EXPORTS} ${FORMAT} exports of contract ${contract.id} (${contract.rows} activity rows) for ${SECONDS} s\n`
      : `\n${EXPORTS} phones sending ${BATCH}-row batches for ${SECONDS} s: ${((exportTimes.length * BATCH) / SECONDS).toFixed(0)} obs/s\n`,
  );
  console.log(
    table([
      ['', 'samples', 'p50', 'p99', 'max'],
      row('/api/health, idle', idle),
      row(`/api/health, under the ${LOAD}`, health),
      row(`/api/health/live, under the ${LOAD}`, live),
      row(LOAD === 'export' ? 'one export' : 'one batch', exportTimes),
    ]),
  );
} finally {
  await stopServer(server);
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}

/** The demo reporter's mobile session and a valid activity row of its first contract (random ids and times). */
async function phoneOf(base: string) {
  const login = await fetch(`${base}/api/mobile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'reporter@canteiro.test', password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Token ${token}` };
  const [contract] = (await (await fetch(`${base}/api/mobile/contracts`, { headers })).json()) as { id: number }[];
  const catalogue = (await (
    await fetch(`${base}/api/mobile/catalogue?contract=${contract!.id}`, { headers })
  ).json()) as {
    activities: { id: number; package: number; local: number }[];
    functions: { id: number }[];
    occurrences: { id: number }[];
  };
  const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;
  const row = () => {
    const activity = pick(catalogue.activities);
    return {
      id: randomUUID(),
      kind: 'activity',
      contract: contract!.id,
      reportTime: new Date(Date.now() - Math.floor(Math.random() * 84 * 86_400_000)).toISOString(),
      package: activity.package,
      local: activity.local,
      activity: activity.id,
      function: pick(catalogue.functions).id,
      occurrence: pick(catalogue.occurrences).id,
      quantity: 1 + Math.floor(Math.random() * 8),
      notes: null,
      reportInfo: null,
      isScheduled: true,
    };
  };
  return { token, row };
}
