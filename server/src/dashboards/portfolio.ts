import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  COMPLIANCE_ALERT,
  addDays,
  controlChart,
  scheduledShare,
  shareDifference,
  weekDays,
  weekOf,
} from '@canteiro/shared/domain';
import type { Portfolio, PortfolioAlert, PortfolioContract, WorkSchedule } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { allOf } from '../crud/list-query.js';
import { contracts } from '../db/schema/organisation.js';
import { dashboardDataVersion, dashboardDataVersions } from '../db/schema/dashboards.js';
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
/** Class sums: [va, hw, ew, quantity, rows, va², hw², ew²]. */
type SumLine = [number, number, number, number, number, number, number, number];

/**
 * A contract's figures as SQL folds them: its sums over the four weeks and over the four before,
 * each observed day's value-adding workers and workers (oldest first: the control chart), each
 * week's (Monday, value-adding workers, workers), and its walks by walked day's weekday
 * ([weekday, walked days, walks]) with its reporters.
 */
export interface ContractFigures {
  now: SumLine | null;
  before: SumLine | null;
  days: [number, number][];
  /** Per week of the eight, value-adding workers then workers (null: none observed). */
  weeks: (number | null)[];
  walks: [number, number, number][];
  reporters: number;
}

interface Lines {
  contracts: ContractLine[] | null;
  figures: [number, SumLine | null, SumLine | null, [number, number][] | null, (number | null)[]][] | null;
  walks: [number, [number, number, number][], number][] | null;
  last: [number, string, number][] | null;
}

const sumsOf = (line: SumLine | null): Sums => {
  const [va, hw, ew, quantity, rows, va_sq, hw_sq, ew_sq] = line ?? [0, 0, 0, 0, 0, 0, 0, 0];
  return { va, hw, ew, quantity, rows, va_sq, hw_sq, ew_sq };
};

/** The days the portfolio reads on `today`: the four weeks, the four before them, and the eight weeks' Mondays. */
export function portfolioDays(today: string) {
  const thisMonday = weekDays(weekOf(today))!.from;
  const weeks = Array.from({ length: 8 }, (_, index) => addDays(thisMonday, (index - 7) * 7));
  const from = addDays(today, -27);
  const before = { from: addDays(today, -55), to: addDays(today, -28) };
  return { from, to: today, before, weeks, first: weeks[0]! < before.from ? weeks[0]! : before.from };
}

/** One contract's row from its figures (pure: the tests hand-compute it). */
export function portfolioRow(
  contract: ContractLine,
  figures: ContractFigures,
  last: [string, number] | null,
  today: string,
): PortfolioContract {
  const [id, name, period, goal, schedule, baseId, baseName, workId, workName] = contract;
  const hours = period / 60;
  const span = portfolioDays(today);
  const totals = classTotals(classRowOf(sumsOf(figures.now), hours));
  const earlier = classTotals(classRowOf(sumsOf(figures.before), hours));
  const weekShare = (index: number) => {
    const [va, quantity] = [figures.weeks[2 * index] ?? null, figures.weeks[2 * index + 1] ?? null];
    return va !== null && quantity !== null && quantity > 0 ? va / quantity : null;
  };
  const alerts: PortfolioAlert[] = [];
  const centre = totals.index.valueAdding;
  if (centre !== null) {
    const measured = figures.days
      .filter(([, workers]) => workers > 0)
      .map(([va, workers], index) => ({ date: String(index), share: va / workers, workers }));
    const designEffect = totals.intervals.valueAdding?.designEffect ?? null;
    if (controlChart(measured, centre, designEffect).some((point) => point.signal !== null)) alerts.push('control');
  }
  // Project health's compliance over the same days: walks made against the goal of each walked day.
  const made = figures.walks.reduce((sum, [, , walks]) => sum + walks, 0);
  const expected =
    figures.walks.reduce((sum, [weekday, days]) => sum + days * goal * scheduledShare(schedule, weekday), 0) *
    figures.reporters;
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
    weeks: span.weeks.map((_, index) => weekShare(index)),
    compliance,
    lastObservation: last ? { date: last[0], time: time! } : null,
    alerts,
  };
}

/**
 * Portfolios kept per server while nothing they read was written (as cache.ts keeps the
 * dashboards): the key is the caller's scope, the site's day and the data versions read
 * before computing — the global one and the newest of any contract's (both from one sequence:
 * any write to reports, catalogue or contracts moves one of them). On PGlite a cold portfolio
 * of 1 000 contracts reads 485 k rollup lines (docs/benchmarks.md); a kept one, one small query.
 */
export class PortfolioCache {
  private readonly entries = new Map<string, Promise<Portfolio>>();
  constructor(private readonly limit = 100) {}

  async answer(orm: Orm, caller: Caller, timeZone: string): Promise<Portfolio> {
    const [versions] = await figureRows<{ global: string | null; contracts: string | null }>(
      orm,
      sql`select (select ${dashboardDataVersion.version}::text from ${dashboardDataVersion}) as global,
        (select max(${dashboardDataVersions.version})::text from ${dashboardDataVersions}) as contracts`,
    );
    if (!versions?.global) return portfolio(orm, caller, timeZone);
    const scope = [caller.profile, caller.baseId, caller.workId, caller.contractId];
    const key = JSON.stringify([scope, siteToday(timeZone), versions.global, versions.contracts]);
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const answer = portfolio(orm, caller, timeZone);
    this.entries.set(key, answer);
    answer.catch(() => this.entries.delete(key));
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }
}

