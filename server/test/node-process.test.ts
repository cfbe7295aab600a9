import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { openDatabase } from '../src/db/connection.js';
import { users } from '../src/db/schema/people.js';
import { openTestDatabase, resetDatabase } from './helpers.js';
import { program, serverFolder } from './programs.js';

/**
 * The server as an operator starts it (src/main.ts in its own process, docs/deploy.md): it never
 * seeds unless asked, a bad setting stops it with one clear message, `pnpm db:admin` creates the
 * first admin, and SIGTERM drains before it exits. On the suite's database: PostgreSQL when
 * TEST_DATABASE_URL is set, otherwise a PGlite folder of its own.
 */

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;

let dataDir: string;
let environment: Record<string, string>;

before(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-node-'));
  if (databaseUrl) {
    // An empty, migrated schema: what a deployment's first start meets.
    const db = await openTestDatabase();
    await resetDatabase(db);
    await db.close();
  }
  environment = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  };
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

async function startNode(env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, program('src/main'), {
    cwd: serverFolder,
    env: { ...environment, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the node exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port, output: () => output, exit };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the node did not start: ${output}`);
}

/** Runs a command of the server to its end. */
async function runCommand(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    cwd: serverFolder,
    env: { ...environment, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  return { code, stdout, stderr };
}

/** The database the node used, opened after it stopped (PGlite has one writer at a time). */
async function withNodeDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl, databaseReadUrl: null, dataDir });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe('the node, started as an operator starts it', () => {
  test('a bad setting stops the start with one message naming every bad setting, no stack trace', async () => {
    const { code, stdout, stderr } = await runCommand(program('src/main'), {
      TOKEN_TTL_HOURS: 'half',
      TRUST_PROXY: 'everyone',
    });
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /cannot start: invalid settings:/);
    assert.match(stderr, /TOKEN_TTL_HOURS must be a number from 0\.1 to 8760 \(hours\), got "half"/);
    assert.match(stderr, /TRUST_PROXY must be true, false, a hop count/);
    assert.doesNotMatch(stderr, /\n\s+at /);
  });

  test('on an empty database it creates no demo data and no account, and says how to make the first admin', async () => {
    const node = await startNode();
    node.child.kill('SIGINT');
    assert.equal(await node.exit, 0);
    assert.match(node.output(), /No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `pnpm db:admin/);
    assert.doesNotMatch(node.output(), /demo1234/);
    assert.equal(await withNodeDatabase(async (db) => (await db.orm.select({ n: count() }).from(users))[0]!.n), 0);
  });

  test('pnpm db:admin creates the first admin once, on first access, and refuses a second', async () => {
    const created = await runCommand(program('src/cli/admin', '--', '--email', 'ana@lab.example'));
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /First admin created: ana@lab\.example \(first access/);
    const password = /Temporary password: (\S+)/.exec(created.stdout)?.[1];
    assert.ok(password && password.length >= 12);
    const again = await runCommand(
      program('src/cli/admin', '--email', 'bruno@lab.example', '--password', 'outra-senha-1'),
    );
    assert.equal(again.code, 1);
    assert.match(again.stdout, /An admin already exists \(ana@lab\.example\)/);
    const admins = await withNodeDatabase((db) => db.orm.select().from(users));
    assert.deepEqual(
      admins.map((user) => [user.email, user.profile, user.firstAccess]),
      [['ana@lab.example', 'admin', true]],
    );
    const bad = await runCommand(program('src/cli/admin', '--email', 'not-an-address'));
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /an --email is needed/);
  });

  test('SIGTERM drains: readiness 503 at once while requests are still served, then a clean exit', async () => {
    const DRAIN_MS = 1500;
    const node = await startNode({ SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
    const url = (route: string) => `http://127.0.0.1:${node.port}${route}`;
    const signalled = performance.now();
    node.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const health = await fetch(url('/api/health'));
    assert.equal(health.status, 503);
    assert.equal(((await health.json()) as { code: string }).code, 'service_unavailable');
    const settings = await fetch(url('/api/settings'));
    assert.equal(settings.status, 200);
    assert.equal(settings.headers.get('connection'), 'close');
    assert.equal(await node.exit, 0, node.output());
    const lasted = performance.now() - signalled;
    assert.ok(lasted >= DRAIN_MS && lasted < DRAIN_MS + 5000, `exited after ${lasted.toFixed(0)} ms`);
  });
});
