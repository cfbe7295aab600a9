import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { DEMO_REPORT_SEED, DEMO_REPORT_WEEKS, insertDemoData } from '../src/demo/seed.js';
import { DEMO_CONTRACTS } from '../src/demo/organisation-data.js';
import { referenceRup } from '../src/demo/catalogue-data.js';
import { scaledCatalogue } from '../src/demo/catalogue.js';
import { FUNCTION_SHARES } from '../src/demo/reports/model.js';
import { generateReports } from '../src/demo/reports/generate.js';
import { reportWindow } from '../src/demo/reports/plans.js';
import { loadOccurrences, loadPlans, writeReports } from '../src/demo/reports/write.js';
import { siteClock, zonedInstant } from '../src/site-clock.js';
import { openMigratedPglite, openTestDatabase } from './helpers.js';

/**
 * The demo reports (DOMAIN.md §4) as the database holds them after a seed: the shares, the
 * story (hours, weekdays, improvement, shortage), the reporters' compliance, consistent
 * chains and site-clock columns; the same seed gives the same rows, in any database.
 * Figures are computed by SQL, as the dashboards will.
 */

const TODAY = new Date('2026-06-15T00:00:00Z');
const ZONE = 'America/Sao_Paulo';
const WINDOW = reportWindow(TODAY, DEMO_REPORT_WEEKS);

let db: Database;
const rows = <Row>(query: SQL) => selectRows<Row>(db.orm, query);

/** HH by row: workers × the contract's period in hours (DOMAIN.md §3). */
const HH = sql`(r.quantity * c.reporting_period / 60.0)`;
const VALUE_SHARE = sql`(100.0 * sum(case when o.classification = 'value_adding' then ${HH} else 0 end) / sum(${HH}))::float8`;
const JOINED = sql`activity_reports r join contracts c on c.id = r.contract_id join occurrences o on o.id = r.occurrence_id`;

/** md5 of every report row in id order (times as UTC epochs: any session time zone). */
async function contentHash(target: Database): Promise<string> {
  const [row] = await selectRows<{ hash: string }>(
    target.orm,
    sql`select md5(
          (select string_agg(concat_ws('|', id, contract_id, extract(epoch from report_time), local_date, local_minute,
             local_weekday, user_id, extract(epoch from received_at), package_id, local_id, activity_id, function_id,
             occurrence_id, quantity, notes, report_info, is_scheduled), ',' order by id) from activity_reports) ||
          (select string_agg(concat_ws('|', id, contract_id, extract(epoch from report_time), user_id, package_id,
             area_id, activity_id, equipment_id, classification, notes), ',' order by id) from equipment_reports) ||
          (select string_agg(concat_ws('|', id, contract_id, extract(epoch from report_time), user_id, package_id,
             area_id, activity_id, quantity, unity), ',' order by id) from quantity_reports)) as hash`,
  );
  return row!.hash;
}

before(async () => {
  db = await openTestDatabase();
  await insertDemoData(db.orm, { today: TODAY, timeZone: ZONE });
});
after(async () => {
  await db?.close();
});

