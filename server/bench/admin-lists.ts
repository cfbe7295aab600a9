/**
 * Admin lists with 100 000 users: list requests per second and p99 (search + page), the
 * time to export them all as CSV and XLSX, and the server's memory while it exports.
 *
 *   node --conditions=canteiro-source --import tsx server/bench/admin-lists.ts
 *
 * Builds a fresh PGlite in a temporary folder (demo data + 100 000 users by SQL), then
 * starts the real server on it in a child process (so its memory is measured alone) and
 * loads it with autocannon over loopback. Prints a table; writes .bench/admin-lists.json.
 * A benchmark, not a test: it never fails on slow figures.
 *
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL instead. That database's schema is
 * DROPPED and rebuilt: point it at a database made for that (e.g. the tests' one).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { migrateFromScratch, openDatabase, selectRows } from '../src/db/connection.js';
import { insertDemoData } from '../src/demo/seed.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import { BROWSER_ENCODINGS } from './support.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Terms a person types in the search box: common names, a surname, part of an e-mail. */
const SEARCH_TERMS = ['mar', 'silva', 'fern', 'ana', 'costa.1', 'beatriz'];
const PAGES = 5;

const serverFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repository = path.resolve(serverFolder, '..');

// prettier-ignore
const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João',
  'Karina', 'Lucas', 'Mariana', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sabrina', 'Tiago', 'Úrsula',
  'Vinícius', 'Wesley', 'Yasmin', 'Beatriz', 'Caio', 'Daniela', 'Fernanda', 'Gustavo', 'Helena', 'Igor', 'Juliana',
  'Larissa', 'Marta', 'Nicolas', 'Priscila', 'Renato', 'Simone', 'Thaís', 'Vitor'];
// prettier-ignore
const SURNAMES = ['silva', 'santos', 'oliveira', 'souza', 'rodrigues', 'ferreira', 'alves', 'pereira', 'lima', 'gomes',
  'costa', 'ribeiro', 'martins', 'carvalho', 'almeida', 'lopes', 'soares', 'fernandes', 'vieira', 'barbosa'];

const literalArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`);
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A data folder with the demo data and USERS more users spread over the demo contracts. */
async function buildDatabase(dataDir: string): Promise<{ seconds: number }> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, databaseReadUrl: null, dataDir });
  try {
    await migrateFromScratch(db);
    await insertDemoData(db.orm);
    const started = performance.now();
    const hash = await passwordHashing.hash('bench-password');
    await db.orm.execute(sql`
      insert into users (first_name, email, username, password_hash, profile, base_id, work_id, contract_id, is_active)
      select (${literalArray(FIRST_NAMES)})[1 + (n * 7) % ${FIRST_NAMES.length}],
             (${literalArray(FIRST_NAMES.map(slug))})[1 + (n * 7) % ${FIRST_NAMES.length}] || '.' ||
               (${literalArray(SURNAMES)})[1 + (n * 13) % ${SURNAMES.length}] || n || '@bench.test',
             'bench' || n, ${hash},
             (array['reporter', 'reporter', 'reporter', 'contract', 'work'])[1 + n % 5],
             c.base_id, c.work_id, c.id, n % 50 <> 0
      from generate_series(1, ${USERS}) as n
      join contracts c on c.id = 1 + n % (select count(*) from contracts)`);
    await db.orm.execute(sql`analyze users`);
    const plan = await selectRows<{ 'QUERY PLAN': string }>(
      db.orm,
      sql`explain select count(*) from users where search_text like '%mar%'`,
    );
    console.log(`search plan: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' | ')}`);
    return { seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
  }
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--conditions=canteiro-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverFolder,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill();
  throw new Error('bench: the server did not start');
}

/** Resident memory of a process, from /proc (Linux). */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function signIn(base: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@canteiro.test', password: 'demo1234', from_web: true }),
  });
  if (!response.ok) throw new Error(`bench: sign-in failed (${response.status})`);
  return ((await response.json()) as { token: string }).token;
}

async function listLoad(base: string, token: string, paths: () => string, seconds: number) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...BROWSER_ENCODINGS, authorization: `Token ${token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Downloads a whole export while sampling the server's memory. */
async function timedExport(base: string, token: string, format: 'csv' | 'xlsx', pid: number) {
  let peak = residentMb(pid);
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 25);
  const started = performance.now();
  const response = await fetch(`${base}/api/users/export?format=${format}&includeInactive=true`, {
    headers: { authorization: `Token ${token}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, residentMb(pid));
  const rows = format === 'csv' ? body.toString('utf8').split('\r\n').filter(Boolean).length - 1 : null;
  return {
    status: response.status,
    seconds,
    megabytes: body.length / 1024 / 1024,
    rows,
    rssBeforeMb: before,
    rssPeakMb: peak,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-bench-admin-'));
let server: ChildProcess | undefined;
try {
  const where = DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite';
  console.log(`building ${where} with ${USERS} users …`);
  const insert = await buildDatabase(dataDir);
  const port = await freePort();
  server = await startServer(dataDir, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base);

  let call = 0;
  const searchPath = () => {
    call += 1;
    const term = SEARCH_TERMS[call % SEARCH_TERMS.length]!;
    return `/api/users?search=${encodeURIComponent(term)}&page=${1 + (call % PAGES)}&pageSize=20`;
  };
  const plainPath = () => `/api/users?page=${1 + ((call += 1) % 200)}&pageSize=20`;
  // A term never searched before (its total cannot come from memory): `silva17`, `costa4242`…
  const freshPath = () => {
    call += 1;
    const term = `${SEARCH_TERMS[call % SEARCH_TERMS.length]!.replace('.', '')}${call}`;
    return `/api/users?search=${encodeURIComponent(term)}&page=1&pageSize=20`;
  };
  await listLoad(base, token, searchPath, 2); // warm-up
  const search = await listLoad(base, token, searchPath, SECONDS);
  const plain = await listLoad(base, token, plainPath, Math.max(2, Math.round(SECONDS / 2)));
  const fresh = await listLoad(base, token, freshPath, Math.max(2, Math.round(SECONDS / 2)));
  const csv = await timedExport(base, token, 'csv', server.pid!);
  const xlsx = await timedExport(base, token, 'xlsx', server.pid!);

  const results = {
    date: new Date().toISOString(),
    database: where,
    users: USERS,
    insertSeconds: insert.seconds,
    connections: CONNECTIONS,
    search,
    plain,
    fresh,
    csv,
    xlsx,
  };
  const f = (value: number, digits = 1) => value.toFixed(digits);
  const load = (result: typeof search) =>
    `${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`;
  const rows: [string, string][] = [
    [`insert ${USERS} users (SQL, with indexes)`, `${f(insert.seconds)} s`],
    [`GET /api/users?search=…&page=1..${PAGES} (${SECONDS} s)`, load(search)],
    ['GET /api/users?page=1..200 (no search)', load(plain)],
    ['GET /api/users?search=<new term each time>', load(fresh)],
    [
      `export CSV (${csv.rows} rows, ${f(csv.megabytes)} MB)`,
      `${f(csv.seconds, 2)} s, server RSS ${f(csv.rssBeforeMb, 0)} → peak ${f(csv.rssPeakMb, 0)} MB`,
    ],
    [
      `export XLSX (${f(xlsx.megabytes)} MB)`,
      `${f(xlsx.seconds, 2)} s, server RSS ${f(xlsx.rssBeforeMb, 0)} → peak ${f(xlsx.rssPeakMb, 0)} MB`,
    ],
  ];
  const width = Math.max(...rows.map(([measure]) => measure.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  const line = (measure: string, value: string) => `| ${measure.padEnd(width)} | ${value.padEnd(valueWidth)} |`;
  console.log(`
Admin lists, ${USERS} users on ${where} (server: src/main.ts under tsx; ${CONNECTIONS} connections, loopback)
${line('measure', 'value')}
${line('-'.repeat(width), '-'.repeat(valueWidth))}
${rows.map(([measure, value]) => line(measure, value)).join('\n')}
`);
  const output = path.join(repository, '.bench');
  mkdirSync(output, { recursive: true });
  const file = DATABASE_URL ? 'admin-lists-postgres.json' : 'admin-lists.json';
  writeFileSync(path.join(output, file), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`written to .bench/${file}`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
