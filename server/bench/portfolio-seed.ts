/**
 * The portfolio bench's data (e2e/bench-portfolio.mjs, docs/benchmarks.md): into a PGlite
 * directory the server already seeded with the demo data, BENCH_PORTFOLIO_CONTRACTS (1 000)
 * more contracts — 10 bases × 10 works × 10 contracts — each with eight weeks of its daily
 * class rollup (8 lines a day: the portfolio reads activity_daily_classes) and four walks a
 * day, up to today. The rollups are written directly: the portfolio reads only them and the
 * walks (and the newest row, which these contracts lack: their last observation is none).
 *   node --conditions=canteiro-source --import tsx bench/portfolio-seed.ts <data dir>
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/connection.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: portfolio-seed.ts <PGlite data directory>');
const contracts = Number(process.env.BENCH_PORTFOLIO_CONTRACTS ?? 1000);
const perWork = 10;
const works = Math.ceil(contracts / perWork);
const bases = Math.ceil(works / 10);

const db = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir });
try {
  await db.migrate();
  const started = performance.now();
  await db.orm.transaction(async (tx) => {
    await tx.execute(sql`insert into bases (name, state)
      select 'Base de carteira ' || b, 'SP' from generate_series(1, ${bases}) b`);
    await tx.execute(sql`insert into works (name, prj, description, base_id, start_date, end_date)
      select 'Obra de carteira ' || w, 'PRJ-P' || w, 'Obra do bench da carteira', bases.id, '2026-01-01', '2027-12-31'
      from generate_series(1, ${works}) w
        join bases on bases.name = 'Base de carteira ' || (1 + (w - 1) / 10)`);
    await tx.execute(sql`insert into contracts (name, description, base_id, work_id, reporting_goal, reporting_period)
      select 'Contrato de carteira ' || c, 'Contrato do bench da carteira', works.base_id, works.id, 8, 30
      from generate_series(1, ${contracts}) c
        join works on works.name = 'Obra de carteira ' || (1 + (c - 1) / ${perWork})`);
    // Eight weeks and four days of lines, 8 a day, shares drawn per line.
    await tx.execute(sql`insert into activity_daily_classes (contract_id, local_date, local_weekday, package_id, local_id,
        activity_id, function_id, value_adding, hidden_waste, evident_waste, quantity, registers,
        value_adding_squares, hidden_waste_squares, evident_waste_squares, quantity_squares)
      select c.id, d::date, extract(isodow from d)::int, line, line, line, line, va, hw, ew, va + hw + ew, 3,
        va * va / 3, hw * hw / 3, ew * ew / 3, (va + hw + ew) * (va + hw + ew) / 3
      from contracts c
        cross join generate_series(current_date - 59, current_date, interval '1 day') d
        cross join generate_series(1, 8) line
        cross join lateral (select (4 + floor(random() * 8))::int as va, (2 + floor(random() * 5))::int as hw,
          (1 + floor(random() * 4))::int as ew where c.id > 0) figures
      where c.name like 'Contrato de carteira %'`);
    await tx.execute(sql`insert into activity_walks (contract_id, user_id, report_time, local_date, local_minute, local_weekday)
      select c.id, 1, d + make_interval(hours => 10 + walk), d::date, (7 + walk) * 60, extract(isodow from d)::int
      from contracts c
        cross join generate_series(current_date - 59, current_date, interval '1 day') d
        cross join generate_series(1, 4) walk
      where c.name like 'Contrato de carteira %'`);
  });
  console.log(
    `portfolio bench: ${contracts} contracts and their rollups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}
