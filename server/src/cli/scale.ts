import { parseArgs } from 'node:util';
import { statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count, like, sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase, selectRows } from '../db/connection.js';
import type { Orm } from '../db/connection.js';
import { activityReports } from '../db/schema/reports.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { users } from '../db/schema/people.js';
import { passwordHashing } from '../authentication/passwords.js';
import { scaledCatalogue, seedDay } from '../demo/catalogue.js';
import { DEMO_PASSWORD, DEMO_REPORT_SEED, insertCatalogues, seedIfEmpty } from '../demo/seed.js';
import { generateReports } from '../demo/reports/generate.js';
import { reportWindow } from '../demo/reports/plans.js';
import { loadOccurrences, loadPlans, writeReports } from '../demo/reports/write.js';
import type { ReportCounts } from '../demo/reports/write.js';

/**
 * `pnpm db:scale -- --rows 10000000 --contract-rows 1000000 [--seed N]`: fills the
 * configured database (DATABASE_URL, else the PGlite at DATA_DIR) for benchmarks. It adds
 * contracts under a "Base Escala" (each with a catalogue made of demo catalogues side by
 * side, and two reporters per copy), one of them holding --contract-rows activity rows,
 * the others about --contract-size each, so that the database holds --rows activity rows
 * (plus the equipment and quantity rows that go with them) over --weeks weeks; generated
 * by the demo generator and loaded with COPY. docs/demo-data.md has the figures.
 */

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    rows: { type: 'string', default: '10000000' },
    'contract-rows': { type: 'string', default: '1000000' },
    'contract-size': { type: 'string', default: '50000' },
    seed: { type: 'string', default: String(DEMO_REPORT_SEED) },
    weeks: { type: 'string', default: '12' },
    ids: { type: 'string', default: 'v7' },
    keys: { type: 'string', default: 'after' },
    indexes: { type: 'string', default: 'keep' },
  },
});

const wholeNumber = (name: string, text: string | undefined): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${text}`);
  return value;
};
const totalRows = wholeNumber('rows', values.rows);
const contractRows = wholeNumber('contract-rows', values['contract-rows']);
const contractSize = Math.max(1, wholeNumber('contract-size', values['contract-size']));
const weeks = Math.max(1, wholeNumber('weeks', values.weeks));
const seed = values.seed ?? String(DEMO_REPORT_SEED);
if (values.ids !== 'v7' && values.ids !== 'v4') throw new Error('--ids is v7 or v4');
if (values.keys !== 'after' && values.keys !== 'rows') throw new Error('--keys is after or rows');
if (values.indexes !== 'keep' && values.indexes !== 'after') throw new Error('--indexes is keep or after');
const ids = values.ids;

/** Activity rows one demo catalogue gets over twelve weeks (measured; only sizes the copies). */
const ROWS_PER_COPY_12_WEEKS = 16_000;
const CONTRACTS_PER_WORK = 20;
/** Every n-th day is generated to estimate a contract's rows before the load. */
const ESTIMATE_EVERY = 5;

const config = loadConfig();
const db = await openDatabase(config);
const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
const log = (line: string) => process.stdout.write(`[${seconds().toFixed(1).padStart(6)} s] ${line}\n`);

try {
  await db.migrate();
  if (await seedIfEmpty(db.orm, { timeZone: config.siteTimeZone })) log('empty database: demo data seeded first');
  const [existing] = await db.orm.select({ rows: count() }).from(activityReports);
  const existingRows = existing?.rows ?? 0;
  const extraRows = totalRows - existingRows - contractRows;
  if (extraRows < 0 || contractRows <= 0) {
    throw new Error(`the database holds ${existingRows} activity rows: --rows must exceed that plus --contract-rows`);
  }
  const perCopy = (ROWS_PER_COPY_12_WEEKS * weeks) / 12;
  const extraContracts = extraRows > 0 ? Math.ceil(extraRows / contractSize) : 0;
  const copiesBig = Math.max(1, Math.round(contractRows / perCopy));
  const copiesExtra = Math.max(1, Math.round(contractSize / perCopy));
  log(
    `${existingRows} activity rows now; adding 1 contract of ${contractRows} rows (${copiesBig} sites) ` +
      `and ${extraContracts} of ~${Math.round(extraRows / Math.max(1, extraContracts))} (${copiesExtra} sites each)`,
  );

  const today = seedDay(config.siteTimeZone);
  const window = reportWindow(today, weeks);
  const created = await createContracts(db.orm, today, [copiesBig, ...Array<number>(extraContracts).fill(copiesExtra)]);
  const [big, ...extras] = created;
  log(`contracts, catalogues and reporters created (main contract id ${big})`);

  // Crews per activity scaled so that each group lands on its share of the rows.
  const plans = await loadPlans(db.orm, created);
  const occurrences = await loadOccurrences(db.orm);
  const estimate = (plan: (typeof plans)[number]) => {
    let rows = 0;
    for (const day of generateReports([plan], {
      seed,
      timeZone: config.siteTimeZone,
      ...window,
      occurrences,
      sampleEvery: ESTIMATE_EVERY,
    }))
      rows += day.activity.length;
    return rows * ESTIMATE_EVERY;
  };
  const crewFactors = new Map<number, number>();
  const bigPlan = plans.find((plan) => plan.id === big);
  if (bigPlan) crewFactors.set(big!, contractRows / Math.max(1, estimate(bigPlan)));
  const extraEstimate = plans.filter((plan) => plan.id !== big).reduce((sum, plan) => sum + estimate(plan), 0);
  for (const id of extras) crewFactors.set(id, extraRows / Math.max(1, extraEstimate));
  log(
    `crew factors: main ${crewFactors.get(big!)?.toFixed(3)}, others ${crewFactors.get(extras[0] ?? -1)?.toFixed(3) ?? '-'}`,
  );

  const loadStarted = performance.now();
  let previous: ReportCounts = { activity: 0, equipment: 0, quantity: 0 };
  let previousAt = loadStarted;
  const counts = await writeReports(db.orm, {
    seed,
    timeZone: config.siteTimeZone,
    ...window,
    contractIds: created,
    crewFactors,
    ids,
    keysAfter: values.keys === 'after',
    indexesAfter: values.indexes === 'after',
    chunkRows: db.kind === 'pglite' ? 150_000 : 300_000,
    onProgress: (done, day) => {
      const now = performance.now();
      const rows = (value: ReportCounts) => value.activity + value.equipment + value.quantity;
      log(
        `${day}: ${done.activity} activity, ${done.equipment} equipment, ${done.quantity} quantity rows; ` +
          `${Math.round(((rows(done) - rows(previous)) * 1000) / (now - previousAt))} rows/s`,
      );
      previous = done;
      previousAt = now;
    },
  });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const all = counts.activity + counts.equipment + counts.quantity;
  log(
    `loaded ${counts.activity} activity, ${counts.equipment} equipment, ${counts.quantity} quantity rows ` +
      `in ${loadSeconds.toFixed(1)} s (keys and indexes included): ${Math.round(all / loadSeconds)} rows/s, ` +
      `${Math.round(counts.activity / loadSeconds)} activity rows/s`,
  );
  const analyzing = performance.now();
  await db.orm.execute(sql`analyze`);
  log(`analyze: ${((performance.now() - analyzing) / 1000).toFixed(1)} s`);
  const [total] = await selectRows<{ rows: number }>(db.orm, sql`select count(*)::int as rows from activity_reports`);
  log(`the database now holds ${total?.rows} activity rows; size ${await databaseSize()}`);
  log(`peak memory: rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
} finally {
  await db.close();
}

