import { sql } from 'drizzle-orm';
import {
  COMPLIANCE_ALERT,
  addDays,
  controlChart,
  scheduledShare,
  shareDifference,
  weekDays,
  weekOf,
  weekdayOf,
} from '@canteiro/shared/domain';
import type { Portfolio, PortfolioAlert, PortfolioContract, WorkSchedule } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { allOf } from '../crud/list-query.js';
import { contracts } from '../db/schema/organisation.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';
import { siteToday } from '../site-clock.js';
import { figureRows } from './context.js';
import type { Sums } from './fragments.js';
import { classRowOf, classTotals } from './fragments.js';

/**
 * The portfolio (docs/dashboards.md, "Portfolio"): every active contract in the caller's scope
 * with its value-adding share and interval, eight weeks of that share, reporting compliance,
 * its last observation and its alerts, over the four weeks ending on the site's today. One
 * statement: the contracts; their class sums by site day from activity_daily_classes (eight
 * weeks, and the four before the four for the comparison); their walks by day; and each one's
 * newest row, read backwards along the (contract_id, report_time) index. The figures are put
 * together here with the dashboards' own functions (classTotals, controlChart, shareDifference).
 */

/** [id, name, reporting period (min), goal, schedule, base id, base name, work id, work name] */
type ContractLine = [number, string, number, number, WorkSchedule, number, string, number, string];
/** [contract, site day, va, hw, ew, quantity, rows, va², hw², ew²] */
type DayLine = [number, string, number, number, number, number, number, number, number, number];
/** [contract, site day, walks] */
type WalkLine = [number, string, number];

interface Lines {
  contracts: ContractLine[] | null;
  days: DayLine[] | null;
  walks: WalkLine[] | null;
  reporters: [number, number][] | null;
  last: [number, string, number][] | null;
}

const ZERO: Sums = { va: 0, hw: 0, ew: 0, quantity: 0, rows: 0, va_sq: 0, hw_sq: 0, ew_sq: 0 };
const add = (sums: Sums, line: DayLine): Sums => ({
  va: sums.va + line[2],
  hw: sums.hw + line[3],
  ew: sums.ew + line[4],
  quantity: sums.quantity + line[5],
  rows: sums.rows + line[6],
  va_sq: sums.va_sq + line[7],
  hw_sq: sums.hw_sq + line[8],
  ew_sq: sums.ew_sq + line[9],
});

/** The days the portfolio reads on `today`: the four weeks, the four before them, and the eight weeks' Mondays. */
export function portfolioDays(today: string) {
  const thisMonday = weekDays(weekOf(today))!.from;
  const weeks = Array.from({ length: 8 }, (_, index) => addDays(thisMonday, (index - 7) * 7));
  const from = addDays(today, -27);
  const before = { from: addDays(today, -55), to: addDays(today, -28) };
  return { from, to: today, before, weeks, first: weeks[0]! < before.from ? weeks[0]! : before.from };
}

/** One contract's row from its lines (pure: the tests hand-compute it). */
export function portfolioRow(
  contract: ContractLine,
  days: DayLine[],
  walks: WalkLine[],
  reporters: number,
  last: [string, number] | null,
  today: string,
): PortfolioContract {
  const [id, name, period, goal, schedule, baseId, baseName, workId, workName] = contract;
  const hours = period / 60;
  const span = portfolioDays(today);
  const within = (line: DayLine, from: string, to: string) => line[1] >= from && line[1] <= to;
  const now = days.filter((line) => within(line, span.from, span.to));
  const totals = classTotals(classRowOf(now.reduce(add, ZERO), hours));
  const earlier = classTotals(
    classRowOf(days.filter((line) => within(line, span.before.from, span.before.to)).reduce(add, ZERO), hours),
  );
  const weekShare = (monday: string) => {
    const sums = days.filter((line) => within(line, monday, addDays(monday, 6))).reduce(add, ZERO);
    return sums.quantity > 0 ? sums.va / sums.quantity : null;
  };
  const alerts: PortfolioAlert[] = [];
  const centre = totals.index.valueAdding;
  if (centre !== null) {
    const measured = now
      .filter((line) => line[5] > 0)
      .map((line) => ({ date: line[1], share: line[2] / line[5], workers: line[5] }))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    const designEffect = totals.intervals.valueAdding?.designEffect ?? null;
    if (controlChart(measured, centre, designEffect).some((point) => point.signal !== null)) alerts.push('control');
  }
  // Project health's compliance over the same days: walks made against the goal of each walked day.
  const made = walks.reduce((sum, line) => sum + line[2], 0);
  const expected =
    walks.reduce((sum, line) => sum + goal * scheduledShare(schedule, weekdayOf(line[1])), 0) * reporters;
  const compliance = expected > 0 ? made / expected : null;
  if (compliance !== null && compliance < COMPLIANCE_ALERT) alerts.push('compliance');
  const [was, is] = [earlier.intervals.evidentWaste, totals.intervals.evidentWaste];
  const [share, nowShare] = [earlier.index.evidentWaste, totals.index.evidentWaste];
  if (was && is && share !== null && nowShare !== null) {
    const change = shareDifference({ share, variance: was.variance }, { share: nowShare, variance: is.variance });
    if (change.real && change.difference > 0) alerts.push('evidentWaste');
  }
  const time = last
    ? `${String(Math.floor(last[1] / 60)).padStart(2, '0')}:${String(last[1] % 60).padStart(2, '0')}`
    : null;
  return {
    id,
    name,
    base: { id: baseId, name: baseName },
    work: { id: workId, name: workName },
    valueAdding: centre,
    interval: totals.intervals.valueAdding,
    workers: totals.workers,
    weeks: span.weeks.map(weekShare),
    compliance,
    lastObservation: last ? { date: last[0], time: time! } : null,
    alerts,
  };
}

