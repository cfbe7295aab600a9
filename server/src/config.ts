import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_MAX_IMAGE_MB, MIN_PASSWORD_LENGTH } from '@canteiro/shared/domain';

/**
 * Every setting of the server, read once from the environment and checked before anything
 * starts (docs/server.md lists them with their units and defaults): a bad value stops the
 * start with one message naming every bad setting, never a 500 later.
 */
export interface Config {
  port: number;
  host: string;
  /**
   * Real PostgreSQL when set; otherwise the embedded PGlite at `dataDir`. It may list several
   * hosts (`postgres://u:p@db1:5432,db2:5432/canteiro`): the node uses the one that accepts
   * writes and follows a promotion (docs/deploy.md).
   */
  databaseUrl: string | null;
  /** A streaming replica the dashboards read from when it has caught up; the primary when unset. */
  databaseReadUrl: string | null;
  /** A direct connection (not through PgBouncer) for the migrations' advisory lock; `databaseUrl` when unset. */
  databaseMigrationUrl: string | null;
  database: DatabaseTuning;
  /** PGlite data folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Lifetime of a session, in hours (decimals allowed: 0.5 is 30 minutes). */
  tokenTtlHours: number;
  loginLimits: LoginLimits;
  maxImageMb: number;
  logLevel: LogLevel;
  cookieSecure: boolean;
  /** Who may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /** Repository root: holds host/dist and the remotes' dist folders. */
  staticRoot: string;
  remotes: { admin: string; management: string; dash: string };
  /** IANA time zone of the sites: "today" for an activity's status (late or in term). */
  siteTimeZone: string;
  /** Fill an empty database with the demo data at start (`pnpm start` sets it; a deployment never should). */
  seedDemo: boolean;
  /** The first admin of a real deployment, created at start when no admin exists. */
  firstAdmin: { email: string; password: string } | null;
  /** Apply pending migrations at start; a fleet turns it off and runs `pnpm db:migrate` as a deploy step. */
  migrateOnStart: boolean;
  shutdown: ShutdownTiming;
}

/** How the node talks to PostgreSQL (ignored by PGlite). */
export interface DatabaseTuning {
  /** Connections per pool (the primary's and the replica's each). */
  poolSize: number;
  /** Time to open a connection before the request answers 503, in ms. */
  connectTimeoutMs: number;
  /** Longest statement, in ms (PostgreSQL's `statement_timeout`); 0 means none. */
  statementTimeoutMs: number;
  /** Named (prepared) statements; off behind PgBouncer in transaction mode. */
  preparedStatements: boolean;
}

/** A rolling restart (docs/deploy.md): readiness off, drain, then close. */
export interface ShutdownTiming {
  /** After SIGTERM: /api/health answers 503 while requests are still served, in ms. */
  drainMs: number;
  /** Then: time in-flight requests get to finish before the process exits anyway, in ms. */
  graceMs: number;
}

/** Failed sign-ins tolerated per window (docs/server.md, "Sign-in throttling"). */
export interface LoginLimits {
  windowMinutes: number;
  /** One account from one address: small, and it holds back only that address. */
  perAccountAddress: number;
  /** One address, whatever the accounts. */
  perAddress: number;
  /** One account from every address: a ceiling far above `perAccountAddress`. */
  perAccount: number;
  /** Failures of one account after which each attempt waits 1 s, 2 s, 4 s… (MAX_SLOWDOWN_SECONDS). */
  slowdownAfter: number;
}

/** false: the socket's address; true: every hop; a number: that many hops; a list: those proxies. */
export type TrustProxy = boolean | number | string[];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every bad setting at once, so an operator fixes them in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Resolved from this file so it is the same from src/ (tsx) and dist/ (node). */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Environment = Record<string, string | undefined>;

/** Reads settings, collecting every problem instead of stopping at the first. */
class Reader {
  readonly problems: string[] = [];

  constructor(private readonly env: Environment) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  private refuse<T>(name: string, expected: string, raw: string, fallback: T): T {
    this.problems.push(`${name} must be ${expected}, got "${raw}"`);
    return fallback;
  }

