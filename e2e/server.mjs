// The server the end-to-end suite runs against: the production build (server/dist) on a fresh
// embedded database with the demo data. Playwright starts it (playwright.config.ts, webServer);
// `pnpm test` starts it itself right after the build instead (scripts/test.mjs), so the demo
// data is seeded while jest and the server suites run, not while the suite waits, and tells
// Playwright to use it (E2E_REUSE_SERVER=1). One description for both.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
const repo = resolve(import.meta.dirname, '..');

export const serverCommand = ['node', join(repo, 'server/dist/main.js')];
export const healthUrl = `http://127.0.0.1:${PORT}/api/health`;

/**
 * The server's settings: a database of its own (a new folder unless `dataDir` says which), the
 * demo data, quiet logs, the sign-in limits out of the way (`limit` failures: many sign-ins
 * come from one address in a run; the limits themselves are tested in the server suite).
 */
export function serverEnv({ port = PORT, dataDir = mkdtempSync(join(tmpdir(), 'canteiro-e2e-')), limit = 1000 } = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_ROOT: repo,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(limit),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(limit),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: String(limit),
  };
}

/**
 * Starts the server now, with `serverEnv(settings)`. `ready` resolves true once it answers
 * /api/health, false if it ended or did not answer within `timeoutMs` (for `pnpm test`,
 * Playwright then starts its own, as without this); `stop()` ends it. Its error output is
 * passed through under `label`. The end-to-end suite's by default; the bench's too (bench-server.mjs).
 */
export function startServer({ timeoutMs = 600_000, label = 'e2e server', ...settings } = {}) {
  const port = settings.port ?? PORT;
  const [command, ...args] = serverCommand;
  const env = { ...process.env, ...serverEnv(settings) };
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[${label}] ${chunk}`));
  child.on('error', () => undefined);
  let ended = false;
  child.on('exit', () => (ended = true));
  // Never outlives the process that started it, whatever way that one ends.
  process.on('exit', () => ended || child.kill('SIGKILL'));
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (!ended && Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 250));
    }
    return false;
  })();
  const stop = async () => {
    if (ended) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (!ended) child.kill('SIGKILL');
  };
  return { child, ready, stop };
}
