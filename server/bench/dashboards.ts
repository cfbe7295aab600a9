/**
 * The dashboards at scale (docs/dashboards.md, docs/benchmarks.md): each of the five, in
 * process (the handler's work without HTTP: the contract and version lookup, the SQL, the
 * JSON), on the default view (the last four weeks that have data, no dimension filter) and a
 * filtered three-month view, p50/p95 of `RUNS` runs; beside it the bare SQL: the very
 * statements the dashboard sent (recorded from the driver), replayed on the driver itself (a
 * plain pg pool, or the PGlite worker's client without drizzle) the same way (the lookup, then the
 * rest in parallel); the repeated view served by the kept answers (cache.ts); and the size of
 * the JSON the screen first gets (project health's long ranks by their ends) beside the whole.
 *
 * PostgreSQL, a database filled by `pnpm db:scale` (never rebuilt here; pending migrations
 * are applied, as the server does at start):
 *   BENCH_DATABASE_URL=postgres://…/canteiro_scale [BENCH_CONTRACT=10] \
 *     node --conditions=canteiro-source --import tsx bench/dashboards.ts
 * PGlite, a data directory; built by `src/cli/scale.ts` (BENCH_SCALE_ROWS activity rows, the
 * main contract BENCH_SCALE_CONTRACT_ROWS of them) when it holds no data yet:
 *   BENCH_DATA_DIR=/path/to/pglite node --conditions=canteiro-source --import tsx bench/dashboards.ts
 * Without BENCH_CONTRACT the main contract of the scale command is measured.
 */
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import type { DashboardName } from '@canteiro/shared/domain';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../src/db/connection.js';
import { PgliteClient } from '../src/db/pglite.js';
import { DashboardCache } from '../src/dashboards/cache.js';
import { dashboardContext } from '../src/dashboards/context.js';
import type { DashboardContext } from '../src/dashboards/context.js';
import type { Caller } from '../src/scope.js';
import { quantile, serverFolder, signIn, startServer, stopServer, table } from './support.js';
import { DASHBOARDS, dashboardAnswer } from '../src/dashboards/registry.js';
import { seededRandom } from '../src/demo/catalogue.js';

const url = process.env.BENCH_DATABASE_URL || null;
const dataDir = process.env.BENCH_DATA_DIR || null;
if (!url && !dataDir)
  throw new Error('BENCH_DATABASE_URL (PostgreSQL with scale data) or BENCH_DATA_DIR (PGlite) is required');
const RUNS = Number(process.env.RUNS ?? 15);
/** The load run (PostgreSQL only): seconds and clients at once; 0 seconds skips it. */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const LOAD_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 10);
const TIME_ZONE = 'America/Sao_Paulo';

const caller = {
  id: 0,
  profile: 'admin',
  baseId: null,
  workId: null,
  contractId: null,
  firstAccess: false,
  channel: 'web',
} as const satisfies Caller;

/** A statement the dashboard sent, and how to send it again without drizzle. */
interface Statement {
  text: string;
  values: unknown[];
  replay: () => Promise<unknown>;
}
let recording: Statement[] | null = null;

// Record from the drivers themselves. node-postgres: every client's query (the server's pool
// binds it at connect, so this must come before the database is opened); the replay goes to a
// plain pool. PGlite: the client drizzle sends to (one message to the database's worker each),
// replayed on the same client.
const bare = url ? new pg.Pool({ connectionString: url, max: 10 }) : null;
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (recording) {
    const text = typeof config === 'string' ? config : config.text;
    const bound = (typeof config === 'string' ? undefined : config.values) ?? values ?? [];
    recording.push({ text, values: bound, replay: () => bare!.query(text, bound) });
  }
  return pgQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
const pgliteQuery = PgliteClient.prototype.query;
PgliteClient.prototype.query = function (this: PgliteClient, text: string, params?: unknown[], options?: object) {
  if (recording) recording.push({ text, values: params ?? [], replay: () => pgliteQuery.call(this, text, params) });
  return pgliteQuery.call(this, text, params, options);
} as typeof PgliteClient.prototype.query;

if (dataDir && !url && !existsSync(path.join(dataDir, 'PG_VERSION'))) buildPglite(dataDir);

const db = await openDatabase({ databaseUrl: url, databaseReadUrl: null, dataDir: dataDir ?? '' });
const started = performance.now();
await db.migrate();
const migrated = performance.now() - started;
if (migrated > 2000) console.log(`(pending migrations applied in ${(migrated / 1000).toFixed(1)} s)`);