  text(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalText(name: string): string | null {
    return this.raw(name) ?? null;
  }

  /** A number in [min, max]; whole unless `decimals`. */
  number(name: string, fallback: number, { min, max, decimals = false, unit = '' }: NumberRule): number {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    const kind = decimals ? 'a number' : 'a whole number';
    const range = `${kind} from ${min} to ${max}${unit ? ` (${unit})` : ''}`;
    if (!/^[+]?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(value) || value < min || value > max)
      return this.refuse(name, range, raw, fallback);
    if (!decimals && !Number.isInteger(value)) return this.refuse(name, range, raw, fallback);
    return value;
  }

  flag(name: string, fallback: boolean): boolean {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    const lower = raw.toLowerCase();
    if (TRUE_WORDS.includes(lower)) return true;
    if (FALSE_WORDS.includes(lower)) return false;
    return this.refuse(name, 'true or false', raw, fallback);
  }

  oneOf<const Values extends readonly string[]>(name: string, values: Values, fallback: Values[number]) {
    const raw = this.raw(name);
    if (raw === undefined) return fallback;
    return (values as readonly string[]).includes(raw)
      ? (raw as Values[number])
      : this.refuse(name, `one of ${values.join(', ')}`, raw, fallback);
  }

  /** A PostgreSQL URL (`postgres://` or `postgresql://`), possibly with several hosts. */
  databaseUrl(name: string): string | null {
    const raw = this.raw(name);
    if (raw === undefined) return null;
    return /^postgres(ql)?:\/\/[^/\s]*\/[^/?\s]+(\?\S*)?$/.test(raw)
      ? raw
      : this.refuse(name, 'a PostgreSQL URL such as postgres://user:password@host:5432/canteiro', redactUrl(raw), null);
  }

  timeZone(name: string, fallback: string): string {
    const value = this.text(name, fallback);
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return value;
    } catch {
      return this.refuse(name, 'an IANA time zone such as America/Sao_Paulo', value, fallback);
    }
  }

  /** `/path` on this server or an http(s) URL. */
  location(name: string, fallback: string): string {
    const value = this.text(name, fallback);
    return /^(\/|https?:\/\/)\S+$/.test(value)
      ? value
      : this.refuse(name, 'a path starting with / or an http(s) URL', value, fallback);
  }

  trustProxy(name: string): TrustProxy {
    const raw = this.raw(name);
    if (raw === undefined) return false;
    const lower = raw.toLowerCase();
    // '1' is a hop count (the load balancer in front), not 'true' (which trusts every hop).
    if (TRUE_WORDS.includes(lower) && lower !== '1') return true;
    if (FALSE_WORDS.includes(lower)) return false;
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      return hops >= 1 && hops <= 10 ? hops : this.refuse(name, 'a hop count from 1 to 10', raw, false);
    }
    const proxies = raw.split(',').map((entry) => entry.trim());
    if (proxies.every(isAddressOrRange)) return proxies;
    return this.refuse(
      name,
      'true, false, a hop count (1) or a comma list of proxy addresses or CIDR ranges (10.0.0.0/8, 127.0.0.1)',
      raw,
      false,
    );
  }

  firstAdmin(): Config['firstAdmin'] {
    const email = this.raw('ADMIN_EMAIL');
    const password = this.env.ADMIN_PASSWORD;
    if (email === undefined && !password) return null;
    if (email === undefined) return this.refuse('ADMIN_EMAIL', 'set with ADMIN_PASSWORD', '', null);
    if (!EMAIL.test(email)) return this.refuse('ADMIN_EMAIL', 'an e-mail address', email, null);
    if (!password) return this.refuse('ADMIN_PASSWORD', 'set with ADMIN_EMAIL', '', null);
    if (password.length < MIN_PASSWORD_LENGTH)
      return this.refuse('ADMIN_PASSWORD', `at least ${MIN_PASSWORD_LENGTH} characters`, '…', null);
    return { email, password };
  }
}

