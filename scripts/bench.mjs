// `pnpm bench`: build for production if needed, then measure (e2e/bench.mjs).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { waitForQuiet } from './quiet.mjs';
import { run } from './run.mjs';
import { ensureChromium, installDependencies } from './setup.mjs';

const root = resolve(import.meta.dirname, '..');
await installDependencies(root);
await ensureChromium();
const built = [
  'server/dist/main.js',
  'host/dist/index.html',
  'remote-admin/dist/mf-manifest.json',
  'remote-management/dist/mf-manifest.json',
  'remote-dash/dist/mf-manifest.json',
];
if (process.env.BENCH_BUILD === '1' || !built.every((file) => existsSync(join(root, file)))) {
  if ((await run('pnpm', ['build'], { cwd: root })) !== 0) process.exit(1);
}
// Each part begins on a quiet machine, and says how busy it was: one run's filter change took
// 310 ms where the same build alone, minutes later, took 226 (docs/benchmarks.md).
await waitForQuiet('the browser part');
const browser = await run('node', ['e2e/bench.mjs'], { cwd: root });
// The portfolio at /dash over 1 000 contracts beside one contract's project health (e2e/bench-portfolio.mjs).
await waitForQuiet('the portfolio');
const portfolio = await run('node', ['e2e/bench-portfolio.mjs'], { cwd: root });
// The admin lists at scale: 100 000 users, search + page, export (server/bench/admin-lists.ts).
await waitForQuiet('the admin lists');
const lists = await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/admin-lists.ts'], {
  cwd: join(root, 'server'),
});
// What one page of a list costs next to /api/health, with 100 000 activities over 1 000
// contracts: on PGlite, and on PostgreSQL when BENCH_DATABASE_URL names a database to rebuild.
const pages = [];
const databases = process.env.BENCH_DATABASE_URL ? ['', process.env.BENCH_DATABASE_URL] : [''];
for (const database of databases) {
  await waitForQuiet(`list pages on ${database ? 'PostgreSQL' : 'PGlite'}`);
  pages.push(
    await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/list-pages.ts'], {
      cwd: join(root, 'server'),
      env: { ...process.env, BENCH_DATABASE_URL: database },
    }),
  );
}
// Report ingestion through POST /api/mobile/reports beside COPY of the same rows
// (server/bench/ingestion.ts, docs/ingestion.md), on the same databases.
const ingestion = [];
for (const database of databases) {
  await waitForQuiet(`ingestion on ${database ? 'PostgreSQL' : 'PGlite'}`);
  ingestion.push(
    await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/ingestion.ts'], {
      cwd: join(root, 'server'),
      env: { ...process.env, BENCH_DATABASE_URL: database },
    }),
  );
}
// The five dashboards at scale (server/bench/dashboards.ts, docs/dashboards.md): on PostgreSQL
// when BENCH_SCALE_DATABASE_URL names a database `pnpm db:scale` filled (10 M rows; never
// rebuilt, only migrated), and on a PGlite of ~1 M rows when BENCH_DASHBOARDS_PGLITE=1 (built
// into BENCH_PGLITE_SCALE_DIR, default .data/bench-pglite-scale, the first time: ~2.5 min).
const dashboards = [];
const dashboardRuns = [
  process.env.BENCH_SCALE_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.BENCH_SCALE_DATABASE_URL } : null,
  process.env.BENCH_DASHBOARDS_PGLITE === '1'
    ? {
        BENCH_DATABASE_URL: '',
        BENCH_DATA_DIR: process.env.BENCH_PGLITE_SCALE_DIR || join(root, '.data', 'bench-pglite-scale'),
      }
    : null,
].filter(Boolean);
if (dashboardRuns.length === 0) {
  console.log(
    '\nDashboards at scale: skipped (set BENCH_SCALE_DATABASE_URL to a database filled by pnpm db:scale, ' +
      'and/or BENCH_DASHBOARDS_PGLITE=1 for a 1 M-row PGlite: docs/benchmarks.md)',
  );
}
for (const env of dashboardRuns) {
  await waitForQuiet(`dashboards at scale on ${env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  dashboards.push(
    await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/dashboards.ts'], {
      cwd: join(root, 'server'),
      env: { ...process.env, ...env },
    }),
  );
}
process.exit(
  browser || portfolio || lists || pages.find(Boolean) || ingestion.find(Boolean) || dashboards.find(Boolean) || 0,
);