describe('demo reports: the same seed, the same data', () => {
  async function generatedHash(seed: string | number): Promise<{ hash: string; rows: number }> {
    const plans = await loadPlans(db.orm);
    const occurrences = await loadOccurrences(db.orm);
    const hash = createHash('sha256');
    let count = 0;
    for (const day of generateReports(plans, { seed, timeZone: ZONE, ...WINDOW, occurrences })) {
      for (const table of [day.activity, day.equipment, day.quantity]) {
        for (const row of table) hash.update(JSON.stringify(row));
        count += table.length;
      }
    }
    return { hash: hash.digest('hex'), rows: count };
  }

  test('generating twice with one seed gives the same rows; another seed gives others', async () => {
    const first = await generatedHash(DEMO_REPORT_SEED);
    const second = await generatedHash(DEMO_REPORT_SEED);
    const other = await generatedHash(DEMO_REPORT_SEED + 1);
    assert.deepEqual(first, second);
    assert.notEqual(other.hash, first.hash);
    assert.ok(first.rows > 50_000, `${first.rows} rows`);
  });

  test('the seeded database holds those rows, and a second database seeded alike holds the same', async () => {
    const [counts] = await rows<{ activity: number; equipment: number; quantity: number }>(
      sql`select (select count(*)::int from activity_reports) as activity,
                 (select count(*)::int from equipment_reports) as equipment,
                 (select count(*)::int from quantity_reports) as quantity`,
    );
    const generated = await generatedHash(DEMO_REPORT_SEED);
    assert.equal(counts!.activity + counts!.equipment + counts!.quantity, generated.rows);
    assert.ok(counts!.activity >= 50_000 && counts!.activity <= 150_000, `${counts!.activity} activity rows`);

    // Another database (PGlite in memory, whichever this run's is; the committed migrations
    // applied, loaded from the suite's template): same seed, same rows.
    const other = await openMigratedPglite();
    try {
      await insertDemoData(other.orm, { today: TODAY, timeZone: ZONE });
      assert.equal(await contentHash(other), await contentHash(db));
      // And a different seed changes them: the window's last week written with each seed
      // (one week is enough to tell, and a sixth of the cost of the whole window).
      const lastWeek = reportWindow(TODAY, 1);
      const weekWith = async (seed: string | number) => {
        await other.orm.execute(sql`truncate activity_reports, equipment_reports, quantity_reports`);
        await writeReports(other.orm, { seed, timeZone: ZONE, ...lastWeek });
        return contentHash(other);
      };
      assert.notEqual(await weekWith('another seed'), await weekWith(DEMO_REPORT_SEED));
    } finally {
      await other.close();
    }
  });
});

