import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseTuning } from '../config.js';
import type { Database, DatabaseLog } from './connection.js';
import { replicaWithBreaker } from './replica.js';
import { runGeneric } from './generic-plans.js';
import {
  DatabaseUnavailable,
  INT8_OID,
  MAX_PREPARED_PER_CONNECTION,
  NUMERIC_OID,
  errorCode,
  isDatabaseUnavailable,
  migrationsFolder,
  toNumber,
  planOf,
} from './driver.js';

/**
 * A PostgreSQL server (DATABASE_URL), through node-postgres pools (docs/deploy.md):
 *
 * - a node outlives its database: every pool and every connection handles its `error` event
 *   (a restart, a failover or `pg_terminate_backend` ends connections; unhandled, that ends
 *   the process), a dead connection is dropped and the next request opens a new one;
 * - connecting and statements have time limits, so a request fails fast with 503 instead of
 *   hanging (plugins/errors.ts);
 * - DATABASE_URL may list several hosts: the pool connects to the one that accepts writes
 *   and looks again when it loses it (a promoted standby is found by itself);
 * - named statements are optional (PgBouncer in transaction mode cannot keep them).
 */

export interface PostgresSettings {
  url: string;
  readUrl: string | null;
  /** A direct connection for the migrations' session advisory lock (not through PgBouncer). */
  migrationUrl: string | null;
  tuning: DatabaseTuning;
  log: DatabaseLog;
}

/** Any constant works: it only has to be the same for every instance that migrates. */
const MIGRATION_LOCK_KEY = 4_715_302_118;

/** The replica is only worth asking when it answers at once. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;

export async function openPostgres(settings: PostgresSettings): Promise<Database> {
  // Global on purpose: drizzle's node-postgres session falls back to pg.types for these.
  pg.types.setTypeParser(INT8_OID, toNumber);
  pg.types.setTypeParser(NUMERIC_OID, toNumber);
  const { tuning, log } = settings;
  const primary = new HostRouter(settings.url, tuning, log);
  await primary.locateFirst();
  const pool = resilientPool(primary, tuning, log, 'primary');
  const orm = drizzleNodePg(pool);
  // Fail at start, not at the first request, when the server is unreachable. The connection is
  // closed, not kept: a session opened before the migrations would keep the settings they store.
  const first = await pool.connect();
  try {
    await first.query('select 1');
  } finally {
    first.release(true);
  }
  const replicaPool = settings.readUrl
    ? resilientPool(
        new HostRouter(settings.readUrl, tuning, log, { anyHost: true }),
        { ...tuning, connectTimeoutMs: Math.min(tuning.connectTimeoutMs, REPLICA_CONNECT_TIMEOUT_MS) },
        log,
        'replica',
      )
    : null;
  return {
    kind: 'postgres',
    orm,
    replica: replicaPool ? replicaWithBreaker(drizzleNodePg(replicaPool), log) : null,
    ping: async () => {
      await orm.execute(sql`select 1`);
    },
    migrate: async () => {
      // Several instances may start together: one migrates, the others wait for it. A session
      // lock needs one server connection for the whole run, hence a client of its own (through
      // PgBouncer in transaction mode, DATABASE_MIGRATION_URL names the server itself).
      const client = new pg.Client({
        connectionString: settings.migrationUrl ? new HostRouter(settings.migrationUrl, tuning, log).url : primary.url,
        connectionTimeoutMillis: tuning.connectTimeoutMs,
      });
      client.on('error', (error) => log.warn({ err: error }, 'migration connection lost'));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
        await turnJitOff(client, log);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
  };
}

/**
 * PostgreSQL's JIT off for the product's database (docs/server.md, "Decisions"): it compiled
 * a users page (a 0.7 ms statement whose estimated cost crossed `jit_above_cost`) for 34 ms,
 * and saved no dashboard measurably. A setting of the database, not of a connection, so it
 * holds through PgBouncer (which passes no startup option) and on every new session; set at
 * each migration run, as a fresh session only sees it once stored. A role that does not own
 * the database sets it for itself in this database; a database already at `jit = off` (by
 * the operator or an earlier run) is left as it is.
 */
