// What the two README commands need before they work on a machine with only Node and npm:
// the project's dependencies, and (for the tests) Debian's Chromium. Never a downloaded browser.
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export async function installDependencies(cwd) {
  const code = await run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], { cwd });
  if (code !== 0) {
    console.error('setup: pnpm install failed');
    process.exit(code);
  }
}

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's packages the tests use, each with the file that says it is there. */
const TEST_PACKAGES = {
  chromium: () => existsSync(chromiumPath()),
  // The cluster test (server/cluster, docs/deploy.md): PostgreSQL server, HAProxy, PgBouncer.
  postgresql: () => existsSync('/usr/lib/postgresql'),
  haproxy: () => existsSync('/usr/sbin/haproxy'),
  pgbouncer: () => existsSync('/usr/sbin/pgbouncer'),
};

/** Installs the missing Debian packages of `names` when we may (root with apt-get); stops otherwise. */
export async function ensureDebianPackages(names = Object.keys(TEST_PACKAGES)) {
  const missing = names.filter((name) => !TEST_PACKAGES[name]());
  if (missing.length === 0) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `setup: missing Debian packages: ${missing.join(', ')}. Install them (apt-get install ${missing.join(' ')})` +
        (missing.includes('chromium') ? ' or set CHROMIUM_PATH.' : '.'),
    );
    process.exit(1);
  }
  console.log(`setup: installing Debian's ${missing.join(', ')} (about 35 s)…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', ...missing], { env })) !== 0
  ) {
    console.error(`setup: apt-get install ${missing.join(' ')} failed`);
    process.exit(1);
  }
}

/** Debian's Chromium, for the browser tests and the benchmark. */
export const ensureChromium = () => ensureDebianPackages(['chromium']);
