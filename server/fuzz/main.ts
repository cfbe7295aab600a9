/**
 * Fuzz every operation of the OpenAPI document with hostile input, over real HTTP.
 *
 *   pnpm --filter @canteiro/server fuzz
 *
 * Builds the app on a fresh in-memory PGlite with the demo data (or on the PostgreSQL of
 * BENCH_DATABASE_URL, whose schema is DROPPED and rebuilt), listens on 127.0.0.1 (a free
 * port) and signs in as admin, as a contract-level user, as the reporter (mobile routes) and
 * as a first-access user (refused everywhere but the password change); some requests carry no
 * session, and logout and the password change run on throw-away sessions. It reads
 * /api/docs/json and, for every path × method, sends a bounded set of variants: hostile path parameters, query parameters, header
 * parameters, body fields (each field of a valid body replaced in turn), whole bodies
 * (invalid JSON, wrong content type, too large…), multipart uploads, undocumented methods,
 * HEAD, and a few raw-socket requests (absolute-form request line, 100 000-character URL,
 * oversized header block, malformed framing).
 *
 * A failure is: any 5xx; an error answer (4xx/5xx) whose body is not JSON
 * `{ code: string, message: string }`; a JSON answer that does not parse; a connection
 * closed before a whole answer; an answer slower than 2 s; a 2xx to input the API must
 * be refused (NUL or a lone surrogate in a text, a query parameter or an id); or a status
 * the request's own expectation rules out (XSRF → 403, oversized picture → 413…); or an
 * API answer without `X-Content-Type-Options: nosniff`, or with JSON data and no
 * `Cache-Control: no-store`. HEAD, 204/304 and front-end paths (outside /api/) are not held
 * to the body shape.
 *
 * Prints a table (requests, statuses, failures grouped) and exits non-zero on any failure.
 * Bounded: FUZZ_MAX_REQUESTS (20 000) requests and FUZZ_SECONDS (180) seconds.
 * FUZZ_CONCURRENCY (1) requests in flight; at 1 each server error logged is tied to the
 * request that caused it. FUZZ_QUICK=1 sends only the test suite's sample.
 * The same engine (fuzz/) runs, on a smaller sample, in test/fuzz.test.ts.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { migrateFromScratch, openDatabase } from '../src/db/connection.js';
import { insertDemoData } from '../src/demo/seed.js';
import { buildCases } from './cases/build.js';
import { quickSample } from './cases/sample.js';
import { operationsOf } from './document.js';
import { prepare } from './prepare.js';
import { formatReport } from './report.js';
import { run } from './run.js';
import type { FuzzReport } from './run.js';
import { listen } from './server.js';
import type { FuzzServer } from './server.js';
import { MIB } from './types.js';

const limits = () => ({
  maxRequests: Number(process.env.FUZZ_MAX_REQUESTS ?? 20_000),
  seconds: Number(process.env.FUZZ_SECONDS ?? 180),
  concurrency: Number(process.env.FUZZ_CONCURRENCY ?? 1),
});

/** A line every 2 000 requests, and at the end. */
function progressLine() {
  let shown = 0;
  return (sent: number, total: number) => {
    if (sent - shown >= 2000 || sent === total) {
      shown = sent;
      console.log(`  … ${sent}/${total}`);
    }
  };
}

/** FUZZ_VERBOSE=1: every request and its answer. */
function printOutcomes(report: FuzzReport) {
  for (const o of report.outcomes)
    console.log(
      `${o.status ?? '---'} ${Math.round(o.ms)}ms ${o.case.operation} · ${o.case.variant} · ${o.case.session} → ${o.excerpt.slice(0, 100)}`,
    );
}

/** Prepares, sends and reports on the app listening in `server`; the exit code. */
async function fuzz(server: FuzzServer, where: string): Promise<number> {
  const { maxRequests, seconds, concurrency } = limits();
  const { tokens, context } = await prepare(server.target, server.config.maxImageMb * MIB);
  const all = buildCases(context);
  const cases = process.env.FUZZ_QUICK === '1' ? quickSample(all) : all;
  console.log(
    `fuzz: ${operationsOf(context.document).length} operations, ${cases.reduce((sum, c) => sum + (c.parallel ?? 1), 0)} requests planned ` +
      `(at most ${maxRequests}, ${seconds} s, ${concurrency} in flight) against http://127.0.0.1:${server.target.port}`,
  );
  const report = await run(server.target, tokens, context, cases, {
    maxRequests,
    seconds,
    concurrency,
    serverErrors: server.errors,
    progress: progressLine(),
  });
  if (process.env.FUZZ_VERBOSE === '1') printOutcomes(report);
  console.log('');
  console.log(formatReport(report, `Fuzz of the OpenAPI document on ${where}`));
  return report.failures.length || report.uncovered.length ? 1 : 0;
}

async function main(): Promise<number> {
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
  const where = databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (in memory)';
  console.log(`fuzz: building ${where} with the demo data …`);
  const db = await openDatabase({ databaseUrl, databaseReadUrl: null, dataDir: 'memory://' });
  let server: FuzzServer | undefined;
  try {
    await migrateFromScratch(db);
    await insertDemoData(db.orm);
    const config: Config = { ...loadConfig({}), dataDir: 'memory://', databaseUrl };
    server = await listen(db, config);
    return await fuzz(server, where);
  } finally {
    await server?.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
