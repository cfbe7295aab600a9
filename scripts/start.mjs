// `pnpm start`: install, build for production, then serve everything (API, host and the
// three modules) from one server on PORT (8080), on the embedded database with demo data.
import { resolve } from 'node:path';
import { run } from './run.mjs';
import { installDependencies } from './setup.mjs';

const root = resolve(import.meta.dirname, '..');
await installDependencies(root);
if ((await run('pnpm', ['build'], { cwd: root })) !== 0) process.exit(1);
const code = await run('node', ['server/dist/main.js'], {
  cwd: root,
  // The two-command demo: an empty database gets the demo data (a deployment never sets it).
  env: { NODE_ENV: 'production', SEED_DEMO: process.env.SEED_DEMO ?? 'true' },
});
process.exit(code);
