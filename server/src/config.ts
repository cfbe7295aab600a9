import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_MAX_IMAGE_MB } from '@canteiro/shared/domain';

/** Every setting of the server, read once from the environment (docs/server.md lists them). */
export interface Config {
  port: number;
  host: string;
  /** Real PostgreSQL when set; otherwise the embedded PGlite at `dataDir`. */
  databaseUrl: string | null;
  /** A read replica for dashboards; the primary when unset. */
  databaseReadUrl: string | null;
  /** PGlite data folder, or `memory://` for a throw-away database. */
  dataDir: string;
  tokenTtlHours: number;
  loginLimits: LoginLimits;
  maxImageMb: number;
  logLevel: string;
  cookieSecure: boolean;
  /** Trust X-Forwarded-For from a load balancer when deciding the client address. */
  trustProxy: boolean;
  /** Repository root: holds host/dist and the remotes' dist folders. */
  staticRoot: string;
  remotes: { admin: string; management: string; dash: string };
  /** IANA time zone of the sites: "today" for an activity's status (late or in term). */
  siteTimeZone: string;
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

/** Resolved from this file so it is the same from src/ (tsx) and dist/ (node). */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type Environment = Record<string, string | undefined>;

function text(env: Environment, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optionalText(env: Environment, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function positiveNumber(env: Environment, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(env: Environment, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** An IANA time zone name (`America/Sao_Paulo`); anything else stops the server at start. */
function timeZone(env: Environment, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    throw new Error(`${name} must be an IANA time zone such as America/Sao_Paulo, got "${value}"`);
  }
  return value;
}

export function loadConfig(env: Environment = process.env): Config {
  return {
    port: positiveNumber(env, 'PORT', 8080),
    host: text(env, 'HOST', '0.0.0.0'),
    databaseUrl: optionalText(env, 'DATABASE_URL'),
    databaseReadUrl: optionalText(env, 'DATABASE_READ_URL'),
    dataDir: text(env, 'DATA_DIR', path.join(repositoryRoot, '.data', 'pglite')),
    tokenTtlHours: positiveNumber(env, 'TOKEN_TTL_HOURS', 12),
    loginLimits: {
      windowMinutes: positiveNumber(env, 'LOGIN_WINDOW_MINUTES', 15),
      perAccountAddress: positiveNumber(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS', 5),
      perAddress: positiveNumber(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 30),
      perAccount: positiveNumber(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 100),
      slowdownAfter: positiveNumber(env, 'LOGIN_SLOWDOWN_AFTER_FAILURES', 10),
    },
    maxImageMb: positiveNumber(env, 'MAX_IMAGE_MB', DEFAULT_MAX_IMAGE_MB),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    staticRoot: path.resolve(text(env, 'STATIC_ROOT', repositoryRoot)),
    remotes: {
      admin: text(env, 'REMOTE_ADMIN_URL', '/remotes/admin/mf-manifest.json'),
      management: text(env, 'REMOTE_MANAGEMENT_URL', '/remotes/management/mf-manifest.json'),
      dash: text(env, 'REMOTE_DASH_URL', '/remotes/dash/mf-manifest.json'),
    },
    siteTimeZone: timeZone(env, 'SITE_TIME_ZONE', 'America/Sao_Paulo'),
  };
}
