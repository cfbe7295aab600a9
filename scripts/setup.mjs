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

/** Installs Debian's chromium package when it is missing and we may (root with apt-get). */
export async function ensureChromium() {
  if (existsSync(chromiumPath())) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `setup: Chromium not found at ${chromiumPath()}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("setup: installing Debian's chromium package (about 35 s)…");
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0
  ) {
    console.error('setup: apt-get install chromium failed');
    process.exit(1);
  }
}