async function turnJitOff(client: pg.Client, log: DatabaseLog): Promise<void> {
  const { rows } = await client.query<{ jit: string }>("select current_setting('jit') as jit");
  if (rows[0]?.jit === 'off') return;
  try {
    await client.query(`do $$ begin execute format('alter database %I set jit = off', current_database()); end $$`);
  } catch (error) {
    if (errorCode(error) !== INSUFFICIENT_PRIVILEGE) throw error;
    await client.query(
      `do $$ begin execute format('alter role %I in database %I set jit = off', current_user, current_database()); end $$`,
    );
    log.warn({}, 'database: JIT turned off for this role only (it does not own the database)');
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

interface Host {
  url: string;
  label: string;
}

/**
 * The hosts of a URL and the one in use. `postgres://u:p@db1:5432,db2:5432/canteiro` lists two:
 * connections go to the one that accepts writes (libpq's `target_session_attrs=read-write`,
 * unless `anyHost`); when it is lost, each host is asked again (`pg_is_in_recovery()`), so a
 * standby promoted after a failover becomes the primary of every new connection.
 */
class HostRouter {
  private readonly hosts: Host[];
  private current = 0;
  private locating: Promise<void> | null = null;

  constructor(
    url: string,
    private readonly tuning: DatabaseTuning,
    private readonly log: DatabaseLog,
    private readonly options: { anyHost?: boolean } = {},
  ) {
    this.hosts = splitHosts(url);
  }

  get url(): string {
    return this.hosts[this.current]!.url;
  }

  /** Several hosts, and the one chosen must accept writes. */
  get checksRole(): boolean {
    return this.hosts.length > 1 && !this.options.anyHost;
  }

  /** Something went wrong with the host in use: find the primary again (one search at a time). */
  lost(): void {
    if (this.hosts.length < 2 || this.locating) return;
    this.locating = this.locate().finally(() => {
      this.locating = null;
    });
  }

  /** Several hosts: start on the primary (the first that answers and accepts writes). */
  async locateFirst(): Promise<void> {
    if (this.hosts.length > 1) await this.locate();
  }

  /** Waits for a search under way, so a request after a failover goes to the new primary. */
  async settled(): Promise<void> {
    await this.locating;
  }

  private async locate(): Promise<void> {
    for (let attempt = 0; attempt < this.hosts.length; attempt += 1) {
      const index = (this.current + attempt) % this.hosts.length;
      const host = this.hosts[index]!;
      const client = new pg.Client({
        connectionString: host.url,
        connectionTimeoutMillis: this.tuning.connectTimeoutMs,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
        if (this.options.anyHost || rows[0]?.standby === false) {
          if (index !== this.current) this.log.warn({ host: host.label }, 'database: now using this host');
          this.current = index;
          return;
        }
      } catch {
        // Down or unreachable: the next one.
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }
}

/** Each host of a multi-host URL as a URL of its own (what node-postgres understands). */
export function splitHosts(url: string): Host[] {
  const match = /^(postgres(?:ql)?:\/\/)(?:([^@/]*)@)?([^/]*)(\/.*)?$/.exec(url);
  if (!match) return [{ url, label: '?' }];
  const [, scheme, auth, hostList = '', rest = ''] = match;
  // node-postgres does not know libpq's target_session_attrs: HostRouter does its work.
  const path = rest.replace(/([?&])target_session_attrs=[^&]*&?/, '$1').replace(/[?&]$/, '');
  return hostList.split(',').map((host) => ({
    url: `${scheme}${auth === undefined ? '' : `${auth}@`}${host}${path}`,
    label: host || 'localhost',
  }));
}

/** SQLSTATEs that say the host in use is no longer the primary (or no longer there). */
const HOST_LOST_CODES = new Set(['25006', '57P01', '57P02', '57P03', '08006', '08003', '08001', '08004']);

/**
 * A pool that survives its database: errors of idle and checked-out connections are handled
 * (logged; pg-pool then drops the connection), connections go to the router's host, and
 * every SELECT is prepared once per connection unless named statements are off.
 */
function resilientPool(router: HostRouter, tuning: DatabaseTuning, log: DatabaseLog, role: string): pg.Pool {
  /** Opens connections to the host the router chose; a failure sends it looking again. */
  class RoutedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: router.url });
    }

    // pg-pool calls connect(callback); drizzle never calls it directly.
    override connect(): Promise<pg.Client>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.Client> | void {
      const connecting = router
        .settled()
        .then(() => super.connect())
        .catch((error: unknown) => {
          router.lost();
          throw error;
        });
      if (!callback) return connecting;
      connecting.then(
        () => (callback as (error: null, client: pg.Client) => void)(null, this),
        (error: Error) => (callback as (error: Error) => void)(error),
      );
    }
  }

  const options: pg.PoolConfig = {
    Client: RoutedClient,
    connectionString: router.url,
    max: tuning.poolSize,
    connectionTimeoutMillis: tuning.connectTimeoutMs,
    keepAlive: true,
    ...(tuning.statementTimeoutMs > 0 ? { statement_timeout: tuning.statementTimeoutMs } : {}),
    // Several hosts: a connection that reached a standby is refused (and the primary looked for).
    ...(router.checksRole ? { onConnect: requirePrimary(router) } : {}),
  };
  const pool = new pg.Pool(options);
  // The error alone: pg-pool hangs the whole client on it, whose log line was ~20 KB (the text
  // of every statement it had prepared) for each connection a restart ended.
  const lost = (error: Error & { code?: unknown }) => {
    log.warn({ pool: role, code: error.code, reason: error.message }, 'database connection lost');
    router.lost();
  };
  // An idle connection ended by the server (restart, pg_terminate_backend, failover).
  pool.on('error', lost);
  pool.on('connect', (client) => {
    // A checked-out connection (between the queries of a transaction) has no pool listener.
    client.on('error', lost);
    const prepared = tuning.preparedStatements ? new Set<string>() : null;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const values = typeof rest[rest.length - 1] === 'function' ? rest.slice(0, -1) : rest;
      const asUsual = () => query(statementConfig(config, prepared), ...values);
      const result =
        runGeneric(query, config, rest, prepared, asUsual) ?? query(statementConfig(config, prepared), ...rest);
      if (result instanceof Promise)
        result.catch((error: unknown) => {
          if (HOST_LOST_CODES.has(String(errorCode(error))) || isDatabaseUnavailable(error)) router.lost();
        });
      return result;
    };
  });
  return pool;
}

