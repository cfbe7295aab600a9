import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AUTH_SCHEME } from '@canteiro/shared/domain';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/connection.js';
import { Lifecycle } from '../src/node/lifecycle.js';
import { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { testConfig } from './helpers.js';
import type { Catalogue } from './management-fixtures.js';
import { Phone, a1ActivityRow, a1EquipmentRow, a1QuantityRow, mobileSuite } from './mobile-fixtures.js';

/**
 * Live figures (docs/dashboards.md, "Live figures"), over real HTTP: a stream opened on a
 * contract's dashboards hears of reports ingested after it opened, with their count, within
 * seconds; it names no other contract, and ends when its session does or the node drains.
 */

let app: FastifyInstance;
let db: Database;
let world: World;
let catalogue: Catalogue;
let occurrence: number;

mobileSuite((context) => {
  ({ app, db, world, catalogue, occurrence } = context);
});

let address: string | undefined;
const listening = async (): Promise<string> => (address ??= await app.listen({ port: 0, host: '127.0.0.1' }));

interface LiveEvent {
  event: string;
  data: { version: string; observations: number };
}

/** A server-sent event stream read event by event ('end' when the server closes it). */
class EventStream {
  private buffer = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private pending: ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']> | null = null;

  constructor(readonly response: Response) {
    this.reader = response.body!.getReader();
  }

  static async open(base: string, token: string, contract: number): Promise<EventStream> {
    const response = await fetch(`${base}/api/dashboards/live?contract=${contract}`, {
      headers: { authorization: `${AUTH_SCHEME} ${token}` },
    });
    return new EventStream(response);
  }

  /** The next event, 'end', or 'quiet' when none came within `ms`. */
  async next(ms = 5_000): Promise<LiveEvent | 'end' | 'quiet'> {
    const deadline = Date.now() + ms;
    for (;;) {
      const cut = this.buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) as LiveEvent['data'] };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return 'quiet';
      this.pending ??= this.reader.read();
      const result = await Promise.race([
        this.pending,
        new Promise<'quiet'>((resolve) => setTimeout(resolve, left, 'quiet')),
      ]);
      if (result === 'quiet') return 'quiet';
      this.pending = null;
      if (result.done) return 'end';
      this.buffer += new TextDecoder().decode(result.value);
    }
  }

  close(): Promise<void> {
    return this.reader.cancel().catch(() => undefined);
  }
}

const streams: EventStream[] = [];
after(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
});

async function watch(base: string, person: string, contract: number): Promise<EventStream> {
  const client = await Client.of(app, person);
  const stream = await EventStream.open(base, client.token, contract);
  streams.push(stream);
  return stream;
}

describe('live figures', () => {
  test('a stream hears of reports ingested after it opened, with their count, and of nothing else', async () => {
    const base = await listening();
    const stream = await watch(base, 'contractA1', world.contractA1);
    assert.equal(stream.response.status, 200);
    assert.match(stream.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.equal(stream.response.headers.get('cache-control'), 'no-store');
    const ready = await stream.next();
    assert.ok(ready !== 'end' && ready !== 'quiet' && ready.event === 'ready');
    assert.equal(ready.data.observations, 0);
    // Another contract's reader hears nothing of A1.
    const other = await watch(base, 'contractA1b', world.contractA1b);
    assert.equal(((await other.next()) as LiveEvent).event, 'ready');

    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    const sent = Date.now();
    const batch = await phone.send([
      a1ActivityRow(catalogue, occurrence),
      a1ActivityRow(catalogue, occurrence),
      a1EquipmentRow(catalogue),
      a1QuantityRow(catalogue),
    ]);
    assert.equal(batch.statusCode, 200, batch.body);
    const change = await stream.next(5_000);
    assert.ok(change !== 'end' && change !== 'quiet', `no event within 5 s: ${change}`);
    assert.equal(change.event, 'change');
    // Two activity rows and one machine: three observations (a quantity is none).
    assert.equal(change.data.observations, 3);
    assert.notEqual(change.data.version, ready.data.version);
    assert.ok(Date.now() - sent < 5_000);
    // Counted since the stream opened: one more is four.
    assert.equal((await phone.send([a1ActivityRow(catalogue, occurrence)])).statusCode, 200);
    const again = (await stream.next(5_000)) as LiveEvent;
    assert.equal(again.event, 'change');
    assert.equal(again.data.observations, 4);
    assert.equal(await other.next(2_500), 'quiet');
  });

  test('refuses a contract out of scope in our error shape, and ends with the session', async () => {
    const base = await listening();
    const outsider = await Client.of(app, 'contractA1b');
    const refused = await fetch(`${base}/api/dashboards/live?contract=${world.contractA1}`, {
      headers: { authorization: `${AUTH_SCHEME} ${outsider.token}` },
    });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { code: string; message: string };
    assert.equal(body.code, 'contract_out_of_scope');
    assert.ok(body.message.length > 0);
    for (const query of ['contract=abc', 'contract=2147483648', '']) {
      const bad = await fetch(`${base}/api/dashboards/live?${query}`, {
        headers: { authorization: `${AUTH_SCHEME} ${outsider.token}` },
      });
      assert.equal(bad.status, 400, query);
      assert.equal(((await bad.json()) as { code: string }).code, 'validation_failed');
    }
    assert.equal((await fetch(`${base}/api/dashboards/live?contract=${world.contractA1}`)).status, 401);

    const user = await Client.of(app, 'contractA1');
    const stream = await EventStream.open(base, user.token, world.contractA1);
    streams.push(stream);
    assert.equal(((await stream.next()) as LiveEvent).event, 'ready');
    assert.equal(
      (await user.browser.request('/api/authentication/logout', { method: 'POST', token: user.token })).statusCode,
      204,
    );
    // Reports after the sign-out: the stream says nothing of them and ends.
    const phone = await Phone.signIn(app, 'reporterA1@t.test');
    assert.equal((await phone.send([a1ActivityRow(catalogue, occurrence)])).statusCode, 200);
    assert.equal(await stream.next(5_000), 'end');
  });

  test('a draining node ends its streams, so readers reconnect elsewhere', async () => {
    const lifecycle = new Lifecycle();
    const node = await buildApp({ config: testConfig(), db, lifecycle });
    try {
      const base = await node.listen({ port: 0, host: '127.0.0.1' });
      const user = await Client.of(app, 'workA1');
      const stream = await EventStream.open(base, user.token, world.contractA1);
      streams.push(stream);
      assert.equal(((await stream.next()) as LiveEvent).event, 'ready');
      lifecycle.draining = true;
      assert.equal(await stream.next(5_000), 'end');
    } finally {
      await node.close();
    }
  });
});
