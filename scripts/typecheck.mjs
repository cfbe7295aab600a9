// `pnpm typecheck`: the browser side as one program (tsconfig.web.json: host, remotes, shared),
// the server and the end-to-end suite, two at a time. Exits non-zero when any has an error.
import { atMost, run } from './run.mjs';

const codes = await atMost(2, [
  () => run('pnpm', ['exec', 'tsc', '-p', 'tsconfig.web.json']),
  () => run('pnpm', ['--filter', '@canteiro/server', 'typecheck']),
  () => run('pnpm', ['--filter', '@canteiro/e2e', 'typecheck']),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
