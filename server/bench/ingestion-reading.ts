/**
 * Ingestion while people read the same contract's dashboards (issue 22), for bench/ingestion.ts:
 * READERS clients (default 10) each ask, one after another, for the five dashboards' default
 * views (the last four weeks with data) of the contract the reports go to, through HTTP with
 * br as a browser asks; first alone, then while the phones send their batches. Each side is
 * given beside itself alone, in the same run on the same server.
 */
import { performance } from 'node:perf_hooks';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import { median, percentile, signIn, table } from './support.js';

export const READERS = Number(process.env.BENCH_READERS ?? 10);
/**
 * A person's pace: one view a second each (a filter changed, a dashboard opened). The closed
 * loop (each reader asking again the moment an answer is in) measures how many views the node
 * can serve, and on two cores it and the ingestion each take the whole machine alone; at a
 * person's pace the reading takes a share, and the row says what the phones keep.
 */
export const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 1_000);

export interface ReadResult {
  views: number;
  viewsPerSecond: number;
  p50: number;
  p95: number;
  errors: number;
}

/** The five dashboards' default views of `contract`: its last four weeks with data. */
export async function defaultViews(base: string, contract: number): Promise<{ token: string; paths: string[] }> {
  const token = await signIn(base);
  const period = (await (
    await fetch(`${base}/api/dashboards/period?contract=${contract}`, { headers: { authorization: `Token ${token}` } })
  ).json()) as { last: string | null };
  if (!period.last) throw new Error('bench: the contract has no report to read');
  const last = new Date(`${period.last}T00:00:00Z`);
  const from = new Date(last.getTime() - 27 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const paths = DASHBOARD_NAMES.map(
    (name) => `/api/dashboards/${name}?contract=${contract}&from=${from}&to=${period.last}`,
  );
  return { token, paths };
}

/**
 * READERS clients asking for `paths` in turn (each starting at its own) for `seconds`: each
 * again as soon as its answer is in, or (`pace`) one view every `pace` ms.
 */
export async function read(
  base: string,
  token: string,
  paths: string[],
  seconds: number,
  pace = 0,
): Promise<ReadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const reader = async (offset: number) => {
    for (let view = offset; performance.now() < deadline; view += 1) {
      const sent = performance.now();
      const response = await fetch(`${base}${paths[view % paths.length]}`, {
        headers: { authorization: `Token ${token}`, 'accept-encoding': 'br' },
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) errors += 1;
      const next = sent + pace;
      if (pace > 0 && next > performance.now())
        await new Promise((resolve) => setTimeout(resolve, Math.min(next, deadline) - performance.now()));
    }
  };
  // Paced readers start spread over one pace, as people would.
  await Promise.all(
    Array.from({ length: READERS }, async (_, index) => {
      if (pace > 0) await new Promise((resolve) => setTimeout(resolve, (pace * index) / READERS));
      return reader(index);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    views: latencies.length,
    viewsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: Math.round(median(latencies)),
    p95: Math.round(percentile(latencies, 95)),
    errors,
  };
}

/** What a run of phones gives (bench/ingestion.ts's RunResult, the fields read here). */
interface Ingested {
  observationsPerSecond: number;
  p99: number;
}

export interface WhileReading<Run extends Ingested> {
  readers: number;
  pace: number;
  alone: { ingestion: Run; reading: ReadResult; paced: ReadResult };
  together: { ingestion: Run; reading: ReadResult };
  /** The phones while the readers go at a person's pace. */
  paced: { ingestion: Run; reading: ReadResult };
}

/** `ingest` (one timed run of the phones) and READERS readers of `contract`'s views: each alone, then together. */
export async function whileReading<Run extends Ingested>(
  base: string,
  contract: number,
  ingest: () => Promise<Run>,
  seconds: number,
): Promise<WhileReading<Run>> {
  const views = await defaultViews(base, contract);
  await read(base, views.token, views.paths, 2);
  const readFor = (pace = 0) => read(base, views.token, views.paths, seconds, pace);
  const alone = { ingestion: await ingest(), reading: await readFor(), paced: await readFor(PACE_MS) };
  const [ingestion, reading] = await Promise.all([ingest(), readFor()]);
  const [pacedIngestion, pacedReading] = await Promise.all([ingest(), readFor(PACE_MS)]);
  return {
    readers: READERS,
    pace: PACE_MS,
    alone,
    together: { ingestion, reading },
    paced: { ingestion: pacedIngestion, reading: pacedReading },
  };
}

export function whileReadingTable(result: WhileReading<Ingested>, clients: number, seconds: number): string {
  const { alone, together, paced } = result;
  const ratio = (part: number, whole: number) => (part / whole).toFixed(2);
  const ingestion = (run: Ingested) => `${run.observationsPerSecond} (${run.p99})`;
  const reading = (read: ReadResult) => `${read.viewsPerSecond} (${read.p50}/${read.p95})`;
  return `While ${result.readers} people read the contract's five dashboards (default views, br), ${seconds} s each, alone then together; each as fast as answered, then at one view every ${result.pace} ms:
${table([
  ['', 'alone', 'together', '× alone'],
  [
    `ingestion, ${clients} clients: obs/s (p99 ms/batch)`,
    ingestion(alone.ingestion),
    ingestion(together.ingestion),
    ratio(together.ingestion.observationsPerSecond, alone.ingestion.observationsPerSecond),
  ],
  [
    `dashboards, ${result.readers} readers: views/s (p50/p95 ms)`,
    reading(alone.reading),
    reading(together.reading),
    ratio(together.reading.viewsPerSecond, alone.reading.viewsPerSecond),
  ],
  [
    `ingestion while they read at a person's pace`,
    ingestion(alone.ingestion),
    ingestion(paced.ingestion),
    ratio(paced.ingestion.observationsPerSecond, alone.ingestion.observationsPerSecond),
  ],
  [
    `dashboards at a person's pace: views/s (p50/p95 ms); × alone of p95`,
    reading(alone.paced),
    reading(paced.reading),
    ratio(alone.paced.p95, paced.reading.p95),
  ],
])}`;
}
