/**
 * The dashboards at scale (docs/dashboards.md): each of the five, in process (the handler's
 * work without HTTP: the contract and version lookup, the SQL, the JSON), on the default view
 * (the last four weeks that have data, no dimension filter) and a filtered three-month view,
 * p50/p95 of `RUNS` runs; beside it the bare SQL: the very statements the dashboard sent
 * (recorded from the driver), replayed on a plain pg pool the same way (the lookup, then the
 * rest in parallel); and the repeated view served by the kept answers (cache.ts).
 *
 *   BENCH_DATABASE_URL=postgres://…/canteiro_scale BENCH_CONTRACT=10 \
 *     node --conditions=canteiro-source --import tsx bench/dashboards.ts
 */
import pg from 'pg';
import { openDatabase } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { sql } from 'drizzle-orm';
import { DashboardCache } from '../src/dashboards/cache.js';
import { dashboardContext } from '../src/dashboards/context.js';
import type { DashboardContext } from '../src/dashboards/context.js';
import { byFunction } from '../src/dashboards/by-function.js';
import { equipmentDashboard } from '../src/dashboards/equipment.js';
import { performance as performanceDashboard } from '../src/dashboards/performance.js';
import { projectHealth } from '../src/dashboards/project-health.js';
import { routine } from '../src/dashboards/routine.js';
import type { Caller } from '../src/scope.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (a PostgreSQL database filled by pnpm db:scale)');
const contract = Number(process.env.BENCH_CONTRACT ?? 10);
const RUNS = Number(process.env.RUNS ?? 15);
const TIME_ZONE = 'America/Sao_Paulo';

const DASHBOARDS = {
  'project-health': projectHealth,
  'by-function': byFunction,
  routine,
  equipment: equipmentDashboard,
  performance: performanceDashboard,
} as const;

const caller = {
  id: 0,
  profile: 'admin',
  baseId: null,
  workId: null,
  contractId: null,
  firstAccess: false,
  channel: 'web',
} as const satisfies Caller;

interface Statement {
  text: string;
  values: unknown[];
}
let recording: Statement[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  if (recording) {
    const text = typeof config === 'string' ? config : config.text;
    const bound = (typeof config === 'string' ? undefined : config.values) ?? values ?? [];
    recording.push({ text, values: bound });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const db = await openDatabase({ databaseUrl: url, databaseReadUrl: null, dataDir: '' });
const bare = new pg.Pool({ connectionString: url, max: 10 });

const [span] = await selectRows<{ last: string }>(
  db.orm,
  sql`select to_char(max(local_date), 'YYYY-MM-DD') as last from activity_reports where contract_id = ${contract}`,
);
const last = span!.last;
const day = (offset: number) =>
  new Date(Date.parse(`${last}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const [fn] = await selectRows<{ id: number }>(
  db.orm,
  sql`select id from functions where contract_id = ${contract} order by id limit 1`,
);
const VIEWS = {
  'default (4 weeks)': { contract: String(contract), from: day(-27), to: last },
  'filtered (3 months, 1 function, 07:00–11:59, Mon–Fri)': {
    contract: String(contract),
    from: day(-90),
    to: last,
    function: String(fn!.id),
    fromTime: '07:00',
    toTime: '11:59',
    weekdays: '1-5',
  },
};

const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

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

console.log(`contract ${contract}, data up to ${last}, ${RUNS} runs each (after one warm-up)`);
console.log('| view | dashboard | p50 | p95 | bare SQL p50 | p95 | ratio p50 | repeated (kept) p95 |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [view, filters] of Object.entries(VIEWS)) {
  for (const [name, answer] of Object.entries(DASHBOARDS) as [
    string,
    (context: DashboardContext) => Promise<unknown>,
  ][]) {
    const endpoint = await timed(async () => answer(await dashboardContext(db.orm, caller, filters, TIME_ZONE)));
    recording = [];
    await answer(await dashboardContext(db.orm, caller, filters, TIME_ZONE));
    const [lookup, ...rest] = recording;
    recording = null;
    const replay = await timed(async () => {
      await bare.query(lookup!.text, lookup!.values);
      await Promise.all(rest.map((statement) => bare.query(statement.text, statement.values)));
    });
    const cache = new DashboardCache();
    const kept = await timed(async () => {
      const context = await dashboardContext(db.orm, caller, filters, TIME_ZONE);
      return cache.answer(name, context, () => answer(context));
    });
    console.log(
      `| ${view} | ${name} | ${ms(quantile(endpoint, 0.5))} | ${ms(quantile(endpoint, 0.95))} | ${ms(quantile(replay, 0.5))} | ${ms(quantile(replay, 0.95))} | ${(quantile(endpoint, 0.5) / quantile(replay, 0.5)).toFixed(2)} | ${ms(quantile(kept, 0.95))} |`,
    );
  }
}
await bare.end();
await db.close();
