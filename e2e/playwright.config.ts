import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './chromium-args.mjs';
import { PORT, healthUrl, serverCommand, serverEnv } from './server.mjs';

/**
 * End-to-end tests of the production build in Debian's Chromium (never a downloaded
 * browser), against the real server on a fresh embedded database.
 */
export { PORT };

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
    command: serverCommand.join(' '),
    url: healthUrl,
    // `pnpm test` starts the server after the build and says so (e2e/server.mjs); otherwise a
    // server already on the port is never taken for this suite's.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: serverEnv(),
  },
});
