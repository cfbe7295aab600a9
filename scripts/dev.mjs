// Development: the API server with --watch, and the host and remotes with webpack serve
// (live reload). The host dev server proxies /api and /remotes.json to the API; the remotes
// are found through REMOTE_*_URL pointing at their dev servers.
import { spawn } from 'node:child_process';

const remotes = {
  REMOTE_ADMIN_URL: 'http://localhost:3001/mf-manifest.json',
  REMOTE_MANAGEMENT_URL: 'http://localhost:3002/mf-manifest.json',
  REMOTE_DASH_URL: 'http://localhost:3003/mf-manifest.json',
};
const processes = [
  ['api', ['--filter', '@canteiro/server', 'dev'], { ...remotes, SEED_DEMO: 'true' }],
  ['host', ['--filter', 'host', 'dev'], {}],
  ['admin', ['--filter', 'remote-admin', 'dev'], {}],
  ['management', ['--filter', 'remote-management', 'dev'], {}],
  ['dash', ['--filter', 'remote-dash', 'dev'], {}],
].map(([name, args, env]) => {
  const child = spawn('pnpm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  return child;
});
console.log('dev: API on http://localhost:8080, app on http://localhost:3000 (live reload)');
const stop = () => processes.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
