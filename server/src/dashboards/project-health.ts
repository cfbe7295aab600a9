import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { NamedClassTotals, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { activities, functions, locals, packages } from '../db/schema/catalogue.js';
import { users } from '../db/schema/people.js';
import type { ClassRow, DashboardContext } from './context.js';
import { classColumns, classTotals, dailyFacts, figureRows, jsonRows, meta, rankOrder, walkRows } from './context.js';

/** Truncation unit of each range type (validated by the shared picklist). */
const BUCKETS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

type Named = ClassRow & { id: number; name: string };
const named = ({ id, name, ...row }: Named): NamedClassTotals => ({ id, name, ...classTotals(row) });

interface Figures {
  totals: ClassRow;
  weekdays: (ClassRow & { weekday: number })[];
  evolution: (ClassRow & { bucket: string })[];
  packages: Named[];
  locals: Named[];
  functions: Named[];
  activities: Named[];
}

interface Compliance {
  reporters: { user: number; name: string; reports: number }[];
  days: { date: string; reports: number }[];
  reportedDays: number;
  reporterCount: number;
}

/**
 * Project health (DOMAIN.md §3): HH and indexes by class, weekday production, the
 * value-adding index per bucket of `range`, the ranks and reporting compliance. Two
 * statements: the first folds the filtered rows (or the daily rollup, for whole days) into a
 * small `cube` (site day × weekday × package × local × function × activity × class: the
 * report rows of a crew-level sample differ mostly by hour and occurrence, which none of
 * these figures keeps), every figure then comes from the cube; the second counts the walks
 * (`activity_walks`) under the days, time window and weekdays: compliance is about the
 * reporters' walks, which cover the whole site, so the dimension filters do not narrow it.
 */
export async function projectHealth(context: DashboardContext): Promise<ProjectHealthDashboard> {
  const { orm, goal } = context;
  const bucket = sql.raw(`'${BUCKETS[context.filters.range]}'`);
  const columns = classColumns(context, sql`sum(rows)`);
  const rank = (key: SQL, table: typeof packages | typeof locals | typeof functions | typeof activities) =>
    jsonRows(
      sql`select grouped.*, ${table.name} as name
        from (select ${key} as id, ${columns} from cube group by 1) grouped join ${table} on ${table.id} = grouped.id`,
      rankOrder,
    );
  const [[figures], [walks]] = await Promise.all([
    figureRows<Figures>(
      orm,
      sql`with facts as (${dailyFacts(context)}),
        cube as materialized (
          select local_date, local_weekday, package_id, local_id, function_id, activity_id, c,
            sum(quantity) as quantity, sum(rows) as rows
          from facts group by 1, 2, 3, 4, 5, 6, 7)
        select (select row_to_json(t) from (select ${columns} from cube) t) as totals,
          ${jsonRows(sql`select local_weekday::int as weekday, ${columns} from cube group by 1`, sql`weekday`)} as weekdays,
          ${jsonRows(
            sql`select to_char(date_trunc(${bucket}, local_date::timestamp), 'YYYY-MM-DD') as bucket, ${columns}
              from cube group by 1`,
            sql`bucket`,
          )} as evolution,
          ${rank(sql`package_id`, packages)} as packages,
          ${rank(sql`local_id`, locals)} as locals,
          ${rank(sql`function_id`, functions)} as functions,
          ${rank(sql`activity_id`, activities)} as activities`,
    ),
    // A report is a walk: the distinct report times of a reporter (docs/demo-data.md).
    figureRows<Compliance>(
      orm,
      sql`with walks as materialized (${walkRows(context)})
        select ${jsonRows(
          sql`select walks.user_id as "user", coalesce(${users.firstName}, ${users.username}) as name,
              count(*)::int as reports
            from walks join ${users} on ${users.id} = walks.user_id group by 1, 2`,
          sql`reports desc, "user"`,
        )} as reporters,
          ${jsonRows(
            sql`select to_char(local_date, 'YYYY-MM-DD') as date, count(*)::int as reports from walks group by local_date`,
            sql`date`,
          )} as days,
          (select count(distinct local_date)::int from walks) as "reportedDays",
          (select count(distinct user_id)::int from walks) as "reporterCount"`,
    ),
  ]);
  const { totals, weekdays, evolution } = figures!;
  const { reporters, days, reportedDays, reporterCount } = walks!;
  const ratio = (made: number, expected: number) => (expected > 0 ? made / expected : null);
  // Sums over the few reporters (not over report rows): walks made, and goal × days for each.
  const reportsMade = reporters.reduce((sum, reporter) => sum + reporter.reports, 0);
  const expectedEach = goal * reportedDays;
  const expectedAll = expectedEach * reporters.length;
  return {
    ...meta(context),
    totals: classTotals(totals),
    weekdays: weekdays.map(({ weekday, ...row }) => ({ weekday, ...classTotals(row) })),
    evolution: evolution.map((row) => ({
      bucket: row.bucket,
      valueAddingIndex: row.va_index,
      hh: row.total_hh,
      workers: row.workers,
      registers: row.registers,
      lowConfidence: row.low_confidence,
    })),
    ranks: {
      packages: figures!.packages.map(named),
      locals: figures!.locals.map(named),
      functions: figures!.functions.map(named),
      activities: figures!.activities.map(named),
    },
    compliance: {
      goal,
      reports: reportsMade,
      expected: expectedAll,
      ratio: ratio(reportsMade, expectedAll),
      reporters: reporters.map(({ user, name, reports }) => ({
        user,
        name,
        reports,
        expected: expectedEach,
        ratio: ratio(reports, expectedEach),
      })),
      days: days.map(({ date, reports }) => ({
        date,
        reports,
        expected: goal * reporterCount,
        ratio: ratio(reports, goal * reporterCount),
      })),
    },
  };
}