/** `GET /api/dashboards/portfolio`: the caller's active contracts, each with its figures. */
export async function portfolio(orm: Orm, caller: Caller, timeZone: string): Promise<Portfolio> {
  const today = siteToday(timeZone);
  const span = portfolioDays(today);
  const scope = allOf([sql`${contracts.isActive}`, contractsScope(caller)]);
  const [lines] = await figureRows<Lines>(
    orm,
    sql`with scoped as materialized (
        select contracts.id, contracts.name, contracts.reporting_period, contracts.reporting_goal,
          contracts.work_schedule, bases.id as base_id, bases.name as base_name, works.id as work_id,
          works.name as work_name
        from ${contracts} join works on works.id = contracts.work_id join bases on bases.id = contracts.base_id
        where ${scope})
      select
        (select json_agg(json_build_array(id, name, reporting_period, reporting_goal, work_schedule, base_id,
            base_name, work_id, work_name) order by lower(base_name), base_id, lower(work_name), work_id, lower(name), id)
          from scoped) as contracts,
        (select json_agg(json_build_array(contract_id, to_char(local_date, 'YYYY-MM-DD'), va, hw, ew, quantity, rows,
            va_sq, hw_sq, ew_sq))
          from (select contract_id, local_date, sum(value_adding)::float8 as va, sum(hidden_waste)::float8 as hw,
              sum(evident_waste)::float8 as ew, sum(quantity)::float8 as quantity, sum(registers)::float8 as rows,
              sum(value_adding_squares)::float8 as va_sq, sum(hidden_waste_squares)::float8 as hw_sq,
              sum(evident_waste_squares)::float8 as ew_sq
            from activity_daily_classes
            where contract_id in (select id from scoped) and local_date between ${span.first}::date and ${today}::date
            group by 1, 2) d) as days,
        (select json_agg(json_build_array(contract_id, to_char(local_date, 'YYYY-MM-DD'), walks))
          from (select contract_id, local_date, count(*)::int as walks from activity_walks
            where contract_id in (select id from scoped) and local_date between ${span.from}::date and ${today}::date
            group by 1, 2) w) as walks,
        (select json_agg(json_build_array(contract_id, reporters))
          from (select contract_id, count(distinct user_id)::int as reporters from activity_walks
            where contract_id in (select id from scoped) and local_date between ${span.from}::date and ${today}::date
            group by 1) r) as reporters,
        (select json_agg(json_build_array(scoped.id, newest.local_date, newest.local_minute))
          from scoped cross join lateral (
            select to_char(local_date, 'YYYY-MM-DD') as local_date, local_minute from activity_reports
            where activity_reports.contract_id = scoped.id order by report_time desc limit 1) newest) as last`,
  );
  const group = <Line extends [number, ...unknown[]]>(rows: Line[] | null) => {
    const byContract = new Map<number, Line[]>();
    for (const row of rows ?? []) {
      const list = byContract.get(row[0]);
      if (list) list.push(row);
      else byContract.set(row[0], [row]);
    }
    return byContract;
  };
  const days = group(lines?.days ?? null);
  const walks = group(lines?.walks ?? null);
  const reporters = new Map(lines?.reporters ?? []);
  const last = new Map((lines?.last ?? []).map(([id, date, minute]) => [id, [date, minute] as [string, number]]));
  return {
    from: span.from,
    to: span.to,
    weeks: span.weeks,
    contracts: (lines?.contracts ?? []).map((contract) =>
      portfolioRow(
        contract,
        days.get(contract[0]) ?? [],
        walks.get(contract[0]) ?? [],
        reporters.get(contract[0]) ?? 0,
        last.get(contract[0]) ?? null,
        today,
      ),
    ),
    generatedAt: new Date().toISOString(),
  };
}
