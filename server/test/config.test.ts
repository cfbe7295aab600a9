import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('configuration', () => {
  test('has working defaults with an empty environment', () => {
    assert.deepEqual(loadConfig({}), {
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      databaseReadUrl: null,
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
      TRUST_PROXY: '1',
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
});
