// The portfolio at scale (`pnpm bench`, docs/benchmarks.md): the demo data plus 1 000 contracts
// (server/bench/portfolio-seed.ts) on the production server and embedded database; in Chromium,
// the time from the navigation to /dash to the portfolio's every row drawn, beside the time from
// the navigation to one demo contract's project health with every chart drawn, in the same run.
// Also each answer's time and size through HTTP. A benchmark: it never fails on slow figures.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { BASE, apiToken, repo, startServer } from './bench-server.mjs';
import { chromiumArgs } from './chromium-args.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'canteiro-bench-portfolio-'));
// The demo data first (the server seeds an empty directory), then the 1 000 contracts, server stopped.
let server = await startServer({ dataDir });
server.kill('SIGTERM');
await once(server, 'exit');
const seeded = spawnSync(
  'node',
  ['--conditions=canteiro-source', '--import', 'tsx', 'bench/portfolio-seed.ts', dataDir],
  {
    cwd: join(repo, 'server'),
    stdio: 'inherit',
  },
);
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
server = await startServer({ dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const token = await apiToken();
  const headers = { authorization: `Token ${token}`, 'accept-encoding': 'gzip' };
  // A demo contract with reports, and its default range (as the screen asks for it).
  const contracts = await (await fetch(`${BASE}/api/contracts?pageSize=50`, { headers })).json();
  let contract;
  let period;
  for (const { id } of contracts.items ?? []) {
    period = await (await fetch(`${BASE}/api/dashboards/period?contract=${id}`, { headers })).json();
    if (period.last) {
      contract = id;
      break;
    }
  }
  const api = async (path) => {
    const times = [];
    let bytes = 0;
    let body;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${BASE}${path}`, { headers });
      body = await response.text();
      times.push(performance.now() - started);
      bytes = body.length;
    }
    return { times, bytes, body };
  };
  const portfolioApi = await api('/api/dashboards/portfolio');
  const rows = JSON.parse(portfolioApi.body).contracts.length;
  const healthApi = await api(
    `/api/dashboards/project-health?contract=${contract}&from=${period.from}&to=${period.to}`,
  );

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('E-mail').fill('admin@canteiro.test');
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('home-modules').waitFor();
  const portfolioFirst = [];
  const portfolioPaint = [];
  const healthPaint = [];
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    await page.goto(`${BASE}/dash`);
    // First paint: the first row a person can read.
    await page.waitForFunction(
      () => globalThis.document.querySelector('[data-testid="portfolio-row"]') !== null,
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    portfolioFirst.push(performance.now() - started);
    await page.waitForFunction(
      (count) => globalThis.document.querySelectorAll('[data-testid="portfolio-row"]').length === count,
      rows,
      { timeout: 60_000, polling: 'raf' },
    );
    portfolioPaint.push(performance.now() - started);
    started = performance.now();
    await page.goto(`${BASE}/dash/project-health?contract=${contract}&from=${period.from}&to=${period.to}`);
    await page.waitForFunction(
      () => {
        const frames = [
          ...globalThis.document.querySelectorAll('[data-testid="dashboard-project-health"] [data-chart]'),
        ];
        return frames.length > 0 && frames.every((frame) => frame.querySelector('svg.apexcharts-svg'));
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    healthPaint.push(performance.now() - started);
  }
  await context.close();
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(
    `\nPortfolio: ${rows} contracts (1 000 of the bench + the demo's), ${RUNS} runs, page loads (navigation → drawn)`,
  );
  console.log('| figure | median | first | ratio to project health |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| /dash → first portfolio row drawn (first paint) | ${ms(median(portfolioFirst))} | ${ms(portfolioFirst[0])} | ${(median(portfolioFirst) / median(healthPaint)).toFixed(2)} |`,
  );
  console.log(
    `| /dash → every portfolio row drawn | ${ms(median(portfolioPaint))} | ${ms(portfolioPaint[0])} | ${(median(portfolioPaint) / median(healthPaint)).toFixed(2)} |`,
  );
  console.log(
    `| /dash/project-health (one contract) → every chart drawn | ${ms(median(healthPaint))} | ${ms(healthPaint[0])} | 1.00 |`,
  );
  console.log(
    `| GET /api/dashboards/portfolio | ${ms(median(portfolioApi.times))} | ${ms(portfolioApi.times[0])} | ${(median(portfolioApi.times) / median(healthApi.times)).toFixed(2)} (${(portfolioApi.bytes / 1024).toFixed(0)} KB) |`,
  );
  console.log(
    `| GET /api/dashboards/project-health (kept after the first) | ${ms(median(healthApi.times))} | ${ms(healthApi.times[0])} | 1.00 (${(healthApi.bytes / 1024).toFixed(0)} KB) |`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
