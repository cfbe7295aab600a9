import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs } from './chromium-args.mjs';

/**
 * End-to-end tests of the production build in Debian's Chromium (never a downloaded
 * browser), against the real server on a fresh embedded database.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
const repo = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'canteiro-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI: a test that passes only on its retry is counted as flaky in the JSON report
  // (stats.flaky) and named in the run's output, never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    // Charts draw at once (chart.tsx honours the preference): no test waits on an animation's timers.
    reducedMotion: 'reduce',
    // A trace only of a retry: recording one for every test (retain-on-failure) cost the suite
    // ~30 % of its time (docs/testing.md). `--trace on` records one by hand.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: `node ${join(repo, 'server/dist/main.js')}`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_ROOT: repo,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // Many sign-ins come from one address in a test run; the limits themselves are tested in the server suite.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '1000',
    },
  },
});
