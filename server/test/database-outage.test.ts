import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connection.js';
import type { Database } from '../src/db/connection.js';
import { isDatabaseUnavailable } from '../src/db/driver.js';
import { splitHosts } from '../src/db/postgres.js';
import { Lifecycle } from '../src/node/lifecycle.js';
import {
  Browser,
  createOrganisation,
  createUser,
  openTestDatabase,
  resetDatabase,
  startApp,
  testConfig,
} from './helpers.js';
import { TcpProxy, hostAndPort, throughProxy } from './tcp-proxy.js';

/**
 * A node outlives its database (docs/deploy.md): readiness and liveness, 503
 * `database_unavailable` fast while the database is away, back by itself when it returns,
 * connections ended under it (a restart, `pg_terminate_backend`) never ending the process.
 */

const url = process.env.TEST_DATABASE_URL?.trim() || null;

describe('health', () => {
  let db: Database;
  let app: FastifyInstance;
  const lifecycle = new Lifecycle();
  before(async () => {
    db = await openTestDatabase();
    app = await buildApp({ config: testConfig(), db, lifecycle });
  });
  after(async () => {
    await app?.close();
    await db?.close();
  });

  test('/api/health is readiness: 200 with the database that answered', async () => {
    const response = await app.inject('/api/health');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok', database: url ? 'postgres' : 'pglite' });
  });

  test('/api/health/live says only that the process runs', async () => {
    const response = await app.inject('/api/health/live');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
  });

  test('while the node drains, readiness is 503 and every answer closes its connection', async () => {
    lifecycle.draining = true;
    try {
      const health = await app.inject({ url: '/api/health', headers: { 'accept-language': 'en-US' } });
      assert.equal(health.statusCode, 503);
      assert.deepEqual(health.json(), {
        code: 'service_unavailable',
        message: errorMessage('service_unavailable', 'en-US'),
      });
      // Still serving: the load balancer has not noticed yet.
      for (const path of ['/api/health/live', '/api/settings']) {
        const response = await app.inject(path);
        assert.equal(response.statusCode, 200, path);
        assert.equal(response.headers.connection, 'close', path);
      }
    } finally {
      lifecycle.draining = false;
    }
    assert.notEqual((await app.inject('/api/settings')).headers.connection, 'close');
  });
});

describe('what counts as the database being away', () => {
  test('connection errors, shutdowns and time-outs, also wrapped by drizzle; not a bad statement', () => {
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const error of [
      coded('ECONNREFUSED'),
      coded('57P01'),
      coded('57P03'),
      coded('08006'),
      coded('57014'),
      wrapped(coded('25006')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
    ])
      assert.equal(isDatabaseUnavailable(error), true, error.message);
    for (const error of [coded('23505'), coded('42P01'), wrapped(coded('22P02')), new Error('boom')])
      assert.equal(isDatabaseUnavailable(error), false, error.message);
  });

  test('a multi-host DATABASE_URL is one URL per host, without libpq-only parameters', () => {
    assert.deepEqual(
      splitHosts('postgres://u:p%40ss@db1:5432,db2:5433/canteiro?target_session_attrs=read-write&sslmode=require'),
      [
        { url: 'postgres://u:p%40ss@db1:5432/canteiro?sslmode=require', label: 'db1:5432' },
        { url: 'postgres://u:p%40ss@db2:5433/canteiro?sslmode=require', label: 'db2:5433' },
      ],
    );
    assert.deepEqual(splitHosts('postgres://localhost/canteiro'), [
      { url: 'postgres://localhost/canteiro', label: 'localhost' },
    ]);
  });
});