const [main] = await selectRows<{ id: number; rows: number }>(
  db.orm,
  process.env.BENCH_CONTRACT
    ? sql`select ${Number(process.env.BENCH_CONTRACT)}::int as id, 0 as rows`
    : sql`select c.id, coalesce((select sum(registers) from activity_daily_classes d where d.contract_id = c.id), 0)::int as rows
        from contracts c where c.name like 'Contrato de escala principal%' order by c.id limit 1`,
);
if (!main) throw new Error('no scale contract: fill the database with pnpm db:scale, or set BENCH_CONTRACT');
const contract = main.id;
const [span] = await selectRows<{ last: string | null; rows: number }>(
  db.orm,
  sql`select to_char(max(local_date), 'YYYY-MM-DD') as last, coalesce(sum(registers), 0)::int as rows
    from activity_daily_classes where contract_id = ${contract}`,
);
if (!span?.last) throw new Error(`contract ${contract} has no activity rows`);
const last = span.last;
const day = (offset: number) =>
  new Date(Date.parse(`${last}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const [fn] = await selectRows<{ id: number }>(
  db.orm,
  sql`select id from functions where contract_id = ${contract} order by id limit 1`,
);
const VIEWS = {
  'default (4 weeks)': { contract: String(contract), from: day(-27), to: last },
  '3 months, 1 function, 07:00–11:59, Mon–Fri': {
    contract: String(contract),
    from: day(-90),
    to: last,
    function: String(fn!.id),
    fromTime: '07:00',
    toTime: '11:59',
    weekdays: '1-5',
  },
};

const ms = (value: number) => `${value.toFixed(0)} ms`;
const p50p95 = (times: number[]) => [ms(quantile(times, 0.5)), ms(quantile(times, 0.95))];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const kind = url ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nDashboards, ${kind}: contract ${contract} (${span.rows.toLocaleString('en-US')} activity rows, up to ${last}), ` +
    `${RUNS} runs each after a warm-up; load average ${load()}`,
);
const rows: string[][] = [
  ['view', 'dashboard', 'p50', 'p95', 'bare p50', 'bare p95', 'ratio p50', 'repeated p95', 'answer (whole)'],
];
/** The JSON the screen first gets (registry.ts `shown`, e.g. ranks by their ends), and the whole answer's. */
const sizes = (name: DashboardName, answer: unknown) => {
  const shown = DASHBOARDS[name].shown;
  const kb = (value: unknown) => `${(JSON.stringify(value).length / 1024).toFixed(0)} KB`;
  return shown ? `${kb(shown.answer(answer as never, null))} (${kb(answer)})` : kb(answer);
};
for (const [view, filters] of Object.entries(VIEWS)) {
  for (const name of DASHBOARD_NAMES) {
    const answer = (context: DashboardContext) => dashboardAnswer(name, context);
    const endpoint = await timed(async () => answer(await dashboardContext(db.orm, caller, filters, TIME_ZONE)));
    recording = [];
    const size = sizes(name, await answer(await dashboardContext(db.orm, caller, filters, TIME_ZONE)));
    const [lookup, ...rest] = recording as Statement[];
    recording = null;
    // PGlite runs one statement at a time whatever is sent: the replay keeps the same order.
    const replay = await timed(async () => {
      await lookup!.replay();
      await Promise.all(rest.map((statement) => statement.replay()));
    });
    const cache = new DashboardCache();
    const kept = await timed(async () => {
      const context = await dashboardContext(db.orm, caller, filters, TIME_ZONE);
      return cache.answer(name, context, () => answer(context));
    });
    rows.push([
      view,
      name,
      ms(quantile(endpoint, 0.5)),
      ms(quantile(endpoint, 0.95)),
      ms(quantile(replay, 0.5)),
      ms(quantile(replay, 0.95)),
      (quantile(endpoint, 0.5) / quantile(replay, 0.5)).toFixed(2),
      ms(quantile(kept, 0.95)),
      size,
    ]);
  }
}
console.log(table(rows));
console.log(`load average at the end: ${load()}`);
if (bare && LOAD_SECONDS > 0) await underLoad();
await bare?.end();
await db.close();

/**
 * Ten people at once (PostgreSQL): LOAD_CLIENTS clients ask the real server, through HTTP with
 * compression, for views of the five dashboards picked at random (a seeded sequence of distinct
 * views: a range of 7–90 days ending on the last day, half with a function, some with a time
 * window or weekdays) for LOAD_SECONDS; then the statements of the same views (recorded in
 * process) are replayed bare, as many at once, for the floor, then one view at a time; last, the
 * three sets of times by dashboard and time window.
 */
async function underLoad(): Promise<void> {
  const functionIds = (
    await selectRows<{ id: number }>(db.orm, sql`select id from functions where contract_id = ${contract} order by id`)
  ).map((row) => row.id);
  const random = seededRandom(22);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  // Every view once: no answer is kept for a view asked again, so both sides compute each.
  const seen = new Set<string>();
  const views: { name: DashboardName; filters: Record<string, string> }[] = [];
  while (views.length < 3000) {
    const name = pick(DASHBOARD_NAMES);
    const filters: Record<string, string> = {
      contract: String(contract),
      from: day(-(6 + Math.floor(random() * 84))),
      to: last,
    };
    if (DASHBOARDS[name].kind === 'activity' && random() < 0.5) filters.function = String(pick(functionIds));
    if (random() < 0.3) Object.assign(filters, { fromTime: '07:00', toTime: '11:59' });
    if (random() < 0.3) filters.weekdays = '1-5';
    const key = `${name}?${new URLSearchParams(filters)}`;
    if (!seen.has(key)) views.push({ name, filters });
    seen.add(key);
  }
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = await startServer({ dataDir: '', databaseUrl: url, port, env: { SEED_DEMO: 'false' } });
  const base = `http://127.0.0.1:${port}`;
  let served = 0;
  /** Each view's time, by its place in `views`. */
  const times: number[] = [];
  let failed = 0;
  let elapsed = 0;
  try {
    const token = await signIn(base);
    const start = performance.now();
    const deadline = start + LOAD_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: LOAD_CLIENTS }, async () => {
        while (performance.now() < deadline && served < views.length) {
          const index = served++;
          const view = views[index]!;
          const started = performance.now();
          const response = await fetch(`${base}/api/dashboards/${view.name}?${new URLSearchParams(view.filters)}`, {
            headers: { authorization: `Token ${token}`, 'accept-encoding': 'br, gzip' },
          });
          await response.arrayBuffer();
          if (!response.ok) failed += 1;
          times[index] = performance.now() - started;
        }
      }),
    );
    elapsed = (performance.now() - start) / 1000;
  } finally {
    await stopServer(server);
  }
  // The floor: the same views' statements, recorded in process, replayed bare as many at once.
  const recorded: Statement[][] = [];
  for (const view of views.slice(0, served)) {
    recording = [];
    await dashboardAnswer(view.name, await dashboardContext(db.orm, caller, view.filters, TIME_ZONE));
    recorded.push(recording);
    recording = null;
  }
  const replay = async (statements: Statement[]) => {
    const [lookup, ...rest] = statements;
    const started = performance.now();
    await lookup!.replay();
    await Promise.all(rest.map((statement) => statement.replay()));
    return performance.now() - started;
  };
  let next = 0;
  const bareTimes: number[] = [];
  const bareStarted = performance.now();
  await Promise.all(
    Array.from({ length: LOAD_CLIENTS }, async () => {
      while (next < recorded.length) {
        const index = next++;
        bareTimes[index] = await replay(recorded[index]!);
      }
    }),
  );
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  // What each view costs with nobody else asking: the same statements, one view at a time.
  const aloneTimes: number[] = [];
  for (const statements of recorded) aloneTimes.push(await replay(statements));
  const rate = served / elapsed;
  const bareRate = recorded.length / bareSeconds;
  console.log(
    `\n${LOAD_CLIENTS} clients at once, random views of the five dashboards, ${LOAD_SECONDS} s through HTTP (br):\n` +
      table([
        ['', 'views', 'views/s', 'p50', 'p95', 'errors'],
        ['through HTTP', String(served), rate.toFixed(1), ...p50p95(times), String(failed)],
        ['bare SQL', String(recorded.length), bareRate.toFixed(1), ...p50p95(bareTimes), '—'],
      ]) +
      `\nthrough HTTP / bare: ${(rate / bareRate).toFixed(2)}×`,
  );
  // Which views make the tail: by dashboard, with and without a time-of-day window. Only the
  // hourly rollup keeps hours, and only by function and occurrence (rollups.ts): a window's
  // places, machines and (time, local) pairs are read from the rows.
  const kinds = new Map<string, number[]>();
  recorded.forEach((_, index) => {
    const view = views[index]!;
    const kind = `${view.name}${view.filters.fromTime ? ', time window' : ''}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), index]);
  });
  const spread = (indexes: number[]) => [
    ...[times, bareTimes, aloneTimes].map((source) => p50p95(indexes.map((index) => source[index]!)).join(' / ')),
    `${(indexes.reduce((sum, index) => sum + aloneTimes[index]!, 0) / 1000).toFixed(1)} s`,
  ];
  console.log(
    `\nBy view (p50 / p95): through HTTP and bare SQL with ${LOAD_CLIENTS} at once, bare SQL alone (one view at a time):\n` +
      table([
        ['views', 'count', 'through HTTP', 'bare SQL', 'bare SQL alone', 'alone, in all'],
        ...[...kinds]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([kind, indexes]) => [kind, String(indexes.length), ...spread(indexes)]),
        ['all', String(recorded.length), ...spread(recorded.map((_, index) => index))],
      ]),
  );
}

/**
 * A PGlite holding the scale data, made by the scale command (src/cli/scale.ts) in a child
 * process: ~1 M activity rows by default, the main contract nearly all of them.
 */
function buildPglite(directory: string): void {
  const total = process.env.BENCH_SCALE_ROWS ?? '1150000';
  const main = process.env.BENCH_SCALE_CONTRACT_ROWS ?? '1000000';
  console.log(`building the PGlite scale data in ${directory} (${total} activity rows, ${main} in one contract)…`);
  const start = performance.now();
  const built = spawnSync(
    process.execPath,
    ['--conditions=canteiro-source', '--import', 'tsx', 'src/cli/scale.ts', '--rows', total, '--contract-rows', main],
    {
      cwd: serverFolder,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: directory },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (built.status !== 0) throw new Error(`the scale command failed (${built.status ?? built.signal})`);
  console.log(`built in ${((performance.now() - start) / 1000).toFixed(0)} s`);
}