describe('demo reports: the shares of DOMAIN.md §4', () => {
  test('value-adding is ~44 % of HH overall, and each trade is near its base share', async () => {
    const [overall] = await rows<{ share: number }>(sql`select ${VALUE_SHARE} as share from ${JOINED}`);
    assert.ok(Math.abs(overall!.share - 44) <= 2.5, `value-adding ${overall!.share.toFixed(1)} %`);
    const byFunction = await rows<{ name: string; share: number; hidden: number; evident: number }>(
      sql`select lower(f.name) as name, ${VALUE_SHARE} as share,
                 (100.0 * sum(case when o.classification = 'hidden_waste' then ${HH} else 0 end) / sum(${HH}))::float8 as hidden,
                 (100.0 * sum(case when o.classification = 'evident_waste' then ${HH} else 0 end) / sum(${HH}))::float8 as evident
          from ${JOINED} join functions f on f.id = r.function_id group by 1 order by 1`,
    );
    assert.equal(byFunction.length, FUNCTION_SHARES.size);
    for (const { name, share, hidden, evident } of byFunction) {
      const [value, hiddenBase, evidentBase] = FUNCTION_SHARES.get(name)!;
      // Hours and weekdays average ~0.95 of the base, the weekly improvement adds ~2–3 points.
      assert.ok(Math.abs(share - value * 100) <= 4, `${name}: value-adding ${share.toFixed(1)} vs ${value * 100}`);
      // What value-adding leaves splits in the trade's hidden : evident proportion.
      const expected = hiddenBase / (hiddenBase + evidentBase);
      assert.ok(Math.abs(hidden / (hidden + evident) - expected) <= 0.04, `${name}: hidden ${hidden.toFixed(1)}`);
    }
  });

  test('the day has its rhythm: 08–10 h and 14–15 h well above 07 h, 11 h, 13 h and 16 h', async () => {
    const byHour = new Map(
      (
        await rows<{ hour: number; share: number }>(
          sql`select r.local_minute / 60 as hour, ${VALUE_SHARE} as share from ${JOINED} group by 1 order by 1`,
        )
      ).map(({ hour, share }) => [hour, share]),
    );
    assert.deepEqual([...byHour.keys()], [7, 8, 9, 10, 11, 13, 14, 15, 16]);
    const at = (hour: number) => byHour.get(hour)!;
    for (const peak of [8, 9, 10]) assert.ok(at(peak) > at(7) + 15, `${peak} h ${at(peak)} vs 07 h ${at(7)}`);
    for (const peak of [14, 15]) assert.ok(at(peak) > at(16) + 10 && at(peak) > at(13) + 8, `${peak} h`);
    assert.ok(at(11) > at(7) && at(11) < at(9), '11 h between');
  });

  test('Tuesday to Thursday beat Monday and Friday; Saturday mornings exist and no Sunday', async () => {
    const byDay = new Map(
      (
        await rows<{ weekday: number; share: number }>(
          sql`select r.local_weekday as weekday, ${VALUE_SHARE} as share from ${JOINED}
              where r.local_minute between 8 * 60 and 11 * 60 - 1 group by 1 order by 1`,
        )
      ).map(({ weekday, share }) => [weekday, share]),
    );
    assert.deepEqual([...byDay.keys()], [1, 2, 3, 4, 5, 6]);
    const midweek = (byDay.get(2)! + byDay.get(3)! + byDay.get(4)!) / 3;
    assert.ok(midweek > byDay.get(1)! + 1.5 && midweek > byDay.get(5)! + 2.5, `midweek ${midweek.toFixed(1)}`);
    assert.ok(byDay.get(6)! < byDay.get(5)!, 'Saturday lowest');
  });

  test('value-adding improves ~0.5 points a week', async () => {
    // Same hours and trades every week (a per-trade index averaged), shortage days aside.
    const weekly = await rows<{ week: number; share: number }>(
      sql`with shares as (
            select (r.local_date - ${WINDOW.firstDay}::date) / 7 as week, f.name, ${VALUE_SHARE} as share
            from ${JOINED} join functions f on f.id = r.function_id
            where o.name <> 'Aguardando material' and r.local_weekday < 6
            group by 1, 2)
          select week, avg(share)::float8 as share from shares group by 1 order by 1`,
    );
    const n = weekly.length;
    const meanX = weekly.reduce((sum, row) => sum + row.week, 0) / n;
    const meanY = weekly.reduce((sum, row) => sum + row.share, 0) / n;
    const slope =
      weekly.reduce((sum, row) => sum + (row.week - meanX) * (row.share - meanY), 0) /
      weekly.reduce((sum, row) => sum + (row.week - meanX) ** 2, 0);
    assert.ok(slope >= 0.2 && slope <= 0.9, `slope ${slope.toFixed(2)} points a week`);
  });

  test('each contract has one three-day material shortage: +15 points of "waiting for material"', async () => {
    const days = await rows<{ contract: number; day: string; waiting: number }>(
      sql`select r.contract_id as contract, to_char(r.local_date, 'YYYY-MM-DD') as day,
                 (100.0 * sum(case when o.name = 'Aguardando material' then ${HH} else 0 end) / sum(${HH}))::float8 as waiting
          from ${JOINED} group by 1, 2 order by 1, 2`,
    );
    const contracts = [...new Set(days.map((row) => row.contract))];
    assert.equal(contracts.length, 7, 'every reported demo contract');
    for (const contract of contracts) {
      const mine = days.filter((row) => row.contract === contract).sort((a, b) => b.waiting - a.waiting);
      const top = mine.slice(0, 3);
      const rest = mine.slice(3);
      const restMean = rest.reduce((sum, row) => sum + row.waiting, 0) / rest.length;
      const dates = top.map((row) => row.day).sort();
      const weekdays = dates.map((day) => new Date(`${day}T00:00:00Z`).getUTCDay());
      assert.deepEqual(weekdays, [2, 3, 4], `contract ${contract}: ${dates.join(', ')} Tuesday to Thursday`);
      assert.equal(Date.parse(dates[2]!) - Date.parse(dates[0]!), 2 * 86_400_000, 'consecutive');
      const topMean = top.reduce((sum, row) => sum + row.waiting, 0) / 3;
      assert.ok(topMean - restMean >= 10 && topMean - restMean <= 20, `contract ${contract}: +${topMean - restMean}`);
    }
  });

  test('equipment observations are ~45 % working, 40 % idle, 15 % down, and machines differ', async () => {
    const shares = new Map(
      (
        await rows<{ classification: string; share: number }>(
          sql`select classification, (100.0 * count(*) / sum(count(*)) over ())::float8 as share
              from equipment_reports group by 1`,
        )
      ).map(({ classification, share }) => [classification, share]),
    );
    for (const [classification, expected] of [
      ['working', 45],
      ['idle', 40],
      ['down', 15],
    ] as const)
      assert.ok(
        Math.abs(shares.get(classification)! - expected) <= 2.5,
        `${classification} ${shares.get(classification)}`,
      );
    const [spread] = await rows<{ low: number; high: number }>(
      sql`select min(share)::float8 as low, max(share)::float8 as high from (
            select avg(case when classification = 'working' then 100.0 else 0 end) as share
            from equipment_reports group by equipment_id) machines`,
    );
    assert.ok(spread!.high - spread!.low >= 15, `utilization from ${spread!.low} to ${spread!.high}`);
  });

  test('a quantity row per activity and day worked, at HH / RUP with the RUP lognormal around the reference', async () => {
    const packages = [
      ...new Set((await rows<{ name: string }>(sql`select distinct name from packages`)).map((row) => row.name)),
    ].filter((name) => referenceRup(name) !== undefined);
    const references = sql.join(
      packages.map((name) => sql`(${name}::text, ${referenceRup(name)!}::float8)`),
      sql`, `,
    );
    const [fit] = await rows<{ days: number; quantities: number; missing: number; meanLog: number; sdLog: number }>(
      sql`with worked as (
            select r.activity_id, r.local_date, sum(${HH}) as hh
            from activity_reports r join contracts c on c.id = r.contract_id group by 1, 2),
          reference(name, rup) as (values ${references}),
          ratios as (
            select ln((w.hh / q.quantity) / ref.rup) as log_ratio
            from worked w
            join quantity_reports q on q.activity_id = w.activity_id and q.local_date = w.local_date
            join packages p on p.id = q.package_id
            join reference ref on ref.name = p.name)
          select (select count(*)::int from worked) as days, (select count(*)::int from quantity_reports) as quantities,
                 (select count(*)::int from worked w where not exists (select 1 from quantity_reports q
                    where q.activity_id = w.activity_id and q.local_date = w.local_date)) as missing,
                 avg(log_ratio)::float8 as "meanLog", stddev(log_ratio)::float8 as "sdLog"
          from ratios`,
    );
    assert.equal(fit!.missing, 0);
    assert.equal(fit!.quantities, fit!.days);
    // ln(RUP / reference) ~ N(−σ²/2, σ), σ = 0.25 (the mean RUP is the reference).
    assert.ok(Math.abs(fit!.meanLog + 0.03125) <= 0.03, `mean log ratio ${fit!.meanLog}`);
    assert.ok(Math.abs(fit!.sdLog - 0.25) <= 0.03, `σ ${fit!.sdLog}`);
  });
});

