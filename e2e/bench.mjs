// `pnpm bench`: measures the production build against a real server on a fresh embedded
// database. Prints a table; a benchmark, never a test: it does not fail on slow figures.
//  - JS (gzip) the login page downloads, and what entering each module adds;
//  - median time in Chromium from navigation to an interactive login form (beside a bare React 19
//    page the bench builds, bench-login-page.mjs), from the sign-in's
//    answer to home drawn, from home to a module's welcome page, and to the first rows of
//    /admin/user and /management/activity;
//  - /dash/project-health with the demo data: the JS opening it adds, and the time from the
//    navigation to every chart drawn (its default range: the last four weeks with data);
//  - login requests per second and p99 latency (autocannon, loopback only).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  BASE,
  LOGIN_SECONDS,
  apiToken,
  loginThroughput,
  printRepeatedDashboard,
  repeatedDashboard,
  repo,
  startServer,
} from './bench-server.mjs';
import { chromiumArgs } from './chromium-args.mjs';
import { timeSignIn } from './bench-sign-in.mjs';
import { serveBarePage, timeLoginForms } from './bench-login-page.mjs';
import { pageDownloads, recordScripts, total } from './bench-scripts.mjs';
import { printFilterChange, timeFilterChange } from './bench-filter.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
// The login form's times are short and spread: more runs, the product's and the bare page's in turn.
const LOGIN_FORM_RUNS = Number(process.env.BENCH_LOGIN_FORM_RUNS ?? 15);
const MODULES = [
  { id: 'admin', card: 'Administrador', welcome: 'Bem-vindo ao módulo Administrador' },
  { id: 'management', card: 'Gerencial', welcome: 'Bem-vindo ao módulo Gerencial' },
  { id: 'dash', card: 'Dashboards', welcome: 'Bem-vindo aos Dashboards' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function signIn(page) {
  await page.getByLabel('E-mail').fill('admin@canteiro.test');
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('home-modules').waitFor();
}

async function measureDownloads(browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${BASE}/login`);
  await page.getByLabel('E-mail').waitFor();
  await page.waitForLoadState('networkidle');
  const rows = [
    { screen: 'login page', files: scripts.size, raw: total(scripts, 'raw'), gzip: total(scripts, 'gzip') },
  ];
  await signIn(page);
  await page.waitForLoadState('networkidle');
  let before = { files: scripts.size, raw: total(scripts, 'raw'), gzip: total(scripts, 'gzip') };
  rows.push({
    screen: 'login → home (added)',
    files: scripts.size - rows[0].files,
    raw: before.raw - rows[0].raw,
    gzip: before.gzip - rows[0].gzip,
  });
  for (const module of MODULES) {
    await page.goto(`${BASE}/home`);
    await page.getByRole('link', { name: module.card }).click();
    await page.getByText(module.welcome).waitFor();
    await page.waitForLoadState('networkidle');
    const after = { files: scripts.size, raw: total(scripts, 'raw'), gzip: total(scripts, 'gzip') };
    rows.push({
      screen: `entering /${module.id} (added)`,
      files: after.files - before.files,
      raw: after.raw - before.raw,
      gzip: after.gzip - before.gzip,
    });
    before = after;
  }
  // Opening a dashboard adds the charts (apexcharts is loaded by the dashboard screens only).
  const contract = await contractWithReports();
  if (contract !== undefined) {
    await openProjectHealth(page, contract);
    const after = { files: scripts.size, raw: total(scripts, 'raw'), gzip: total(scripts, 'gzip') };
    rows.push({
      screen: 'opening /dash/project-health (added)',
      files: after.files - before.files,
      raw: after.raw - before.raw,
      gzip: after.gzip - before.gzip,
    });
  }
  await context.close();
  return rows;
}

/** A client-side navigation, as a link makes: a history entry and the popstate the router listens to. */
const navigateInPage = (page, url) =>
  page.evaluate((target) => {
    globalThis.history.pushState({}, '', target);
    globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'));
  }, url);

/** The first demo contract with activity reports (GET /api/dashboards/period), or undefined. */
async function contractWithReports() {
  const token = await apiToken();
  const headers = { authorization: `Token ${token}` };
  const contracts = await fetch(`${BASE}/api/contracts?pageSize=50`, { headers });
  if (!contracts.ok) return undefined;
  for (const { id } of (await contracts.json()).items ?? []) {
    const period = await fetch(`${BASE}/api/dashboards/period?contract=${id}`, { headers });
    if (period.ok && (await period.json()).last) return id;
  }
  return undefined;
}

/**
 * A client-side navigation from /dash to /dash/project-health?contract=<id> (the default range
 * comes from the server and lands in the URL), resolved when every chart of the screen is drawn:
 * each chart frame (role img) holds an apexcharts svg, and nothing is loading any more.
 */
async function openProjectHealth(page, contract) {
  await navigateInPage(page, `/dash/project-health?contract=${contract}`);
  await page.getByTestId('dashboard-project-health').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const frames = [...globalThis.document.querySelectorAll('[data-testid="dashboard-project-health"] [data-chart]')];
      return (
        frames.length > 0 &&
        frames.every((frame) => frame.querySelector('svg.apexcharts-svg')) &&
        !globalThis.document.querySelector('[data-testid="dashboard-project-health"] .ant-skeleton, .ant-spin-spinning')
      );
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return page.locator('[data-testid="dashboard-project-health"] [data-chart]').count();
}

/** From /dash (module loaded) to every chart of /dash/project-health drawn; null when not measurable. */
async function timeProjectHealth(browser) {
  const contract = await contractWithReports();
  if (contract === undefined) return null;
  const times = [];
  let charts = 0;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await signIn(page);
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/dash`);
      await page.getByText('Bem-vindo aos Dashboards').waitFor();
      const started = performance.now();
      charts = await openProjectHealth(page, contract);
      times.push(performance.now() - started);
    }
    return { times, charts };
  } catch (error) {
    console.log(`/dash/project-health not measured: ${error.message.split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

async function timeModuleEntry(browser, module) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    // A new context each run: the module's files are not in the cache yet.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await signIn(page);
    const started = performance.now();
    await page.getByRole('link', { name: module.card }).click();
    await page.getByText(module.welcome).waitFor();
    times.push(performance.now() - started);
    await context.close();
  }
  return times;
}

/** From opening /admin/user (module already loaded) to its first page of rows. */
async function timeUserList(browser) {
  const times = [];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await signIn(page);
  await page.goto(`${BASE}/admin`);
  await page.getByText('Bem-vindo ao módulo Administrador').waitFor();
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${BASE}/admin`);
    await page.getByText('Bem-vindo ao módulo Administrador').waitFor();
    const started = performance.now();
    await page.getByTestId('module-menu').getByRole('link', { name: 'Usuários' }).click();
    await page.locator('.ant-table-row').first().waitFor();
    times.push(performance.now() - started);
  }
  await context.close();
  return times;
}

