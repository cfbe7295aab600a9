// Production build of everything: the four webpack apps, the largest first, and the tsc of
// shared's domain and then the server, two at a time (2 cores; four at once only doubles the
// wall time), each starting as soon as a place is free. The apps compile shared from its
// source, so they do not wait for its tsc.
import { atMost, run } from './run.mjs';

const APPS = ['remote-dash', 'remote-admin', 'remote-management', 'host'];
const webpackMemory = { NODE_OPTIONS: '--max-old-space-size=3072' };
const started = Date.now();

const failed = [];
async function step(label, command, args, env) {
  const code = await run(command, args, { env });
  if (code !== 0) failed.push(`${label} (exit ${code})`);
  return code === 0;
}

await atMost(2, [
  ...APPS.map((app) => () => step(app, 'pnpm', ['--filter', app, 'build'], webpackMemory)),
  async () =>
    (await step('shared', 'pnpm', ['--filter', '@canteiro/shared', 'build'])) &&
    step('server', 'pnpm', ['--filter', '@canteiro/server', 'build']),
]);
if (failed.length) {
  console.error(`build: ${failed.join(', ')} failed`);
  process.exit(1);
}
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