// A real outage needs a real server between the node and its data: the PostgreSQL run.
if (url) {
  describe('a node outlives its PostgreSQL', () => {
    const target = hostAndPort(url);
    const proxy = new TcpProxy(target.host, target.port);
    let db: Database;
    let app: FastifyInstance;
    let browser: Browser;
    let token: string;
    const APPLICATION = 'canteiro-outage-test';

    before(async () => {
      const schema = await openTestDatabase();
      await resetDatabase(schema);
      const organisation = await createOrganisation(schema);
      await createUser(schema, organisation, { email: 'ana@canteiro.test', profile: 'admin' });
      await schema.close();
      await proxy.start();
      db = await openDatabase(
        {
          databaseUrl: throughProxy(url, proxy.port, { application_name: APPLICATION }),
          databaseReadUrl: null,
          dataDir: 'memory://',
          database: { poolSize: 4, connectTimeoutMs: 1000, statementTimeoutMs: 10_000, preparedStatements: true },
        },
        { warn: () => undefined },
      );
      app = await startApp(db);
      browser = new Browser(app, { language: 'en-US' });
      token = await browser.signIn('ana@canteiro.test');
    });
    after(async () => {
      await proxy.cut();
      await app?.close();
      await db?.close();
    });

    const bases = () => browser.request('/api/bases', { token });

    test('while it is away: 503 database_unavailable within the connect time-out, readiness 503, liveness 200', async () => {
      assert.equal((await bases()).statusCode, 200);
      await proxy.cut();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = performance.now();
        const response = await bases();
        const elapsed = performance.now() - started;
        assert.equal(response.statusCode, 503, response.body);
        assert.deepEqual(response.json(), {
          code: 'database_unavailable',
          message: errorMessage('database_unavailable', 'en-US'),
        });
        assert.equal(response.headers['retry-after'], '2');
        assert.ok(elapsed < 1500, `answered in ${elapsed.toFixed(0)} ms`);
      }
      assert.equal((await app.inject('/api/health')).statusCode, 503);
      assert.equal((await app.inject('/api/health/live')).statusCode, 200);
    });

    test('once it is back, the node serves again by itself within seconds', async () => {
      await proxy.start();
      const started = performance.now();
      let status = 0;
      while (performance.now() - started < 10_000) {
        status = (await bases()).statusCode;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(status, 200);
      assert.equal((await app.inject('/api/health')).statusCode, 200);
      assert.ok(performance.now() - started < 5000);
    });

    /** Ends the node's own connections from outside, as an operator or a failover does. */
    async function terminateNodeConnections(): Promise<number> {
      const admin = new pg.Client({ connectionString: url! });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
          [APPLICATION],
        );
        return rows.filter((row) => row.ended).length;
      } finally {
        await admin.end();
      }
    }

    test('idle connections ended by pg_terminate_backend: the process lives on and serves', async () => {
      await Promise.all([bases(), bases(), bases()]);
      assert.ok((await terminateNodeConnections()) >= 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let request = 0; request < 10; request += 1) assert.equal((await bases()).statusCode, 200);
    });

    test('a connection ended inside a transaction fails that transaction only', async () => {
      await assert.rejects(
        db.orm.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await terminateNodeConnections();
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        }),
        (error: unknown) => isDatabaseUnavailable(error),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal((await bases()).statusCode, 200);
    });

    test('DATABASE_URL may list hosts: a dead first host is passed over', async () => {
      const listed = url.replace(/@([^/]+)\//, `@127.0.0.1:1,${target.host}:${target.port}/`);
      const several = await openDatabase({ databaseUrl: listed, databaseReadUrl: null, dataDir: 'memory://' });
      try {
        const answer = await several.orm.execute(sql`select 1 as one`);
        assert.deepEqual((answer as unknown as { rows: unknown[] }).rows, [{ one: 1 }]);
      } finally {
        await several.close();
      }
    });

    test('DATABASE_PREPARED_STATEMENTS=false: no statement keeps a name (PgBouncer in transaction mode)', async () => {
      const preparedNames = async (prepared: boolean) => {
        const single = await openDatabase({
          databaseUrl: url,
          databaseReadUrl: null,
          dataDir: 'memory://',
          database: { poolSize: 1, connectTimeoutMs: 1000, statementTimeoutMs: 0, preparedStatements: prepared },
        });
        const singleApp = await startApp(single);
        try {
          const client = new Browser(singleApp);
          const session = await client.signIn('ana@canteiro.test');
          for (let request = 0; request < 3; request += 1) {
            assert.equal((await client.request('/api/bases', { token: session })).statusCode, 200);
            // A page on its generic plan (crud/reads.ts genericPagePlan): PREPAREd by SQL, or not at all.
            const users = await client.request('/api/users?page=1&pageSize=2', { token: session });
            assert.equal(users.statusCode, 200);
            const page = users.json() as { items: unknown[]; total: number };
            assert.ok(page.total >= 1);
            assert.equal(page.items.length, Math.min(2, page.total));
          }
          const answer = await single.orm.execute(sql`select name from pg_prepared_statements`);
          return (answer as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
        } finally {
          await singleApp.close();
          await single.close();
        }
      };
      const named = await preparedNames(true);
      assert.ok(named.includes('find_session'));
      assert.ok(
        named.some((name) => /^g[0-9a-f]{40}$/.test(name)),
        `the users page runs as a generic statement: ${named.join(', ')}`,
      );
      assert.deepEqual(await preparedNames(false), []);
    });
  });
}
