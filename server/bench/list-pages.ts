/**
 * What one page of a list costs, as a ratio to two floors on the same server in the same run,
 * with 100 000 users and 100 000 activities over 1 000 contracts: /api/health (PostgreSQL: one
 * `select 1`; PGlite: a round trip to its worker, no statement) and /api/authentication/me (a
 * signed-in request: the session's one prepared statement, the floor of every list's request).
 *
 *   node --conditions=canteiro-source --import tsx server/bench/list-pages.ts
 *
 * Builds a fresh PGlite (or BENCH_DATABASE_URL, whose schema is DROPPED and rebuilt) with
 * the demo data, BENCH_USERS users and BENCH_CONTRACTS more contracts holding a consistent
 * catalogue chain each (discipline → areas → locals → blocks → packages → activities,
 * BENCH_ACTIVITIES in all), then starts the real server in a child process and loads it
 * with autocannon over loopback, asking as a browser does (its Accept-Encoding): each target
 * for BENCH_SECONDS, in BENCH_ROUNDS rounds, the two floors first in every round so each list
 * has its own ratios to them. The load
 * generator shares the machine's cores with the server. Writes .bench/list-pages*.json.
 *
 * BENCH_ONLY=health,bases measures only those targets; BENCH_LOG_LEVEL sets the server's.
 * BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the activity page (search, page 1) as an admin,
 * the very SQL listPage runs (crud/reads.ts pageQuery), before the load.
 * BENCH_PROFILE=1 also writes a CPU profile of the server (.bench/profiles/) and prints
 * where its time went (bench/profile-summary.ts). A benchmark, not a test: it never fails.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateFromScratch, openDatabase, selectRows } from '../src/db/connection.js';
import type { Orm } from '../src/db/connection.js';
import { insertDemoData } from '../src/demo/seed.js';
import { passwordHashing } from '../src/authentication/passwords.js';
import type { LoadResult } from './support.js';
import { freePort, load, median, repository, signIn, startServer, stopServer, table } from './support.js';
import { summariseProfile } from './profile-summary.js';
import { activitiesResource } from '../src/resources/activities.js';
import { parseListQuery } from '../src/crud/list-query.js';
import { listConditions, pageQuery } from '../src/crud/reads.js';
import type { Caller } from '../src/scope.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 1000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** The server's LOG_LEVEL (warn: no line per request; info writes two per request). */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
/** Only these targets (comma-separated names), e.g. `health,bases`. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

/** Per bench contract: 2 towers × 5 floors, one block and one package per floor. */
const TOWERS = ['A', 'B'];
const FLOORS = 5;
const PACKAGES = ['Alvenaria de vedação', 'Formas', 'Armação', 'Instalações elétricas', 'Revestimento'];
const ACTIVITY_NAMES = ['Marcação', 'Elevação', 'Fixação', 'Montagem', 'Concretagem', 'Conferência', 'Chapisco'];
const SEARCH_TERMS = ['elev', 'mont', 'conc', 'fix'];

/** BENCH_CONTRACTS contracts under the demo works, each with its catalogue chain and activities. */
async function insertActivities(orm: Orm): Promise<number> {
  const [first] = await selectRows<{ id: number }>(orm, sql`select coalesce(max(id), 0)::int as id from contracts`);
  const after = first?.id ?? 0;
  await orm.execute(sql`
    insert into contracts (name, description, base_id, work_id, reporting_goal, reporting_period)
    select 'Contrato de bancada ' || n, 'Contrato gerado pelo benchmark', w.base_id, w.id, 8, 30
    from generate_series(1, ${CONTRACTS}) as n
    join (select id, base_id, row_number() over (order by id) - 1 as position from works) w
      on w.position = n % (select count(*) from works)`);
  const benchContracts = sql`(select id from contracts where id > ${after})`;
  await orm.execute(sql`
    insert into disciplines (name, contract_id) select 'Estrutura', id from ${benchContracts} as c`);
  await orm.execute(sql`
    insert into areas (name, contract_id, discipline_id)
    select 'Torre ' || tower, d.contract_id, d.id
    from disciplines d, unnest(${sql.raw(`array['${TOWERS.join("','")}']`)}) as tower
    where d.contract_id > ${after}`);
  await orm.execute(sql`
    insert into locals (name, contract_id, area_id)
    select a.name || ' – ' || floor || 'º pavimento', a.contract_id, a.id
    from areas a, generate_series(1, ${FLOORS}) as floor where a.contract_id > ${after}`);
  await orm.execute(sql`
    insert into blocks (name, contract_id, local_id)
    select 'Pavimento tipo – ' || l.name, l.contract_id, l.id from locals l where l.contract_id > ${after}`);
  await orm.execute(sql`
    insert into packages (name, contract_id, block_id)
    select (${sql.raw(`array['${PACKAGES.join("','")}']`)})[1 + (b.id % ${PACKAGES.length})], b.contract_id, b.id
    from blocks b where b.contract_id > ${after}`);
  const perPackage = Math.max(1, Math.round(ACTIVITIES / (CONTRACTS * TOWERS.length * FLOORS)));
  await orm.execute(sql`
    insert into activities (name, contract_id, area_id, local_id, block_id, package_id, measure_unit, hh_count,
                            quantity, start_date, end_date, is_finished)
    select (${sql.raw(`array['${ACTIVITY_NAMES.join("','")}']`)})[1 + (p.id + n) % ${ACTIVITY_NAMES.length}]
             || ' ' || p.name || ' ' || n,
           p.contract_id, l.area_id, b.local_id, p.block_id, p.id, 'm²', 40 + (p.id * 7 + n) % 200,
           50 + (p.id * 13 + n) % 400, current_date - 60 + n % 30, current_date - 30 + (p.id + n) % 60,
           n % 20 < 11
    from packages p
    join blocks b on b.id = p.block_id
    join locals l on l.id = b.local_id
    cross join generate_series(1, ${perPackage}) as n
    where p.contract_id > ${after}`);
  await orm.execute(sql`analyze`);
  const [counted] = await selectRows<{ total: number }>(orm, sql`select count(*)::int as total from activities`);
  return counted?.total ?? 0;
}