describe('demo reports: reporters, chains and clocks', () => {
  test('each reported contract has two reporters at 85–100 % of the goal (walks a day), Saturdays too', async () => {
    // Expected as compliance has it (docs/dashboards.md): the goal × each reported day's share of
    // the default schedule (a Saturday morning 300 of 540 minutes), over all days and Saturdays apart.
    const compliance = await rows<{ contract: number; user: number; saturdays: boolean; share: number }>(
      sql`with days as (select distinct contract_id, local_date, local_weekday from activity_reports),
               expected as (select contract_id, local_weekday = 6 as saturdays,
                   sum(case when local_weekday = 6 then 300.0 / 540 else 1 end) as days
                 from days group by grouping sets ((1), (1, 2))),
               walks as (select contract_id, user_id, local_weekday = 6 as saturdays, count(distinct report_time) as walks
                 from activity_reports group by grouping sets ((1, 2), (1, 2, 3)))
          select w.contract_id as contract, w.user_id as user, w.saturdays is not null as saturdays,
                 (w.walks::float8 / (c.reporting_goal * e.days)) as share
          from walks w join expected e on e.contract_id = w.contract_id and e.saturdays is not distinct from w.saturdays
            join contracts c on c.id = w.contract_id
          where w.saturdays is null or w.saturdays
          order by 1, 2, 3`,
    );
    const reported = DEMO_CONTRACTS.filter((contract) => contract.isActive !== false).length - 1;
    const overall = compliance.filter((line) => !line.saturdays);
    assert.equal(overall.length, 2 * reported, 'two reporters per reported contract');
    assert.equal(compliance.length, 4 * reported, 'each reporter walks on Saturdays too');
    for (const { contract, user, saturdays, share } of compliance)
      assert.ok(
        share >= 0.85 && share <= 1,
        `contract ${contract}, reporter ${user}${saturdays ? ' on Saturdays' : ''}: ${(100 * share).toFixed(1)} %`,
      );
    const [wrong] = await rows<{ count: number }>(
      sql`select count(*)::int as count from activity_reports r join users u on u.id = r.user_id
          where u.profile <> 'reporter' or not u.is_active or u.contract_id <> r.contract_id`,
    );
    assert.equal(wrong!.count, 0, 'reported by an active reporter of the contract');
  });

  test("every row points at its activity's own package, local and area, all active, and at trades of the activity", async () => {
    const [broken] = await rows<Record<string, number>>(
      sql`select
            (select count(*)::int from activity_reports r join activities a on a.id = r.activity_id
              where a.package_id <> r.package_id or a.local_id <> r.local_id or a.contract_id <> r.contract_id) as activity,
            (select count(*)::int from equipment_reports r join activities a on a.id = r.activity_id
              where a.package_id <> r.package_id or a.area_id <> r.area_id or a.contract_id <> r.contract_id) as equipment,
            (select count(*)::int from quantity_reports r join activities a on a.id = r.activity_id
              where a.package_id <> r.package_id or a.area_id <> r.area_id or a.contract_id <> r.contract_id
                 or a.measure_unit <> r.unity) as quantity,
            (select count(*)::int from activity_reports r
              join functions f on f.id = r.function_id join occurrences o on o.id = r.occurrence_id
              join activities a on a.id = r.activity_id
              where not (f.is_active and o.is_active and a.is_active)) as inactive`,
    );
    assert.deepEqual(broken, { activity: 0, equipment: 0, quantity: 0, inactive: 0 });
    // Crews work on activities in progress that day (started, not finished before it), except
    // on the days a contract has none: then on the nearest ones.
    const [outOfTerm] = await rows<{ count: number }>(
      sql`select count(*)::int as count from activity_reports r join activities a on a.id = r.activity_id
          where not (a.start_date <= r.local_date and (not a.is_finished or r.local_date <= a.end_date))
            and exists (select 1 from activities b where b.contract_id = r.contract_id
              and b.start_date <= r.local_date and (not b.is_finished or r.local_date <= b.end_date))`,
    );
    assert.equal(outOfTerm!.count, 0);
    const [scheduled] = await rows<{ wrong: number }>(
      sql`select count(*)::int as wrong from activity_reports r join activities a on a.id = r.activity_id
          where r.is_scheduled <> (r.local_date between a.start_date and a.end_date)`,
    );
    assert.equal(scheduled!.wrong, 0);
  });

  test('rows lie on working hours of the site clock, within the window, and crews are 1–8 workers', async () => {
    for (const table of ['activity_reports', 'equipment_reports', 'quantity_reports']) {
      const [hours] = await rows<Record<string, number | string>>(
        sql`select count(*) filter (where local_minute between 12 * 60 and 13 * 60 - 1)::int as lunch,
                   count(*) filter (where local_weekday = 7)::int as sunday,
                   count(*) filter (where local_minute < 7 * 60 or local_minute >= 17 * 60)::int as "offHours",
                   count(*) filter (where local_weekday = 6 and local_minute >= 12 * 60)::int as "saturdayAfternoon",
                   count(*) filter (where received_at < report_time)::int as "receivedBefore",
                   to_char(min(local_date), 'YYYY-MM-DD') as first, to_char(max(local_date), 'YYYY-MM-DD') as last
            from ${sql.raw(table)}`,
      );
      assert.deepEqual(
        hours,
        {
          lunch: 0,
          sunday: 0,
          offHours: 0,
          saturdayAfternoon: 0,
          receivedBefore: 0,
          first: WINDOW.firstDay,
          last: hours!.last,
        },
        table,
      );
      assert.ok(
        String(hours!.last) <= WINDOW.lastDay && String(hours!.last) >= '2026-06-12',
        `${table} ends ${hours!.last}`,
      );
    }
    const [crews] = await rows<{ low: number; high: number; mean: number }>(
      sql`select min(quantity)::int as low, max(quantity)::int as high, avg(quantity)::float8 as mean from activity_reports`,
    );
    assert.equal(crews!.low, 1);
    assert.equal(crews!.high, 8);
    // Poisson(3) clamped to 1–8: mean 3 + P(0) ≈ 3.05.
    assert.ok(Math.abs(crews!.mean - 3.05) <= 0.05, `mean crew ${crews!.mean}`);
  });

  test("local date, minute and weekday are the report time on the site's clock, as PostgreSQL says", async () => {
    for (const table of ['activity_reports', 'equipment_reports', 'quantity_reports']) {
      const [mismatch] = await rows<{ count: number }>(
        sql`select count(*)::int as count from (
              select local_date, local_minute, local_weekday, report_time at time zone ${ZONE} as wall
              from ${sql.raw(table)}) t
            where local_date <> wall::date
               or local_minute <> extract(hour from wall) * 60 + extract(minute from wall)
               or local_weekday <> extract(isodow from wall)`,
      );
      assert.equal(mismatch!.count, 0, table);
    }
  });
});