/** pg-pool's `onConnect` (not in its types): a connection to a standby is ended and refused. */
function requirePrimary(router: HostRouter) {
  return async (client: pg.ClientBase): Promise<void> => {
    const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
    if (rows[0]?.standby === false) return;
    router.lost();
    throw new DatabaseUnavailable('connected to a standby, not the primary');
  };
}

type ConnectCallback = ((error: Error) => void) | ((error: null, client: pg.Client) => void);

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

/**
 * With named statements, every SELECT gets a name from a digest of its text, so PostgreSQL
 * parses and plans each distinct statement once per connection instead of on every request
 * (the session lookup: ~230–440 µs unprepared, ~40–70 µs prepared; docs/benchmarks.md, issue
 * 9). The statements differ by text only (scope, filters, sort), never by value, so their
 * number stays small; past a cap they run unprepared. Without (`prepared` null), no query
 * keeps a name, not even drizzle's own `.prepare('find_session')`: behind PgBouncer in
 * transaction mode, the next transaction may run on another server connection.
 */
function statementConfig(config: unknown, prepared: Set<string> | null): unknown {
  if (typeof config !== 'object' || config === null) return config;
  const { text, name } = config as QueryConfig;
  if (prepared === null) {
    if (name === undefined) return config;
    const { name: _dropped, ...unnamed } = config as QueryConfig & Record<string, unknown>;
    return unnamed;
  }
  if (
    name !== undefined ||
    typeof text !== 'string' ||
    !/^\s*(select|with)\b/i.test(text) ||
    planOf(text) === 'per-call'
  )
    return config;
  const digest = `q${createHash('sha1').update(text).digest('base64url')}`;
  if (!prepared.has(digest)) {
    if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return config;
    prepared.add(digest);
  }
  return { ...config, name: digest };
}