/**
 * A base, works of twenty contracts, the contracts (goal 16 walks, every 30 minutes), their
 * catalogues (`copies` demo sites each) and two reporters per site. Numbered after the
 * scale contracts already there, so the command can run again to add more.
 */
async function createContracts(orm: Orm, today: Date, copies: readonly number[]): Promise<number[]> {
  return orm.transaction(async (tx) => {
    const [previousWorks] = await tx.select({ works: count() }).from(works).where(like(works.prj, 'ESC-%'));
    const firstWork = (previousWorks?.works ?? 0) + 1;
    const [base] = await tx
      .insert(bases)
      .values({ name: 'Base Escala', state: 'SP' })
      .onConflictDoNothing()
      .returning({ id: bases.id });
    const baseId =
      base?.id ??
      (await selectRows<{ id: number }>(tx, sql`select id from bases where lower(name) = lower('Base Escala')`))[0]!.id;
    const workCount = Math.ceil(copies.length / CONTRACTS_PER_WORK);
    const workRows = await tx
      .insert(works)
      .values(
        Array.from({ length: workCount }, (_, index) => ({
          baseId,
          name: `Obra de escala ${firstWork + index}`,
          prj: `ESC-${firstWork + index}`,
          description: 'Dados gerados para medições de desempenho (pnpm db:scale).',
          startDate: '2025-01-06',
          endDate: '2027-12-17',
        })),
      )
      .returning({ id: works.id });
    const contractIds: number[] = [];
    for (let start = 0; start < copies.length; start += 500) {
      const batch = copies.slice(start, start + 500);
      const rows = await tx
        .insert(contracts)
        .values(
          batch.map((sites, offset) => {
            const index = start + offset;
            return {
              baseId,
              workId: workRows[Math.floor(index / CONTRACTS_PER_WORK)]!.id,
              name:
                index === 0
                  ? `Contrato de escala principal (${sites} frentes)`
                  : `Contrato de escala ${String(index).padStart(4, '0')}`,
              description: 'Contrato gerado pelo pnpm db:scale.',
              reportingGoal: 16,
              reportingPeriod: 30 as const,
            };
          }),
        )
        .returning({ id: contracts.id });
      contractIds.push(...rows.map((row) => row.id));
    }
    await insertCatalogues(
      tx,
      contractIds.map((contractId, index) => ({
        contractId,
        ...scaledCatalogue(100 + contractId, copies[index]!, today),
      })),
    );
    // One hash for every generated reporter: they exist to be counted, not to sign in often,
    // and a thousand argon2 hashes would take longer than the rest of the set-up.
    const passwordHash = await passwordHashing.hash(DEMO_PASSWORD);
    const reporters = contractIds.flatMap((contractId, index) =>
      Array.from({ length: 2 * copies[index]! }, (_, number) => ({
        email: `escala.${contractId}.${number + 1}@canteiro.test`,
        username: `escala.${contractId}.${number + 1}`,
        firstName: `Apontador ${number + 1}`,
        passwordHash,
        profile: 'reporter' as const,
        baseId,
        workId: workRows[Math.floor(index / CONTRACTS_PER_WORK)]!.id,
        contractId,
      })),
    );
    for (let start = 0; start < reporters.length; start += 1000) {
      await tx.insert(users).values(reporters.slice(start, start + 1000));
    }
    return contractIds;
  });
}

async function databaseSize(): Promise<string> {
  if (db.kind === 'postgres') {
    const [row] = await selectRows<{ size: string }>(
      db.orm,
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    return row?.size ?? '?';
  }
  if (config.dataDir.includes('://')) return 'in memory';
  const walk = (folder: string): number =>
    readdirSync(folder, { withFileTypes: true }).reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory() ? walk(path.join(folder, entry.name)) : statSync(path.join(folder, entry.name)).size),
      0,
    );
  return `${Math.round(walk(config.dataDir) / 1e6)} MB on disk`;
}