describe('siteClock', () => {
  const zones = [
    'America/Sao_Paulo',
    'America/Manaus',
    'America/Noronha',
    'America/New_York',
    'Europe/Lisbon',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'UTC',
  ];
  // Around DST changes (New York, Lisbon, Lord Howe, Chatham; São Paulo's last, in 2019) and
  // midnights, plus a spread of ordinary instants.
  const instants = [
    '2019-02-17T01:59:00Z',
    '2019-02-17T02:00:00Z',
    '2018-11-04T02:59:00Z',
    '2018-11-04T03:00:00Z',
    '2026-03-08T06:59:00Z',
    '2026-03-08T07:00:00Z',
    '2026-11-01T05:59:00Z',
    '2026-11-01T06:00:00Z',
    '2026-03-29T00:59:30Z',
    '2026-03-29T01:00:00Z',
    '2026-10-03T15:00:00Z',
    '2026-04-04T14:59:00Z',
    '2026-04-05T14:00:00Z',
    '2026-09-26T14:00:00Z',
    '2026-12-31T23:59:59Z',
    '2027-01-01T00:00:00Z',
    ...Array.from({ length: 40 }, (_, index) => new Date(Date.UTC(2026, 0, 1) + index * 9_123_457_321).toISOString()),
  ];

  test("agrees with PostgreSQL's at time zone, in several zones", async () => {
    const values = sql.join(
      zones.flatMap((zone) => instants.map((instant) => sql`(${zone}::text, ${instant}::timestamptz)`)),
      sql`, `,
    );
    const expected = await rows<{ zone: string; epoch: number; date: string; minute: number; weekday: number }>(
      sql`select zone, extract(epoch from instant)::float8 as epoch,
                 to_char(instant at time zone zone, 'YYYY-MM-DD') as date,
                 (extract(hour from instant at time zone zone) * 60 + extract(minute from instant at time zone zone))::int as minute,
                 extract(isodow from instant at time zone zone)::int as weekday
          from (values ${values}) as sample(zone, instant)`,
    );
    assert.equal(expected.length, zones.length * instants.length);
    for (const row of expected) {
      const clock = siteClock(row.epoch * 1000, row.zone);
      assert.deepEqual(
        clock,
        { localDate: row.date, localMinute: row.minute, localWeekday: row.weekday },
        `${new Date(row.epoch * 1000).toISOString()} in ${row.zone}`,
      );
      // Asked twice (the second answer comes from the cache).
      assert.deepEqual(siteClock(row.epoch * 1000, row.zone), clock);
    }
  });

  test('zonedInstant finds the instant of a wall time, and siteClock reads it back', () => {
    for (const zone of zones) {
      for (const day of ['2026-01-15', '2026-03-08', '2026-04-05', '2026-07-20', '2026-10-04', '2026-11-01']) {
        for (const minute of [420, 595, 719, 780, 1019]) {
          const clock = siteClock(zonedInstant(day, minute, zone, 30), zone);
          assert.deepEqual([clock.localDate, clock.localMinute], [day, minute], `${day} ${minute} in ${zone}`);
        }
      }
    }
    assert.equal(
      new Date(zonedInstant('2026-06-01', 7 * 60, 'America/Sao_Paulo')).toISOString(),
      '2026-06-01T10:00:00.000Z',
    );
  });
});

