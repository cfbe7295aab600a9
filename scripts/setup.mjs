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
  // Every export opens in LibreOffice and openpyxl (server/test/exports-open-anywhere.once.test.ts, docs/exports.md).
  'libreoffice-calc-nogui': () => existsSync('/usr/bin/soffice'),
  'python3-openpyxl': () => existsSync('/usr/lib/python3/dist-packages/openpyxl'),
};

/** Installed without their recommended packages (LibreOffice's would add hundreds of MB). */
const WITHOUT_RECOMMENDS = new Set(['libreoffice-calc-nogui', 'python3-openpyxl']);

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
    !(await installed(
      missing.filter((name) => !WITHOUT_RECOMMENDS.has(name)),
      [],
      env,
    )) ||
    !(await installed(
      missing.filter((name) => WITHOUT_RECOMMENDS.has(name)),
      ['--no-install-recommends'],
      env,
    ))
  ) {
    console.error(`setup: apt-get install ${missing.join(' ')} failed`);
    process.exit(1);
  }
}

/** apt-get install of `names` (nothing to do when empty); true when it worked. */
const installed = async (names, flags, env) =>
  names.length === 0 || (await run('apt-get', ['install', '-y', '-qq', ...flags, ...names], { env })) === 0;

/** Debian's Chromium, for the browser tests and the benchmark. */
export const ensureChromium = () => ensureDebianPackages(['chromium']);