/** `GET /api/dashboards/portfolio`: the caller's active contracts, each with its figures. */
export async function portfolio(orm: Orm, caller: Caller, timeZone: string): Promise<Portfolio> {
  const today = siteToday(timeZone);
  const span = portfolioDays(today);
  const scope = allOf([sql`${contracts.isActive}`, contractsScope(caller)]);
  // Folded per contract in SQL (sums, and short arrays): 60 k day lines for 1 000 contracts
  // made 2.6 MB of JSON and 0.6 s more on PGlite (docs/benchmarks.md).
  const sums = (when: SQL) =>
    sql`case when count(*) filter (where ${when}) = 0 then null else json_build_array(
      sum(va) filter (where ${when}), sum(hw) filter (where ${when}), sum(ew) filter (where ${when}),
      sum(quantity) filter (where ${when}), sum(rows) filter (where ${when}), sum(va_sq) filter (where ${when}),
      sum(hw_sq) filter (where ${when}), sum(ew_sq) filter (where ${when})) end`;
  const within = (from: string, to: string) => sql`local_date between ${from}::date and ${to}::date`;
  // Each week's value-adding workers and workers, in the weeks' order: the Mondays are known.
  const weekSums = sql.join(
    span.weeks.map((monday) => {
      const week = within(monday, addDays(monday, 6));
      return sql`sum(va) filter (where ${week}), sum(quantity) filter (where ${week})`;
    }),
    sql`, `,
  );
  const [lines] = await figureRows<Lines>(
    orm,
    sql`with scoped as materialized (
        select contracts.id, contracts.name, contracts.reporting_period, contracts.reporting_goal,
          contracts.work_schedule, bases.id as base_id, bases.name as base_name, works.id as work_id,
          works.name as work_name
        from ${contracts} join works on works.id = contracts.work_id join bases on bases.id = contracts.base_id
        where ${scope}),
      daily as materialized (
        select contract_id, local_date, sum(value_adding)::float8 as va, sum(hidden_waste)::float8 as hw,
          sum(evident_waste)::float8 as ew, sum(quantity)::float8 as quantity, sum(registers)::float8 as rows,
          sum(value_adding_squares)::float8 as va_sq, sum(hidden_waste_squares)::float8 as hw_sq,
          sum(evident_waste_squares)::float8 as ew_sq
        from activity_daily_classes
        where contract_id in (select id from scoped) and ${within(span.first, today)}
        group by 1, 2),
      walked as (
        select w.contract_id, json_agg(json_build_array(weekday, days, walks)) as walks, r.reporters
        from (select contract_id, local_weekday as weekday, count(distinct local_date)::int as days, count(*)::int as walks
            from activity_walks where contract_id in (select id from scoped) and ${within(span.from, today)}
            group by 1, 2) w
          join (select contract_id, count(distinct user_id)::int as reporters from activity_walks
            where contract_id in (select id from scoped) and ${within(span.from, today)} group by 1) r using (contract_id)
        group by w.contract_id, r.reporters)
      select
        (select json_agg(json_build_array(id, name, reporting_period, reporting_goal, work_schedule, base_id,
            base_name, work_id, work_name) order by lower(base_name), base_id, lower(work_name), work_id, lower(name), id)
          from scoped) as contracts,
        (select json_agg(json_build_array(f.contract_id, f.now, f.before, f.days, f.weeks))
          from (select contract_id, ${sums(within(span.from, today))} as now,
              ${sums(within(span.before.from, span.before.to))} as before,
              json_agg(json_build_array(va, quantity) order by local_date) filter (where ${within(span.from, today)}) as days,
              json_build_array(${weekSums}) as weeks
            from daily group by contract_id) f) as figures,
        (select json_agg(json_build_array(contract_id, walks, reporters)) from walked) as walks,
        (select json_agg(json_build_array(scoped.id, newest.local_date, newest.local_minute))
          from scoped cross join lateral (
            select to_char(local_date, 'YYYY-MM-DD') as local_date, local_minute from activity_reports
            where activity_reports.contract_id = scoped.id order by report_time desc limit 1) newest) as last`,
  );
  const figures = new Map(
    (lines?.figures ?? []).map(([id, now, before, days, weeks]) => [
      id,
      { now, before, days: days ?? [], weeks: weeks ?? [] },
    ]),
  );
  const walks = new Map(
    (lines?.walks ?? []).map(([id, byWeekday, reporters]) => [id, { walks: byWeekday, reporters }]),
  );
  const last = new Map((lines?.last ?? []).map(([id, date, minute]) => [id, [date, minute] as [string, number]]));
  const none: Pick<ContractFigures, 'now' | 'before' | 'days' | 'weeks'> = {
    now: null,
    before: null,
    days: [],
    weeks: [],
  };
  return {
    from: span.from,
    to: span.to,
    weeks: span.weeks,
    contracts: (lines?.contracts ?? []).map((contract) =>
      portfolioRow(
        contract,
        { ...(figures.get(contract[0]) ?? none), ...(walks.get(contract[0]) ?? { walks: [], reporters: 0 }) },
        last.get(contract[0]) ?? null,
        today,
      ),
    ),
    generatedAt: new Date().toISOString(),
  };
}