describe('demo reports: what the scale command builds on', () => {
  test('a scaled catalogue is several demo sites with names still unique in the contract', () => {
    const one = scaledCatalogue(7, 1, TODAY);
    const three = scaledCatalogue(7, 3, TODAY);
    assert.ok(three.activities.length > 2 * one.activities.length, `${three.activities.length} activities`);
    for (const names of [
      three.areas.map((area) => area.name),
      three.areas.flatMap((area) => area.locals.map((local) => local.name)),
      three.areas.flatMap((area) => area.locals.map((local) => local.block)),
      three.equipment.map((item) => `${item.company}|${item.specification}`),
    ])
      assert.equal(new Set(names.map((name) => name.toLowerCase())).size, names.length);
    const locals = new Set(three.areas.flatMap((area) => area.locals.map((local) => local.name)));
    for (const activity of three.activities) assert.ok(locals.has(activity.local), activity.local);
  });

  test('the crew factor multiplies the activity rows, not the walks or the machines', async () => {
    const [plan] = await loadPlans(db.orm, [1]);
    const occurrences = await loadOccurrences(db.orm);
    const sizes = (crewFactor: number) => {
      const counts = { activity: 0, equipment: 0, walks: new Set<string>() };
      for (const day of generateReports([{ ...plan!, crewFactor }], {
        seed: 5,
        timeZone: ZONE,
        ...WINDOW,
        occurrences,
      })) {
        counts.activity += day.activity.length;
        counts.equipment += day.equipment.length;
        for (const row of day.activity) counts.walks.add(`${String(row[6])}|${String(row[2])}`);
      }
      return { activity: counts.activity, equipment: counts.equipment, walks: counts.walks.size };
    };
    const base = sizes(1);
    const tripled = sizes(3);
    const ratio = tripled.activity / base.activity;
    assert.ok(ratio > 2.7 && ratio < 3.3, `× ${ratio.toFixed(2)}`);
    assert.equal(tripled.walks, base.walks);
    assert.equal(tripled.equipment, base.equipment);
  });
});
