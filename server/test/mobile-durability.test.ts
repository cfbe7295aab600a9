import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MobileCatalogue } from '@canteiro/shared/domain';
import { openDatabase, selectRows } from '../src/db/connection.js';
import { freePort, serverFolder } from '../bench/support.js';
import { openMigratedPglite, openTestDatabase } from './helpers.js';
import { program } from './programs.js';
import { insertDemoData } from '../src/demo/seed.js';
import { randomStream } from '../src/demo/reports/random.js';

/**
 * Exactly once across a crash (docs/ingestion.md): the real server in a child process, on
 * PGlite in a folder (or the PostgreSQL of TEST_DATABASE_URL), the demo's catalogue, the demo
 * reporter's phone sending batches of fresh observations from several connections; the
 * server is killed with SIGKILL in the middle, started again on the same data, and the
 * phone resends every batch it saw no answer for, and a few it did. Every acknowledged row
 * must be there exactly once: resent, it comes back as a duplicate.
 */

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() || null;
const REPORTER = 'reporter@canteiro.test';
const BATCH = 100;
const SENDERS = 4;
/** Kills, each followed by a restart on the same data. */
const CRASHES = 3;

let dataDir: string;
let port: number;
let child: ChildProcess | undefined;
let stderr = '';

async function startChild(): Promise<ChildProcess> {
  const server = spawn(process.execPath, program('src/main'), {
    cwd: serverFolder,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The database is migrated before the server listens (already, after the first start).
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`the server did not start: ${stderr}`);
}

const base = () => `http://127.0.0.1:${port}`;

async function signIn(): Promise<string> {
  // Sign-in is outside /api/mobile/: the app echoes the XSRF cookie as the web does (docs/ingestion.md).
  const health = await fetch(`${base()}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${base()}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: REPORTER, password: 'demo1234' }),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { token: string }).token;
}

interface Answer {
  accepted: string[];
  duplicates: string[];
  rejected: unknown[];
}

async function send(token: string, rows: unknown[]): Promise<Answer> {
  const response = await fetch(`${base()}/api/mobile/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify({ reports: rows }),
  });
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as Answer;
}

