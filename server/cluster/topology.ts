import { execFile, execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * The production topology of docs/deploy.md on one machine, from Debian's packages: a
 * PostgreSQL 15 primary and a streaming replica (`pg_basebackup -R`), PgBouncer in
 * transaction mode, API nodes of the production build (`server/dist/main.js`) and HAProxy in
 * front (round robin, readiness checked every second). Everything lives in one temporary
 * folder and is stopped by `stop()`.
 */

const run = promisify(execFile);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_MAIN = path.join(repositoryRoot, 'server', 'dist', 'main.js');

/** Debian's PostgreSQL server binaries (`/usr/lib/postgresql/<major>/bin`). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = majors.map((major) => path.join(root, major, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('PostgreSQL server binaries not found: apt-get install postgresql');
  return bin;
}

/** What the cluster test needs from the machine; the missing ones, by Debian package. */
export function missingTools(): string[] {
  const missing: string[] = [];
  try {
    postgresBin();
  } catch {
    missing.push('postgresql');
  }
  for (const [binary, pkg] of [
    ['/usr/sbin/haproxy', 'haproxy'],
    ['/usr/sbin/pgbouncer', 'pgbouncer'],
  ] as const)
    if (!existsSync(binary)) missing.push(pkg);
  if (!existsSync(SERVER_MAIN)) missing.push('a production build (pnpm build)');
  return missing;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as the `postgres` user. */
async function asPostgres(command: string, args: string[], input?: string): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (input === undefined) return (await run(file, argv, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  // Long statements (thousands of ids) go in on stdin: argv has a size limit.
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} failed: ${stderr}`))));
    child.stdin.end(input);
  });
}

export interface PostgresServer {
  name: string;
  dir: string;
  port: number;
}

export const databaseUrl = (...servers: PostgresServer[]): string =>
  `postgres://canteiro@${servers.map((server) => `127.0.0.1:${server.port}`).join(',')}/canteiro`;

export class Topology {
  readonly root: string;
  readonly bin = postgresBin();
  primary!: PostgresServer;
  replica!: PostgresServer;
  bouncerPort = 0;
  balancerPort = 0;
  private readonly daemons: ChildProcess[] = [];

  constructor() {
    this.root = mkdtempSync(path.join(tmpdir(), 'canteiro-cluster-'));
    if (asRoot) chownSync(this.root, ...postgresIds());
  }

  private pg(tool: string, args: string[], input?: string): Promise<string> {
    return asPostgres(path.join(this.bin, tool), args, input);
  }

  /** psql on a server, as its superuser; the rows as text. */
  sql(server: PostgresServer, statement: string, database = 'postgres'): Promise<string> {
    const args = ['-h', '127.0.0.1', '-p', String(server.port), '-d', database, '-qAtX', '-v', 'ON_ERROR_STOP=1'];
    return this.pg('psql', [...args, '-f', '-'], `${statement};\n`);
  }

  async startPrimary(): Promise<void> {
    const dir = path.join(this.root, 'primary');
    this.primary = { name: 'primary', dir, port: await freePort() };
    await this.pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    writeAsPostgres(
      path.join(dir, 'postgresql.auto.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${this.root}'`,
        'wal_level = replica',
        'max_wal_senders = 5',
        'hot_standby = on',
        // Long dashboard queries on the replica are not cancelled by the primary's vacuum (docs/deploy.md).
        'hot_standby_feedback = on',
        'max_connections = 200',
        'shared_buffers = 64MB',
        'log_min_messages = warning',
      ].join('\n'),
    );
    writeAsPostgres(
      path.join(dir, 'pg_hba.conf'),
      ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'].join('\n'),
    );
    await this.startServer(this.primary);
    await this.sql(this.primary, 'create role canteiro login');
    await this.sql(this.primary, 'create database canteiro owner canteiro');
  }

  async startReplica(): Promise<void> {
    const dir = path.join(this.root, 'replica');
    this.replica = { name: 'replica', dir, port: await freePort() };
    await this.pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primary.port),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
    ]);
    await this.startServer(this.replica);
  }

  /** pg_ctl start or restart of `server` on its port, logging beside the others, waiting up to 60 s. */
  private control(server: PostgresServer, action: 'start' | 'restart', extra: string[] = []): Promise<string> {
    const log = path.join(this.root, `${server.name}.log`);
    return this.pg('pg_ctl', [
      '-D',
      server.dir,
      '-o',
      `-p ${server.port}`,
      '-l',
      log,
      ...extra,
      '-w',
      '-t',
      '60',
      action,
    ]);
  }

  async startServer(server: PostgresServer): Promise<void> {
    await this.control(server, 'start');
  }

  async stopServer(server: PostgresServer, mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pg('pg_ctl', ['-D', server.dir, '-m', mode, '-w', 'stop']);
  }

  async restartServer(server: PostgresServer): Promise<void> {
    await this.control(server, 'restart', ['-m', 'fast']);
  }

  async promote(server: PostgresServer): Promise<void> {
    await this.pg('pg_ctl', ['-D', server.dir, '-w', 'promote']);
  }

  /** PgBouncer in transaction mode in front of the primary. */
  async startBouncer(): Promise<void> {
    this.bouncerPort = await freePort();
    const config = path.join(this.root, 'pgbouncer.ini');
    writeAsPostgres(path.join(this.root, 'userlist.txt'), '"canteiro" ""\n');
    writeAsPostgres(
      config,
      [
        '[databases]',
        `canteiro = host=127.0.0.1 port=${this.primary.port} dbname=canteiro`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(this.root, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 20',
        // Not kept per transaction: set on the role instead (docs/deploy.md).
        'ignore_startup_parameters = extra_float_digits,statement_timeout,options',
        `logfile = ${path.join(this.root, 'pgbouncer.log')}`,
      ].join('\n'),
    );
    this.daemon(
      asRoot ? 'runuser' : '/usr/sbin/pgbouncer',
      asRoot ? ['-u', 'postgres', '--', '/usr/sbin/pgbouncer', config] : [config],
    );
    await waitForPort(this.bouncerPort);
  }

  /** HAProxy: round robin over the nodes, /api/health every second (fall 2, rise 1), the client's address overwritten. */
  async startBalancer(nodes: { name: string; port: number }[]): Promise<void> {
    this.balancerPort = await freePort();
    const config = path.join(this.root, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 60s',
        '  timeout server 60s',
        // Only what never reached a node is tried again, on the other one.
        '  retries 3',
        '  option redispatch',
        '  retry-on conn-failure empty-response',
        'frontend api',
        // Any loopback address: clients come from 127.0.0.2 and 127.0.0.3 too.
        `  bind 0.0.0.0:${this.balancerPort}`,
        // The client's address as HAProxy saw it, whatever the client wrote (TRUST_PROXY=1).
        '  http-request set-header X-Forwarded-For %[src]',
        '  default_backend nodes',
        'backend nodes',
        '  balance roundrobin',
        '  option httpchk GET /api/health',
        '  http-check expect status 200',
        '  default-server inter 1s fall 2 rise 1',
        ...nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`),
      ].join('\n') + '\n',
    );
    this.daemon('/usr/sbin/haproxy', ['-db', '-f', config]);
    await waitForPort(this.balancerPort);
  }

  /** A daemon in a process group of its own, so stopping it stops what runuser started too. */
  private daemon(command: string, args: string[]): ChildProcess {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.unref();
    this.daemons.push(child);
    return child;
  }

  async stop(): Promise<void> {
    for (const child of this.daemons) if (child.pid) process.kill(-child.pid, 'SIGKILL');
    for (const server of [this.primary, this.replica])
      if (server) await this.stopServer(server, 'immediate').catch(() => undefined);
    rmSync(this.root, { recursive: true, force: true });
  }
}

function postgresIds(): [number, number] {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return [id('-u'), id('-g')];
}

function writeAsPostgres(file: string, text: string): void {
  writeFileSync(file, `${text}\n`);
  if (asRoot) chownSync(file, ...postgresIds());
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${host}:${port}`);
}
