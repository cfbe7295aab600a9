import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/connection.js';
import { contentSecurityPolicy, remoteOrigins } from '../src/plugins/security-headers.js';
import { Browser, createOrganisation, createUser, openTestDatabase, startApp } from './helpers.js';

let db: Database;
let app: FastifyInstance;

const REMOTES = {
  admin: 'https://cdn.example/admin/mf-manifest.json',
  management: '/remotes/management/mf-manifest.json',
  dash: 'http://localhost:3003/mf-manifest.json',
};

before(async () => {
  db = await openTestDatabase();
  app = await startApp(db, { remotes: REMOTES });
});
after(async () => {
  await app?.close();
  await db?.close();
});

/** `script-src 'self' https://cdn.example` → { 'script-src': ["'self'", 'https://cdn.example'] } */
function directives(policy: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  test('are on every answer: data, errors, refusals and unknown paths', async () => {
    const answers = [
      await app.inject({ url: '/api/health' }),
      await app.inject({ url: '/api/users' }),
      await app.inject({ method: 'POST', url: '/api/bases', payload: {} }),
      await app.inject({ url: '/api/nope' }),
      await app.inject({ url: '/remotes.json' }),
      // Refused by the router itself, outside every hook: an id over 100 characters, a bad URL.
      await app.inject({ url: `/api/bases/${'1'.repeat(101)}` }),
      await app.inject({ url: '/api/bases/%FF' }),
    ];
    for (const answer of answers) {
      const where = `${answer.statusCode} ${answer.body.slice(0, 40)}`;
      assert.ok(answer.headers['content-security-policy'], where);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', where);
      assert.equal(answer.headers['x-frame-options'], 'DENY', where);
      assert.equal(answer.headers['referrer-policy'], 'no-referrer', where);
      if (answer.headers['content-type']?.toString().startsWith('application/json') && answer.statusCode !== 200) {
        assert.equal(answer.headers['cache-control'], 'no-store', where);
      }
    }
  });

  test('API answers that carry data are never stored; a route that knows better keeps its own', async () => {
    const organisation = await createOrganisation(db);
    await createUser(db, organisation, { email: 'admin@canteiro.test', profile: 'admin' });
    const browser = new Browser(app);
    const token = await browser.signIn('admin@canteiro.test');
    for (const url of ['/api/users', '/api/authentication/me', '/api/bases/options', '/api/health']) {
      assert.equal((await browser.request(url, { token })).headers['cache-control'], 'no-store', url);
    }
    const login = await browser.login('admin@canteiro.test');
    assert.equal(login.headers['cache-control'], 'no-store', 'the sign-in answer holds the token');
    assert.equal((await app.inject({ url: '/remotes.json' })).headers['cache-control'], 'no-cache');
  });

  test('the policy allows scripts and connections only from here and from the remotes’ servers', () => {
    const policy = directives(contentSecurityPolicy(REMOTES));
    const remotes = ['https://cdn.example', 'http://localhost:3003'];
    assert.deepEqual(policy['script-src'], ["'self'", ...remotes]);
    assert.deepEqual(policy['connect-src'], ["'self'", ...remotes]);
    assert.deepEqual(policy['style-src'], ["'self'", "'unsafe-inline'", ...remotes], 'antd writes <style> tags');
    assert.deepEqual(policy['frame-ancestors'], ["'none'"]);
    assert.deepEqual(policy['object-src'], ["'none'"]);
    assert.deepEqual(policy['default-src'], ["'self'"]);
    assert.ok(!String(contentSecurityPolicy(REMOTES)).includes('unsafe-eval'));
  });

  test('remotes on this server add no origin; a protocol-relative one adds its host', () => {
    assert.deepEqual(remoteOrigins({ admin: '/a.json', management: '/m.json', dash: '/d.json' }), []);
    assert.deepEqual(
      remoteOrigins({ admin: '//cdn.example/a.json', management: 'https://cdn.example/m.json', dash: '/d.json' }),
      ['cdn.example', 'https://cdn.example'],
    );
    const served = directives(contentSecurityPolicy({ admin: '/a.json', management: '/m.json', dash: '/d.json' }));
    assert.deepEqual(served['script-src'], ["'self'"]);
  });
});
