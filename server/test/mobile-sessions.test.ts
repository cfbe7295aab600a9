import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { authTokens } from '../src/db/schema/people.js';
import { hashToken } from '../src/authentication/tokens.js';
import type { Client, Person, World } from './admin-fixtures.js';
import { Client as WebClient } from './admin-fixtures.js';
import type { Catalogue } from './management-fixtures.js';
import { Phone, a1ActivityRow, mobileSuite } from './mobile-fixtures.js';
import { Browser, PASSWORD } from './helpers.js';

/**
 * Sessions have a channel (docs/ingestion.md): signed in without from_web (the app) a token
 * opens /api/mobile/* only; with from_web (the back-office) everything but /api/mobile/*.
 */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;
let admin: Client;
let catalogue: Catalogue;
let occurrence: number;

mobileSuite((context) => ({ db, app, world, people, admin, catalogue, occurrence } = context));

const webRoutes = () => [
  '/api/reports/activity?contract=' + world.contractA1,
  '/api/reports/equipment/export?contract=' + world.contractA1,
  '/api/users',
  `/api/users/${people.reporterA1}`,
  '/api/contracts',
  '/api/contracts/options',
  '/api/works',
  '/api/activities?contract=' + world.contractA1,
  '/api/occurrences/options',
  '/api/authentication/me',
];

const activityRow = () => a1ActivityRow(catalogue, occurrence, { quantity: 2, isScheduled: false });

describe('a mobile session', () => {
  test("is stored as such, and the reporter's opens nothing outside /api/mobile/*", async () => {
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const [token] = await db.orm
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(phone.token)));
    assert.equal(token?.channel, 'mobile');
    for (const url of webRoutes()) {
      const response = await phone.request('GET', url);
      assert.equal(response.statusCode, 403, url);
      assert.deepEqual(response.json(), {
        code: 'web_session_required',
        message: errorMessage('web_session_required'),
      });
    }
    // Unsafe calls too (with the XSRF pair the browser would have: the channel still refuses).
    const browser = new WebClient(admin.browser, phone.token);
    for (const [url, body] of [
      ['/api/bases', { name: 'Base X', state: 'SP', isActive: true }],
      ['/api/authentication/change-password', {}],
      ['/api/authentication/logout', {}],
    ] as const) {
      const response = await browser.post(url, body);
      assert.deepEqual(
        [response.statusCode, (response.json() as { code: string }).code],
        [403, 'web_session_required'],
        url,
      );
    }
    // What it is for works.
    assert.equal((await phone.request('GET', `/api/mobile/catalogue?contract=${world.contractA1}`)).statusCode, 200);
    assert.equal((await phone.send([activityRow()])).statusCode, 200);
  });

  test('of a back-office user opens no back-office route either: the channel decides, not the profile', async () => {
    const phone = await Phone.signIn(app, 'admin@t.test');
    for (const url of webRoutes()) assert.equal((await phone.request('GET', url)).statusCode, 403, url);
    const answer = (await phone.send([activityRow()])).json() as { accepted: string[] };
    assert.equal(answer.accepted.length, 1, 'an admin may report from the app');
  });

  test('is opened by POST /api/mobile/login without any cookie, and by the shared login without from_web', async () => {
    const viaApp = await app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { email: 'reporterA1@t.test', password: PASSWORD },
    });
    assert.equal(viaApp.statusCode, 200, viaApp.body);
    const { token, user } = viaApp.json() as { token: string; user: { email: string } };
    assert.equal(user.email, 'reporterA1@t.test');
    const [stored] = await db.orm
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    assert.equal(stored?.channel, 'mobile');

    const viaWeb = await new Browser(app).login('reporterA1@t.test', PASSWORD, false);
    assert.equal(viaWeb.statusCode, 200);
    const [shared] = await db.orm
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken((viaWeb.json() as { token: string }).token)));
    assert.equal(shared?.channel, 'mobile');

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { email: 'reporterA1@t.test', password: 'not-the-password' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal((wrong.json() as { code: string }).code, 'invalid_credentials');
    const malformed = await app.inject({ method: 'POST', url: '/api/mobile/login', payload: { email: 'x' } });
    assert.equal(malformed.statusCode, 400);
    assert.equal((malformed.json() as { code: string }).code, 'validation_failed');
  });

  test('signs out with POST /api/mobile/logout, without an XSRF header', async () => {
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const response = await phone.request('POST', '/api/mobile/logout');
    assert.equal(response.statusCode, 204);
    assert.equal((await phone.request('GET', `/api/mobile/catalogue?contract=${world.contractA1}`)).statusCode, 401);
  });

  test("opens the user's picture, as the sign-in answer points at it", async () => {
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const response = await phone.request('GET', `/api/users/${people.reporterA1}/picture`);
    assert.equal(response.statusCode, 404, 'no picture yet: not refused for the channel');
  });
});

describe('a web session', () => {
  test('opens none of the mobile routes', async () => {
    for (const person of ['admin', 'contractA1'] as const) {
      const web = await WebClient.of(app, person);
      const [token] = await db.orm
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(web.token)));
      assert.equal(token?.channel, 'web');
      const calls = [
        web.get(`/api/mobile/catalogue?contract=${world.contractA1}`),
        web.post('/api/mobile/reports', { reports: [activityRow()] }),
        web.post('/api/mobile/surveys', { experience: 5, usability: 5, resources: 5 }),
        web.post('/api/mobile/logout', {}),
      ];
      for (const response of await Promise.all(calls)) {
        assert.equal(response.statusCode, 403, `${person}: ${response.body}`);
        assert.equal((response.json() as { code: string }).code, 'mobile_session_required');
      }
      assert.equal((await web.get('/api/authentication/me')).statusCode, 200, 'still signed in');
    }
  });

  test('a reporter still cannot get one', async () => {
    const response = await admin.browser.login('reporterA1@t.test');
    assert.equal(response.statusCode, 403);
    assert.equal((response.json() as { code: string }).code, 'reporter_denied');
  });
});