interface NumberRule {
  min: number;
  max: number;
  decimals?: boolean;
  unit?: string;
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const size = Number(bits);
  return /^\d+$/.test(bits) && size <= (family === 4 ? 32 : 128);
}

/** A URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1[redacted]@');
}

const HOUR_MS = 3_600_000;

export function loadConfig(env: Environment = process.env): Config {
  const read = new Reader(env);
  const databaseUrl = read.databaseUrl('DATABASE_URL');
  const config: Config = {
    port: read.number('PORT', 8080, { min: 1, max: 65_535 }),
    host: read.text('HOST', '0.0.0.0'),
    databaseUrl,
    databaseReadUrl: read.databaseUrl('DATABASE_READ_URL'),
    databaseMigrationUrl: read.databaseUrl('DATABASE_MIGRATION_URL'),
    database: {
      poolSize: read.number('DATABASE_POOL_SIZE', 10, { min: 1, max: 1000, unit: 'connections' }),
      connectTimeoutMs: read.number('DATABASE_CONNECT_TIMEOUT_MS', 5000, { min: 100, max: HOUR_MS, unit: 'ms' }),
      statementTimeoutMs: read.number('DATABASE_STATEMENT_TIMEOUT_MS', 60_000, { min: 0, max: HOUR_MS, unit: 'ms' }),
      preparedStatements: read.flag('DATABASE_PREPARED_STATEMENTS', true),
    },
    dataDir: read.text('DATA_DIR', path.join(repositoryRoot, '.data', 'pglite')),
    tokenTtlHours: read.number('TOKEN_TTL_HOURS', 12, { min: 0.1, max: 8760, decimals: true, unit: 'hours' }),
    loginLimits: {
      windowMinutes: read.number('LOGIN_WINDOW_MINUTES', 15, { min: 1, max: 1440, unit: 'minutes' }),
      perAccountAddress: read.number('LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS', 5, { min: 1, max: 1_000_000 }),
      perAddress: read.number('LOGIN_MAX_FAILURES_PER_ADDRESS', 30, { min: 1, max: 1_000_000 }),
      perAccount: read.number('LOGIN_MAX_FAILURES_PER_ACCOUNT', 100, { min: 1, max: 1_000_000 }),
      slowdownAfter: read.number('LOGIN_SLOWDOWN_AFTER_FAILURES', 10, { min: 1, max: 1_000_000 }),
    },
    maxImageMb: read.number('MAX_IMAGE_MB', DEFAULT_MAX_IMAGE_MB, { min: 0.01, max: 50, decimals: true, unit: 'MB' }),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    cookieSecure: read.flag('COOKIE_SECURE', false),
    trustProxy: read.trustProxy('TRUST_PROXY'),
    staticRoot: path.resolve(read.text('STATIC_ROOT', repositoryRoot)),
    remotes: {
      admin: read.location('REMOTE_ADMIN_URL', '/remotes/admin/mf-manifest.json'),
      management: read.location('REMOTE_MANAGEMENT_URL', '/remotes/management/mf-manifest.json'),
      dash: read.location('REMOTE_DASH_URL', '/remotes/dash/mf-manifest.json'),
    },
    siteTimeZone: read.timeZone('SITE_TIME_ZONE', 'America/Sao_Paulo'),
    seedDemo: read.flag('SEED_DEMO', false),
    firstAdmin: read.firstAdmin(),
    migrateOnStart: read.flag('MIGRATE_ON_START', true),
    shutdown: {
      drainMs: read.number('SHUTDOWN_DRAIN_MS', 5000, { min: 0, max: 600_000, unit: 'ms' }),
      graceMs: read.number('SHUTDOWN_GRACE_MS', 10_000, { min: 0, max: 600_000, unit: 'ms' }),
    },
  };
  if (!databaseUrl && (config.databaseReadUrl || config.databaseMigrationUrl))
    read.problems.push('DATABASE_READ_URL and DATABASE_MIGRATION_URL need DATABASE_URL (PGlite has no replica)');
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
