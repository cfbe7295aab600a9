import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../src/config.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('configuration', () => {
  test('has working defaults with an empty environment', () => {
    assert.deepEqual(loadConfig({}), {
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      databaseReadUrl: null,
      databaseMigrationUrl: null,
      database: { poolSize: 10, connectTimeoutMs: 5000, statementTimeoutMs: 60_000, preparedStatements: true },
      dataDir: path.join(repositoryRoot, '.data', 'pglite'),
      tokenTtlHours: 12,
      loginLimits: { windowMinutes: 15, perAccountAddress: 5, perAddress: 30, perAccount: 100, slowdownAfter: 10 },
      maxImageMb: 2,
      logLevel: 'info',
      cookieSecure: false,
      trustProxy: false,
      staticRoot: repositoryRoot,
      remotes: {
        admin: '/remotes/admin/mf-manifest.json',
        management: '/remotes/management/mf-manifest.json',
        dash: '/remotes/dash/mf-manifest.json',
      },
      siteTimeZone: 'America/Sao_Paulo',
      seedDemo: false,
      firstAdmin: null,
      migrateOnStart: true,
      shutdown: { drainMs: 5000, graceMs: 10_000 },
    });
  });

  test('SITE_TIME_ZONE: an IANA time zone, anything else stops the start', () => {
    assert.equal(loadConfig({ SITE_TIME_ZONE: 'America/Manaus' }).siteTimeZone, 'America/Manaus');
    assert.throws(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' }), /SITE_TIME_ZONE/);
  });

  test('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://db/canteiro',
      DATABASE_READ_URL: 'postgres://replica/canteiro',
      DATA_DIR: 'memory://',
      TOKEN_TTL_HOURS: '1',
      LOGIN_WINDOW_MINUTES: '5',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '7',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      LOGIN_SLOWDOWN_AFTER_FAILURES: '20',
      MAX_IMAGE_MB: '5',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: 'ana@lab.example',
      ADMIN_PASSWORD: 'primeiro-acesso',
      MIGRATE_ON_START: 'false',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_GRACE_MS: '2500',
      DATABASE_POOL_SIZE: '20',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_PREPARED_STATEMENTS: 'false',
      DATABASE_MIGRATION_URL: 'postgres://db-direct/canteiro',
      STATIC_ROOT: '/srv/canteiro',
      REMOTE_ADMIN_URL: 'https://cdn.example/admin/mf-manifest.json',
      REMOTE_MANAGEMENT_URL: 'https://cdn.example/management/mf-manifest.json',
      REMOTE_DASH_URL: 'https://cdn.example/dash/mf-manifest.json',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, 'postgres://db/canteiro');
    assert.equal(config.databaseReadUrl, 'postgres://replica/canteiro');
    assert.equal(config.dataDir, 'memory://');
    assert.equal(config.tokenTtlHours, 1);
    assert.deepEqual(config.loginLimits, {
      windowMinutes: 5,
      perAccountAddress: 7,
      perAddress: 100000,
      perAccount: 1000,
      slowdownAfter: 20,
    });
    assert.equal(config.maxImageMb, 5);
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.cookieSecure, true);
    assert.equal(config.trustProxy, true);
    assert.equal(config.seedDemo, true);
    assert.deepEqual(config.firstAdmin, { email: 'ana@lab.example', password: 'primeiro-acesso' });
    assert.equal(config.migrateOnStart, false);
    assert.deepEqual(config.shutdown, { drainMs: 0, graceMs: 2500 });
    assert.deepEqual(config.database, {
      poolSize: 20,
      connectTimeoutMs: 1500,
      statementTimeoutMs: 0,
      preparedStatements: false,
    });
    assert.equal(config.databaseMigrationUrl, 'postgres://db-direct/canteiro');
    assert.equal(config.staticRoot, '/srv/canteiro');
    assert.deepEqual(config.remotes, {
      admin: 'https://cdn.example/admin/mf-manifest.json',
      management: 'https://cdn.example/management/mf-manifest.json',
      dash: 'https://cdn.example/dash/mf-manifest.json',
    });
  });

  test('refuses nonsense instead of running with it', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
    assert.throws(() => loadConfig({ TOKEN_TTL_HOURS: '0' }), /TOKEN_TTL_HOURS/);
    assert.throws(() => loadConfig({ COOKIE_SECURE: 'maybe' }), /COOKIE_SECURE/);
  });

  test('every bad setting is named at once, with what it must be (and its unit)', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        assert.ok(error instanceof ConfigError, String(error));
        return error.problems;
      }
      assert.fail(`accepted ${JSON.stringify(env)}`);
    };
    assert.deepEqual(
      refused({ PORT: '70000', LOGIN_WINDOW_MINUTES: '2.5', SHUTDOWN_DRAIN_MS: '-1', LOG_LEVEL: 'loud' }),
      [
        'PORT must be a whole number from 1 to 65535, got "70000"',
        'LOGIN_WINDOW_MINUTES must be a whole number from 1 to 1440 (minutes), got "2.5"',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
        'SHUTDOWN_DRAIN_MS must be a whole number from 0 to 600000 (ms), got "-1"',
      ],
    );
    for (const [name, value] of [
      ['LOGIN_MAX_FAILURES_PER_ADDRESS', '1e3'],
      ['DATABASE_POOL_SIZE', '0'],
      ['DATABASE_CONNECT_TIMEOUT_MS', '5s'],
      ['MAX_IMAGE_MB', 'Infinity'],
      ['TOKEN_TTL_HOURS', '0x10'],
      ['DATABASE_URL', 'mysql://db/canteiro'],
      ['DATABASE_PREPARED_STATEMENTS', 'sometimes'],
      ['REMOTE_DASH_URL', 'javascript:alert(1)'],
      ['SEED_DEMO', 'please'],
      ['MIGRATE_ON_START', '2'],
    ])
      assert.match(refused({ [name!]: value! }).join(), new RegExp(`^${name} must be`), `${name}=${value}`);
  });

  test('TOKEN_TTL_HOURS takes decimals (0.5 is half an hour), within 0.1 and a year', () => {
    assert.equal(loadConfig({ TOKEN_TTL_HOURS: '0.5' }).tokenTtlHours, 0.5);
    assert.throws(
      () => loadConfig({ TOKEN_TTL_HOURS: '0.05' }),
      /TOKEN_TTL_HOURS must be a number from 0.1 to 8760 \(hours\)/,
    );
    assert.throws(() => loadConfig({ TOKEN_TTL_HOURS: '9000' }), /TOKEN_TTL_HOURS/);
  });

  test('TRUST_PROXY: false, true, a hop count, or a list of proxies', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    // '1' used to mean true; it is a hop count now: the load balancer in front, and nothing a client wrote.
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy, [
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    for (const value of ['lb.internal', '10.0.0.0/33', '300.1.1.1', '11'])
      assert.throws(() => loadConfig({ TRUST_PROXY: value }), /TRUST_PROXY must be/, value);
  });

  test('ADMIN_EMAIL and ADMIN_PASSWORD come together, a real address and a long enough password', () => {
    assert.throws(() => loadConfig({ ADMIN_EMAIL: 'ana@lab.example' }), /ADMIN_PASSWORD must be set with ADMIN_EMAIL/);
    assert.throws(() => loadConfig({ ADMIN_PASSWORD: 'segredo-longo' }), /ADMIN_EMAIL must be set with ADMIN_PASSWORD/);
    assert.throws(
      () => loadConfig({ ADMIN_EMAIL: 'ana', ADMIN_PASSWORD: 'segredo-longo' }),
      /ADMIN_EMAIL must be an e-mail/,
    );
    assert.throws(
      () => loadConfig({ ADMIN_EMAIL: 'ana@lab.example', ADMIN_PASSWORD: '123' }),
      (error: Error) =>
        /ADMIN_PASSWORD must be at least \d+ characters/.test(error.message) && !error.message.includes('123'),
    );
  });

  test('a replica or a migration URL without DATABASE_URL is refused (PGlite has neither)', () => {
    assert.throws(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/canteiro' }), /need DATABASE_URL/);
  });

  test('a bad DATABASE_URL is named without its password', () => {
    assert.throws(
      () => loadConfig({ DATABASE_URL: 'postgres://canteiro:s3cret@db:5432' }),
      (error: Error) => error.message.includes('[redacted]') && !error.message.includes('s3cret'),
    );
  });
});
