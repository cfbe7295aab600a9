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
export const healthUrl = `http://localhost:${PORT}/api/health`;

/** The server's settings: a database of its own in a new folder, the demo data, quiet logs. */
export function serverEnv() {
  return {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'canteiro-e2e-')),
    STATIC_ROOT: repo,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    // Many sign-ins come from one address in a test run; the limits themselves are tested in the server suite.
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '1000',
  };
}

/**
 * Starts the server now. `ready` resolves true once it answers /api/health, false if it ended
 * or did not answer within `timeoutMs` (Playwright then starts its own, as without this);
 * `stop()` ends it. Its error output is passed through.
 */
export function startServer({ timeoutMs = 600_000 } = {}) {
  const [command, ...args] = serverCommand;
  const child = spawn(command, args, { env: { ...process.env, ...serverEnv() }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.stderr.write(`[e2e server] ${chunk}`));
  child.on('error', () => undefined);
  let ended = false;
  child.on('exit', () => (ended = true));
  // Never outlives the process that started it, whatever way that one ends.
  process.on('exit', () => ended || child.kill('SIGKILL'));
  const ready = (async () => {
    const deadline = Date.now() + timeoutMs;
    while (!ended && Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return true;
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
  return { ready, stop };
}