/**
 * From /management (module loaded) to the first row of /management/activity?contract=<id>:
 * the screen opens on a contract picker, so the contract comes in the URL (a client-side
 * navigation, as a link would make). Null when the screen shows no row within 15 s (e.g. it
 * is not there yet): the benchmark goes on without it.
 */
async function timeActivityList(browser) {
  const token = await apiToken();
  const contracts = await fetch(`${BASE}/api/contracts?pageSize=1`, { headers: { authorization: `Token ${token}` } });
  const contract = contracts.ok ? (await contracts.json()).items?.[0]?.id : undefined;
  if (contract === undefined) return null;
  const times = [];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await signIn(page);
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${BASE}/management`);
      await page.getByText('Bem-vindo ao módulo Gerencial').waitFor();
      const started = performance.now();
      await navigateInPage(page, `/management/activity?contract=${contract}`);
      await page.locator('.ant-table-row').first().waitFor({ timeout: 15_000 });
      times.push(performance.now() - started);
    }
    return times;
  } catch (error) {
    console.log(`/management/activity not measured: ${error.message.split('\n')[0]}`);
    return null;
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const bare = await serveBarePage();
try {
  const downloads = await measureDownloads(browser);
  downloads.splice(1, 0, { screen: 'a bare React 19 page (the floor)', ...(await pageDownloads(browser, bare.url)) });
  const [loginForm, bareForm] = await timeLoginForms(browser, [`${BASE}/login`, bare.url], LOGIN_FORM_RUNS);
  const signInTimes = await timeSignIn(browser, RUNS);
  const moduleEntry = {};
  for (const module of MODULES) moduleEntry[module.id] = await timeModuleEntry(browser, module);
  const userList = await timeUserList(browser);
  const activityList = await timeActivityList(browser);
  const projectHealth = await timeProjectHealth(browser);
  const filterChange = await timeFilterChange(browser);
  await browser.close();
  const login = await loginThroughput();
  const repeated = await repeatedDashboard();

  console.log('\nCanteiro benchmark — production build, PGlite, Chromium (Debian), 2 cores');
  console.log('\nJS downloaded (scripts; gzip level 6)');
  for (const row of downloads)
    console.log(
      `  ${row.screen.padEnd(38)} ${String(row.files).padStart(3)} files  ${kb(row.raw).padStart(10)} raw  ${kb(row.gzip).padStart(9)} gzip`,
    );
  console.log(`\nTimes in Chromium (median of ${RUNS}, cold cache)`);
  for (const [key, words] of [
    ['inPage', 'navigation → login form drawn (in page)'],
    ['outside', 'navigation → form takes typing (Playwright)'],
  ])
    console.log(
      `  ${words.padEnd(38)} ${median(loginForm[key]).toFixed(0).padStart(5)} ms (a bare React 19 page: ${median(bareForm[key]).toFixed(0)} ms; ${(median(loginForm[key]) / median(bareForm[key])).toFixed(2)}×; median of ${LOGIN_FORM_RUNS})`,
    );
  console.log(
    `  sign-in answer → home drawn           ${median(signInTimes.afterAnswer).toFixed(0).padStart(5)} ms (click → home ${median(signInTimes.fromClick).toFixed(0)} ms)`,
  );
  for (const module of MODULES)
    console.log(
      `  home → /${module.id} welcome page${' '.repeat(18 - module.id.length)} ${median(moduleEntry[module.id]).toFixed(0).padStart(5)} ms`,
    );
  console.log(`  /admin/user → first page of rows          ${median(userList).toFixed(0).padStart(5)} ms`);
  console.log(
    `  /management/activity → first rows         ${activityList ? `${median(activityList).toFixed(0).padStart(5)} ms` : '  not measured'}`,
  );
  console.log(
    `  /dash/project-health → all charts drawn  ${projectHealth ? `${median(projectHealth.times).toFixed(0).padStart(5)} ms (${projectHealth.charts} charts; the first view after a server start is not cached, later ones are)` : '  not measured'}`,
  );
  console.log(`\nLogin (POST /api/authentication/login, argon2id, 8 connections, ${LOGIN_SECONDS} s)`);
  console.log(
    `  ${login.requestsPerSecond.toFixed(1)} requests/s, p50 ${login.p50} ms, p99 ${login.p99} ms, ${login.total} requests, ${login.non2xx} non-2xx, ${login.errors} errors`,
  );
  printFilterChange(filterChange);
  printRepeatedDashboard(repeated);
  mkdirSync(join(repo, '.bench'), { recursive: true });
  writeFileSync(
    join(repo, '.bench/results.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        downloads,
        loginForm,
        bareForm,
        signIn: signInTimes,
        moduleEntry,
        userList,
        activityList,
        projectHealth,
        filterChange,
        login,
        repeated,
      },
      null,
      2,
    ),
  );
} finally {
  await bare.close();
  await browser.close().catch(() => undefined);
  server.kill('SIGTERM');
}
