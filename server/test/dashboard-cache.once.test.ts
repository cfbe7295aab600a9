import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DashboardCache, REFRESH_MS, STALE_MS, STREAM_CHANGES } from '../src/dashboards/cache.js';
import type { DashboardContext } from '../src/dashboards/context.js';

/**
 * The kept answers while a contract's reports stream in (docs/dashboards.md, "Kept answers
 * while reports arrive"), on the cache alone with a clock of its own: outside a stream every
 * write is read at once; inside one an answer is served up to STALE_MS old while one recompute
 * per view runs behind it, at most every REFRESH_MS.
 */

const contextAt = (contract: string, global = '1', contractId = 7) =>
  ({
    inScope: true,
    version: { global, contract },
    filters: { contract: contractId, range: 'week' },
    timeZone: 'America/Sao_Paulo',
  }) as unknown as DashboardContext;

/** A cache on a hand-moved clock, and a view whose answer says which version it was computed under. */
function harness() {
  let clock = 0;
  const cache = new DashboardCache({ now: () => clock });
  const computed: string[] = [];
  let pending: Array<() => void> = [];
  /** Answers at once, or (`held`) when `release()` is called: a recompute still running. */
  let held = false;
  const view = (version: string, global = '1') =>
    cache.answer<string>('project-health', contextAt(version, global), () => {
      computed.push(version);
      return held ? new Promise<string>((resolve) => pending.push(() => resolve(version))) : Promise.resolve(version);
    });
  return {
    view,
    computed,
    tick: (ms: number) => (clock += ms),
    hold: (value: boolean) => (held = value),
    release: async () => {
      for (const done of pending) done();
      pending = [];
      await new Promise((resolve) => setImmediate(resolve));
    },
    /** STREAM_CHANGES writes read 10 ms apart, each view answered: the last one makes the contract stream. */
    stream: async (from: number) => {
      for (let version = from; version < from + STREAM_CHANGES; version += 1) {
        clock += 10;
        await view(String(version));
      }
    },
  };
}

describe('kept answers while reports arrive', () => {
  test('outside a stream, every write is read at once: a few writes in a second never serve an older answer', async () => {
    const { view, tick } = harness();
    assert.equal(await view('1'), '1');
    for (let version = 2; version < 2 + STREAM_CHANGES - 1; version += 1) {
      tick(10);
      assert.equal(await view(String(version)), String(version));
    }
    // Nothing written: the kept answer, not a new computation.
    assert.equal(await view(String(STREAM_CHANGES)), String(STREAM_CHANGES));
  });

  test('in a stream, the kept answer is served while younger than STALE_MS; one recompute runs behind it from REFRESH_MS', async () => {
    const { view, tick, computed, stream, hold, release } = harness();
    await view('1');
    await stream(2);
    // Read at once up to the write that made it a stream; that one was served the kept answer.
    const last = String(STREAM_CHANGES);
    assert.deepEqual(
      computed,
      Array.from({ length: STREAM_CHANGES }, (_, index) => String(index + 1)),
    );
    const before = computed.length;
    // More writes within REFRESH_MS: the kept answer, nothing computed.
    tick(10);
    assert.equal(await view('100'), last);
    tick(REFRESH_MS - 30);
    assert.equal(await view('101'), last);
    assert.equal(computed.length, before);
    // From REFRESH_MS: one recompute starts behind it, whatever the number of readers.
    hold(true);
    tick(30);
    assert.equal(await view('102'), last);
    assert.equal(await view('102'), last);
    tick(10);
    assert.equal(await view('103'), last);
    assert.deepEqual(computed.slice(before), ['102']);
    // Answered: it takes the kept answer's place.
    await release();
    hold(false);
    tick(10);
    assert.equal(await view('104'), '102');
    assert.deepEqual(computed.slice(before), ['102']);
  });

  test('in a stream, an answer as old as STALE_MS is never served: the reader waits for a younger one', async () => {
    const { view, tick, computed, stream, hold, release } = harness();
    await view('1');
    await stream(2);
    hold(true);
    tick(REFRESH_MS);
    const kept = String(STREAM_CHANGES);
    assert.equal(await view('50'), kept);
    assert.equal(computed.at(-1), '50', 'the recompute behind it');
    // The recompute is slow, and the reports keep coming: served the kept answer while it is younger than STALE_MS…
    let version = 50;
    for (let elapsed = REFRESH_MS + 100; elapsed < STALE_MS; elapsed += 100) {
      tick(100);
      assert.equal(await view(String(++version)), kept);
    }
    // …then not: the reader waits for the recompute.
    tick(100);
    const waiting = view(String(++version));
    let answered: string | undefined;
    void waiting.then((answer) => (answered = answer));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(answered, undefined);
    await release();
    assert.equal(await waiting, '50');
    assert.equal(computed.at(-1), '50', 'joined, not computed again');
  });

  test('a stream ends: a write after a quiet second is read at once again', async () => {
    const { view, tick, stream } = harness();
    await view('1');
    await stream(2);
    tick(STALE_MS + 1);
    assert.equal(await view('200'), '200');
    tick(10);
    assert.equal(await view('201'), '201');
  });

  test('a catalogue write (the global version) is read at once, in a stream too', async () => {
    const { view, tick, stream, computed } = harness();
    await view('1');
    await stream(2);
    tick(10);
    await view('300');
    const before = computed.length;
    tick(10);
    assert.equal(await view('301', '2'), '301');
    assert.deepEqual(computed.slice(before), ['301']);
  });
});