async function insertUsers(orm: Orm): Promise<void> {
  const hash = await passwordHashing.hash('bench-password');
  await orm.execute(sql`
    insert into users (first_name, email, username, password_hash, profile, base_id, work_id, contract_id, is_active)
    select 'Pessoa ' || n, 'pessoa' || n || '@bench.test', 'bench' || n, ${hash},
           (array['reporter', 'reporter', 'reporter', 'contract', 'work'])[1 + n % 5],
           c.base_id, c.work_id, c.id, n % 50 <> 0
    from generate_series(1, ${USERS}) as n
    join contracts c on c.id = 1 + n % (select count(*) from contracts)`);
  // What autovacuum does after a bulk insert (PostgreSQL 13+; PGlite's start does it): the
  // visibility map, which lets a list page be read from its index alone (migration 0024).
  await orm.execute(sql`vacuum analyze users`);
}

async function buildDatabase(dataDir: string): Promise<{ seconds: number; activities: number; contract: number }> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, databaseReadUrl: null, dataDir });
  try {
    await migrateFromScratch(db);
    await insertDemoData(db.orm);
    const started = performance.now();
    const activities = await insertActivities(db.orm);
    await insertUsers(db.orm);
    // The busiest bench contract: the activity list is measured on it.
    const [busiest] = await selectRows<{ id: number }>(
      db.orm,
      sql`select contract_id as id from activities group by contract_id order by count(*) desc, contract_id desc limit 1`,
    );
    return { seconds: (performance.now() - started) / 1000, activities, contract: busiest?.id ?? 1 };
  } finally {
    await db.close();
  }
}

/** EXPLAIN ANALYZE of the activity page as listPage builds it, twice (the second with a warm cache). */
async function explainActivityPage(dataDir: string, contract: number): Promise<string> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL, databaseReadUrl: null, dataDir });
  try {
    const model = activitiesResource('America/Sao_Paulo').read;
    const query = parseListQuery(model, { contract: String(contract), search: SEARCH_TERMS[0] });
    const admin = { id: 1, profile: 'admin', baseId: null, workId: null, contractId: null } as unknown as Caller;
    const page = pageQuery(model, { where: listConditions(model, admin, query), query, limit: 20, offset: 0 });
    const explain = sql`explain (analyze, costs off) ${page}`;
    await selectRows(db.orm, explain);
    const rows = await selectRows<Record<string, string>>(db.orm, explain);
    return rows.map((row) => Object.values(row)[0]).join('\n');
  } finally {
    await db.close();
  }
}

interface Target {
  name: string;
  /** Who asks: admin unless said. */
  as?: string;
  paths: () => string;
}