describe(`an acknowledged row survives SIGKILL of the server (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  before(async () => {
    // The demo's organisation, people and catalogue, without its 100 000 reports: the rows
    // that count are the phone's (marked), and loading the demo's reports into a fresh PGlite
    // was most of this file's time.
    dataDir = mkdtempSync(path.join(tmpdir(), 'canteiro-durability-'));
    // PGlite's folder starts from the suite's migrated template (~0.8 s, not ~3.5 s to migrate).
    const db = databaseUrl ? await openTestDatabase() : await openMigratedPglite(dataDir);
    try {
      await insertDemoData(db.orm, { reports: false });
    } finally {
      await db.close();
    }
    port = await freePort();
    child = await startChild();
  });

  after(async () => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('resending after a crash stores nothing twice and loses nothing acknowledged', async () => {
    // The extra moment before each kill: seeded, so a failing run can be replayed (KILL_SEED).
    const seed = process.env.KILL_SEED ?? 'durability';
    const killDelay = randomStream('kill delay', seed);
    const marker = `durability ${randomUUID()}`;
    let token = await signIn();
    const contracts = await fetch(`${base()}/api/mobile/contracts`, { headers: { authorization: `Token ${token}` } });
    const [contract] = (await contracts.json()) as { id: number }[];
    assert.ok(contract, 'the demo reporter reports on its contract');
    const catalogueResponse = await fetch(`${base()}/api/mobile/catalogue?contract=${contract.id}`, {
      headers: { authorization: `Token ${token}` },
    });
    assert.equal(catalogueResponse.status, 200);
    const catalogue = (await catalogueResponse.json()) as MobileCatalogue;
    const activity = catalogue.activities[0]!;
    const row = () => ({
      id: randomUUID(),
      kind: 'activity',
      contract: contract.id,
      reportTime: new Date(Date.now() - 60_000).toISOString(),
      package: activity.package,
      local: activity.local,
      activity: activity.id,
      function: catalogue.functions[0]!.id,
      occurrence: catalogue.occurrences[0]!.id,
      quantity: 1,
      notes: marker,
      isScheduled: true,
    });

    const batches: { rows: ReturnType<typeof row>[]; acknowledged: boolean }[] = [];
    let committedUnanswered = 0;
    // A kill can land just after every batch on the wire was answered: such a round proves
    // nothing, so kills go on until CRASHES of them caught batches unanswered.
    let caught = 0;
    for (let kill = 0; caught < CRASHES; kill += 1) {
      assert.ok(kill < CRASHES * 5, `only ${caught} of ${kill} kills came while batches were on the wire`);
      // Several connections send until the server dies under them.
      const round: typeof batches = [];
      let killed = false;
      const sender = async () => {
        while (!killed) {
          const batch = { rows: Array.from({ length: BATCH }, row), acknowledged: false };
          round.push(batch);
          try {
            const answer = await send(token, batch.rows);
            assert.equal(answer.rejected.length, 0, JSON.stringify(answer.rejected[0]));
            assert.equal(answer.accepted.length, BATCH);
            batch.acknowledged = true;
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const senders = Array.from({ length: SENDERS }, sender);
      // Kill once some batches are in and others are on the wire (after a random extra moment).
      while (round.filter((batch) => batch.acknowledged).length < 6) await new Promise((done) => setTimeout(done, 10));
      await new Promise((done) => setTimeout(done, killDelay.next() * 50));
      const exited = new Promise((done) => child!.once('exit', done));
      killed = true;
      child!.kill('SIGKILL');
      await exited;
      await Promise.all(senders);
      batches.push(...round);
      const unanswered = round.filter((batch) => !batch.acknowledged);
      if (unanswered.length > 0) caught += 1;

      child = await startChild();
      token = await signIn();
      // The phone resends what it saw no answer for: each row is stored now or was already,
      // a whole batch either way (it was one transaction).
      for (const batch of unanswered) {
        const answer = await send(token, batch.rows);
        assert.equal(answer.rejected.length, 0);
        assert.ok(
          answer.accepted.length === BATCH || answer.duplicates.length === BATCH,
          `half a batch was stored: ${answer.accepted.length} new, ${answer.duplicates.length} known`,
        );
        if (answer.duplicates.length === BATCH) committedUnanswered += 1;
        batch.acknowledged = true;
      }
    }
    // Every batch resent once more: all duplicates, so every acknowledged row was kept.
    for (const batch of batches) {
      const answer = await send(token, batch.rows);
      assert.deepEqual(
        [answer.accepted.length, answer.duplicates.length],
        [0, BATCH],
        'an acknowledged row was lost in a crash',
      );
    }
    child!.kill('SIGTERM');
    await new Promise((done) => child!.once('exit', done));
    child = undefined;

    // In the database: each row sent is there exactly once, and nothing else was written.
    const [stored] = await selectRowsOf<{ rows: number; ids: number }>(
      sql`select count(*)::int as rows, count(distinct id)::int as ids from activity_reports where notes = ${marker}`,
    );
    const sent = batches.length * BATCH;
    assert.deepEqual(stored, { rows: sent, ids: sent });
    process.stdout.write(
      `# durability (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${CRASHES} SIGKILLs during batches, ${batches.length} batches of ${BATCH}, ` +
        `${committedUnanswered} of the unanswered ones had been committed, ${sent} rows in the end, each once\n`,
    );
  });
});

/** A query on the server's database, from this process (the server is stopped or not writing). */
async function selectRowsOf<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  if (databaseUrl) {
    const db = await openDatabase({ databaseUrl, databaseReadUrl: null, dataDir: '' });
    try {
      return await selectRows<Row>(db.orm, query);
    } finally {
      await db.close();
    }
  }
  if (child && child.exitCode === null) throw new Error('PGlite is one process: stop the server first');
  const db = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir });
  try {
    return await selectRows<Row>(db.orm, query);
  } finally {
    await db.close();
  }
}
