import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AUTH_SCHEME } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { surveys } from '../src/db/schema/people.js';
import { Browser } from './helpers.js';
import { adminSuite, Client } from './admin-fixtures.js';
import type { Person, World } from './admin-fixtures.js';

/** POST /api/mobile/surveys: the mobile app sends a reporter's answers. */

let db: Database;
let app: FastifyInstance;
let world: World;
let people: Record<Person, number>;

adminSuite((context) => ({ db, app, world, people } = context), { signInAdmin: false });

/** As the mobile app calls: a token, no cookie, no XSRF header. */
async function mobileSubmit(body: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/mobile/surveys',
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: `${AUTH_SCHEME} ${token}` } : {},
  });
}

async function reporterToken(): Promise<string> {
  const login = await new Browser(app).login('reporterA1@t.test', 'demo1234', false);
  return (login.json() as { token: string }).token;
}

describe('a survey from the mobile app', () => {
  test('is recorded for the reporter and its contract, at the server time, without an XSRF header', async () => {
    const before = Date.now();
    const response = await mobileSubmit(
      { experience: 4, usability: 5, resources: 3, suggestions: '  Mais tablets.  ' },
      await reporterToken(),
    );
    assert.equal(response.statusCode, 201);
    const survey = response.json() as Record<string, unknown>;
    assert.deepEqual(
      { ...survey, id: 0, reportTime: '' },
      {
        id: 0,
        user: people.reporterA1,
        userName: 'reporterA1',
        reportTime: '',
        experience: 4,
        usability: 5,
        resources: 3,
        suggestions: 'Mais tablets.',
      },
    );
    assert.ok(Date.parse(String(survey.reportTime)) >= before - 1000);
    const [row] = await db.orm.select().from(surveys);
    assert.equal(row?.contractId, world.contractA1);
    const [audit] = await db.orm.select().from(auditLog);
    assert.deepEqual([audit?.action, audit?.entity, audit?.actorId], ['create', 'surveys', people.reporterA1]);

    const admin = await Client.of(app, 'admin');
    const list = (await admin.get('/api/surveys')).json() as { total: number };
    assert.equal(list.total, 1);
  });

  test("takes no time from the device: a reportTime in the body is ignored, the server's clock stamps it", async () => {
    const before = Date.now();
    for (const reportTime of ['2099-01-01T00:00:00Z', '2000-01-01T00:00:00Z']) {
      const response = await mobileSubmit(
        { experience: 3, usability: 3, resources: 3, reportTime },
        await reporterToken(),
      );
      assert.equal(response.statusCode, 201, response.body);
      const stamped = Date.parse(String((response.json() as { reportTime: string }).reportTime));
      assert.ok(stamped >= before - 1000 && stamped <= Date.now() + 1000, reportTime);
    }
  });

  test('suggestions are optional', async () => {
    const response = await mobileSubmit({ experience: 1, usability: 1, resources: 1 }, await reporterToken());
    assert.equal(response.statusCode, 201);
    assert.equal((response.json() as { suggestions: unknown }).suggestions, null);
  });

  test('ratings are whole numbers from 1 to 5, suggestions at most 2000 characters', async () => {
    const response = await mobileSubmit(
      { experience: 0, usability: 6, resources: 2.5, suggestions: 'x'.repeat(2001) },
      await reporterToken(),
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual((response.json() as { fields: unknown }).fields, {
      experience: 'invalid_value',
      usability: 'invalid_value',
      resources: 'invalid_value',
      suggestions: 'too_long',
    });
    const missing = await mobileSubmit({}, await reporterToken());
    assert.deepEqual((missing.json() as { fields: unknown }).fields, {
      experience: 'required',
      usability: 'required',
      resources: 'required',
    });
    assert.equal((await db.orm.select().from(surveys)).length, 0);
  });

  test('needs a session', async () => {
    const response = await mobileSubmit({ experience: 4, usability: 4, resources: 4 });
    assert.equal(response.statusCode, 401);
  });
});