let call = 0;
const next = () => (call += 1);
const targets = (contract: number, activities: boolean): Target[] => [
  { name: 'health', paths: () => '/api/health' },
  { name: 'me', as: 'base@canteiro.test', paths: () => '/api/authentication/me' },
  { name: 'bases', paths: () => '/api/bases' },
  { name: 'contracts', as: 'base@canteiro.test', paths: () => `/api/contracts?page=${1 + (next() % 3)}&pageSize=20` },
  { name: 'users', as: 'base@canteiro.test', paths: () => `/api/users?page=${1 + (next() % 50)}&pageSize=20` },
  {
    name: 'users-search',
    as: 'base@canteiro.test',
    paths: () => `/api/users?search=pessoa${1 + (next() % 9)}&page=${1 + (next() % 5)}&pageSize=20`,
  },
  ...(activities
    ? [
        {
          name: 'activities',
          paths: () => {
            const term = SEARCH_TERMS[next() % SEARCH_TERMS.length]!;
            return `/api/activities?contract=${contract}&search=${term}&page=${1 + (next() % 2)}&pageSize=20`;
          },
        },
      ]
    : []),
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-bench-lists-'));
const output = path.join(repository, '.bench');
let server: ChildProcess | undefined;
try {
  const where = DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite';
  console.log(`building ${where}: ${USERS} users, ${CONTRACTS} contracts with ${ACTIVITIES} activities …`);
  const built = await buildDatabase(dataDir);
  console.log(`inserted in ${built.seconds.toFixed(1)} s (${built.activities} activities)`);
  if (EXPLAIN)
    console.log(`activity page, contract ${built.contract}:\n${await explainActivityPage(dataDir, built.contract)}`);
  const port = await freePort();
  const profiles = path.join(output, 'profiles');
  rmSync(profiles, { recursive: true, force: true });
  mkdirSync(profiles, { recursive: true });
  server = await startServer({
    dataDir,
    databaseUrl: DATABASE_URL,
    port,
    logLevel: LOG_LEVEL,
    nodeArguments: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [],
  });
  const base = `http://127.0.0.1:${port}`;
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, await signIn(base, email));
    return tokens.get(email)!;
  };
  const probe = await fetch(`${base}/api/activities?contract=${built.contract}`, {
    headers: { authorization: `Token ${await tokenOf('admin@canteiro.test')}` },
  });
  const chosen = targets(built.contract, probe.ok).filter((target) => !ONLY || ONLY.includes(target.name));
  if (!probe.ok) console.log(`/api/activities answers ${probe.status}: the activity list is not measured`);

  const runs = new Map<string, LoadResult[]>(chosen.map((target) => [target.name, []]));
  const ratios = new Map<string, number[]>(chosen.map((target) => [target.name, []]));
  const ratiosToMe = new Map<string, number[]>(chosen.map((target) => [target.name, []]));
  for (const target of chosen) {
    // Warm-up: the first requests compile the routes' code and fill the caches.
    await load(
      base,
      target.name === 'health' ? null : await tokenOf(target.as ?? 'admin@canteiro.test'),
      target.paths,
      {
        seconds: 1,
        connections: CONNECTIONS,
      },
    );
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    let health = 0;
    let me = 0;
    for (const target of chosen) {
      const token = target.name === 'health' ? null : await tokenOf(target.as ?? 'admin@canteiro.test');
      const result = await load(base, token, target.paths, { seconds: SECONDS, connections: CONNECTIONS });
      if (target.name === 'health') health = result.requestsPerSecond;
      runs.get(target.name)!.push(result);
      if (target.name === 'me') me = result.requestsPerSecond;
      if (health) ratios.get(target.name)!.push(result.requestsPerSecond / health);
      if (me) ratiosToMe.get(target.name)!.push(result.requestsPerSecond / me);
      console.log(
        `round ${round + 1} ${target.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.errors} errors`,
      );
    }
  }
  await stopServer(server);
  server = undefined;

  const spread = (values: number[], digits = 0) =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  const summary = chosen.map((target) => {
    const results = runs.get(target.name)!;
    return {
      target: target.name,
      path: target.paths(),
      as: target.name === 'health' ? 'nobody' : (target.as ?? 'admin@canteiro.test'),
      requestsPerSecond: results.map((result) => result.requestsPerSecond),
      p50: results.map((result) => result.p50),
      p99: results.map((result) => result.p99),
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      ratioToHealth: ratios.get(target.name)!,
      ratioToMe: ratiosToMe.get(target.name)!,
    };
  });
  console.log(`
Per-request cost on ${where}: ${built.activities} activities, ${USERS} users, ${CONNECTIONS} connections, log level ${LOG_LEVEL},
${ROUNDS} rounds of ${SECONDS} s (median, min–max over the rounds)
${table([
  ['target', 'as', 'req/s', 'p50 ms', 'p99 ms', '× health', '× me', 'errors'],
  ...summary.map((row) => [
    `${row.target} (${row.path.replace(/\?.*/, '?…')})`,
    row.as.replace('@canteiro.test', ''),
    spread(row.requestsPerSecond),
    spread(row.p50),
    spread(row.p99),
    spread(row.ratioToHealth, 2),
    row.ratioToMe.length ? spread(row.ratioToMe, 2) : '—',
    String(row.errors),
  ]),
])}
`);
  const file = DATABASE_URL ? 'list-pages-postgres.json' : 'list-pages.json';
  writeFileSync(
    path.join(output, file),
    `${JSON.stringify({ date: new Date().toISOString(), database: where, users: USERS, activities: built.activities, connections: CONNECTIONS, seconds: SECONDS, logLevel: LOG_LEVEL, summary }, null, 2)}\n`,
  );
  console.log(`written to .bench/${file}`);
  if (PROFILE) console.log(summariseProfile(profiles));
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
