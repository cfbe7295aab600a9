/**
 * What the server benchmarks share: a free port, the real server in a child process, a
 * session, and one autocannon load.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const serverFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repository = path.resolve(serverFolder, '..');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * src/main.ts under tsx on `dataDir` (PGlite) or `databaseUrl`; resolves once /api/health
 * answers. `nodeArguments` go before the script (e.g. `--cpu-prof`).
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl: string | null;
  port: number;
  logLevel?: string;
  nodeArguments?: string[];
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const server = spawn(
    process.execPath,
    [...(options.nodeArguments ?? []), '--conditions=canteiro-source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverFolder,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: options.logLevel ?? 'warn',
        SEED_DEMO: 'true',
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill();
  throw new Error('bench: the server did not start');
}

/** Stops a server started above and waits for it to exit (so a CPU profile gets written). */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
}

/** A session token for `email` (demo password unless given). */
export async function signIn(base: string, email = 'admin@canteiro.test', password = 'demo1234'): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password, from_web: true }),
  });
  if (!response.ok) throw new Error(`bench: sign-in of ${email} failed (${response.status})`);
  return ((await response.json()) as { token: string }).token;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * What Chromium sends as Accept-Encoding: every load asks as a browser does, so an answer above
 * the compression threshold is measured compressed, as a person gets it.
 */
export const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `connections` clients asking `paths()` for `seconds`, as a browser (its encodings), with the token when given. */
export async function load(
  base: string,
  token: string | null,
  paths: () => string,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { ...BROWSER_ENCODINGS, ...(token ? { authorization: `Token ${token}` } : {}) },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The smallest of `values` that a fraction `q` of them are at or below (the nearest rank); 0 for none. */
export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

/** The same as a percentage: `percentile(values, 95)` is the p95. */
export const percentile = (values: readonly number[], p: number): number => quantile(values, p / 100);

/** A markdown table from rows of cells, the first row being the header. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)].join('\n');
}
