import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DashboardCache } from '../src/dashboards/cache.js';
import type { DashboardContext } from '../src/dashboards/context.js';

/**
 * The kept answers while reports arrive (docs/dashboards.md, "Kept answers while reports
 * arrive"), on the cache alone: every request is answered by a computation that started after
 * it read its versions, and a view is computed one at a time — the requests that read a newer
 * version meanwhile share the one computation queued behind it.
 */

const contextAt = (contract: string, global = '1') =>
  ({
    inScope: true,
    version: { global, contract },
    filters: { contract: 7, range: 'week' },
    timeZone: 'America/Sao_Paulo',
  }) as unknown as DashboardContext;

/**
 * A cache and one view whose computations are held until released: each answer says the
 * newest version its computation may hold (the "database" moves on with every write).
 */
function harness() {
  const cache = new DashboardCache();
  /** The newest version written: what a computation reads when it starts. */
  let written = 1;
  const computations: Array<{ read: number; asked: string; release: () => void; fail: () => void }> = [];
  const view = (asked = String(written), global = '1') =>
    cache.answer<number>('project-health', contextAt(asked, global), () => {
      const read = written;
      return new Promise<number>((resolve, reject) =>
        computations.push({ read, asked, release: () => resolve(read), fail: () => reject(new Error('database')) }),
      );
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    view,
    computations,
    write: () => (written += 1),
    settle,
    /** Fails the computations running now. */
    fail: async () => {
      for (const computation of computations.splice(0)) computation.fail();
      await settle();
    },
    /** Answers the computations running now, and lets what waited on them start. */
    release: async () => {
      for (const computation of computations.splice(0)) computation.release();
      await settle();
    },
  };
}

describe('kept answers while reports arrive', () => {
  test('a repeated view is computed once; after a write the next view is computed anew and holds it', async () => {
    const { view, write, release, computations } = harness();
    const first = view();
    await release();
    assert.equal(await first, 1);
    assert.equal(await view(), 1);
    assert.equal(computations.length, 0, 'the kept answer: nothing computed');
    write();
    const after = view();
    await release();
    assert.equal(await after, 2);
  });

  test('views that read newer versions while the view is computed wait for one computation, queued behind it', async () => {
    const { view, write, release, settle, computations } = harness();
    const first = view();
    await settle();
    assert.equal(computations.length, 1);
    // Three writes, each followed by a reader, while the first computation runs.
    const waiting: Array<Promise<number>> = [];
    for (let reader = 0; reader < 3; reader += 1) {
      write();
      waiting.push(view());
    }
    await settle();
    assert.equal(computations.length, 1, 'nothing computed beside the running one');
    await release();
    assert.equal(await first, 1);
    assert.equal(computations.length, 1, 'one computation for the three readers');
    assert.equal(computations[0]!.asked, '4', 'run with the newest context that joined it');
    await release();
    assert.deepEqual(await Promise.all(waiting), [4, 4, 4]);
    // It is the kept answer now.
    assert.equal(await view(), 4);
    assert.equal(computations.length, 0);
  });

  test('no reader is ever answered by a computation that started before it read its version', async () => {
    const { view, write, release, settle, computations } = harness();
    const answers: Array<Promise<[number, number]>> = [];
    let version = 1;
    for (let step = 0; step < 60; step += 1) {
      if (step % 3 === 0) version = write();
      const asked = version;
      answers.push(view(String(asked)).then((answer) => [asked, answer]));
      if (step % 7 === 0) await release();
      else await settle();
    }
    while (computations.length > 0) await release();
    for (const [asked, answer] of await Promise.all(answers)) assert.ok(answer >= asked, `${answer} < ${asked}`);
  });

  test('a catalogue write (the global version) is computed anew at once, beside a running computation', async () => {
    const { view, release, settle, computations } = harness();
    void view();
    await settle();
    const global = view('1', '2');
    await settle();
    assert.equal(computations.length, 2);
    await release();
    assert.equal(await global, 1);
  });

  test('a failed computation is not given again: the next reader computes anew', async () => {
    const { view, write, release, fail, settle, computations } = harness();
    const first = view();
    await settle();
    write();
    const queued = view();
    await release();
    assert.equal(await first, 1);
    const refused = assert.rejects(queued, /database/);
    await fail();
    await refused;
    const again = view();
    await settle();
    assert.equal(computations.length, 1, 'computed anew');
    await release();
    assert.equal(await again, 2);
  });
});
