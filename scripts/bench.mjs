// `pnpm bench`: build for production if needed, then measure (e2e/bench.mjs).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
const browser = await run('node', ['e2e/bench.mjs'], { cwd: root });
// The admin lists at scale: 100 000 users, search + page, export (server/bench/admin-lists.ts).
const lists = await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/admin-lists.ts'], {
  cwd: join(root, 'server'),
});
// What one page of a list costs next to /api/health, with 100 000 activities over 1 000
// contracts: on PGlite, and on PostgreSQL when BENCH_DATABASE_URL names a database to rebuild.
const pages = [];
const databases = process.env.BENCH_DATABASE_URL ? ['', process.env.BENCH_DATABASE_URL] : [''];
for (const database of databases) {
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
  ingestion.push(
    await run('node', ['--conditions=canteiro-source', '--import', 'tsx', 'bench/ingestion.ts'], {
      cwd: join(root, 'server'),
      env: { ...process.env, BENCH_DATABASE_URL: database },
    }),
  );
}
process.exit(browser || lists || pages.find(Boolean) || ingestion.find(Boolean) || 0);
