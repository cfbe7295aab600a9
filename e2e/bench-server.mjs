// The server side of `pnpm bench` (bench.mjs): the production server on a fresh embedded
// database with the demo data, an API session, and login throughput (autocannon, loopback only).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Buffer } from 'node:buffer';
import autocannon from 'autocannon';
import { startServer as startProductServer } from './server.mjs';

export const repo = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 8282);
export const BASE = `http://localhost:${PORT}`;
export const LOGIN_SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 10);

/** The production server on `dataDir` (a fresh one by default), seeding the demo data when it is empty. */
export async function startServer({ dataDir = mkdtempSync(join(tmpdir(), 'canteiro-bench-')) } = {}) {
  const server = startProductServer({
    port: PORT,
    dataDir,
    limit: 1_000_000,
    timeoutMs: 30_000,
    label: 'bench server',
  });
  if (await server.ready) return server.child;
  await server.stop();
  throw new Error('bench: the server did not start');
}

/** A bearer token of the demo admin, for the API calls the browser runs need. */
export async function apiToken() {
  const cookieResponse = await fetch(`${BASE}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookieResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${BASE}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@canteiro.test', password: 'demo1234', from_web: true }),
  });
  return (await response.json()).token;
}

/** POST /api/authentication/login (argon2id) for LOGIN_SECONDS on 8 connections. */
export async function loginThroughput() {
  const cookieResponse = await fetch(`${BASE}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookieResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const result = await autocannon({
    url: `${BASE}/api/authentication/login`,
    method: 'POST',
    connections: 8,
    duration: LOGIN_SECONDS,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ email: 'admin@canteiro.test', password: 'demo1234', from_web: true }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

/** One autocannon run of GET `path` with the admin's token, on `connections`, for `seconds`. */
async function timedGets(path, token, { connections = 1, seconds = 5, headers = {} } = {}) {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections,
    duration: seconds,
    headers: { authorization: `Token ${token}`, ...headers },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerAnswer: result.requests.total ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
  };
}

/**
 * A repeated view of project health (the first contract's default range, its answer kept)
 * through HTTP as a browser asks for it (`Accept-Encoding: gzip, deflate, br`), one connection,
 * beside `/api/health` in the same run (docs/benchmarks.md).
 */
export async function repeatedDashboard() {
  const token = await apiToken();
  const contracts = await fetch(`${BASE}/api/contracts?pageSize=1`, { headers: { authorization: `Token ${token}` } });
  const contract = (await contracts.json()).items?.[0]?.id;
  const path = `/api/dashboards/project-health?contract=${contract}`;
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  // The first view computes and keeps the answer; the timed ones are repeats.
  await fetch(`${BASE}${path}`, { headers: { authorization: `Token ${token}`, ...headers } });
  const plain = await (await fetch(`${BASE}${path}`, { headers: { authorization: `Token ${token}` } })).text();
  return {
    health: await timedGets('/api/health', token, { headers }),
    dashboard: await timedGets(path, token, { headers }),
    jsonBytes: Buffer.byteLength(plain),
  };
}

/** The lines of repeatedDashboard's figures in the bench's table. */
export function printRepeatedDashboard(repeated) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const { health, dashboard } = repeated;
  console.log(
    `\nProject health, repeated view through HTTP (Accept-Encoding: gzip, deflate, br; 1 connection, 5 s; JSON ${kb(repeated.jsonBytes)})`,
  );
  for (const [label, row] of [
    ['/api/health (floor)', health],
    ['/api/dashboards/project-health', dashboard],
  ])
    console.log(
      `  ${label.padEnd(32)} ${row.requestsPerSecond.toFixed(0).padStart(6)} requests/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${kb(row.bytesPerAnswer)} on the wire${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`,
    );
  console.log(`  dashboard / health rate: ${(dashboard.requestsPerSecond / health.requestsPerSecond).toFixed(2)}×`);
}
