import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { NamedClassTotals, ProjectHealthDashboard } from '@canteiro/shared/domain';
import { selectRows } from '../db/connection.js';
import { activities, functions, locals, packages } from '../db/schema/catalogue.js';
import { users } from '../db/schema/people.js';
import type { ClassRow, DashboardContext } from './context.js';
import { activityFacts, classColumns, classTotals, meta, rankOrder } from './context.js';

/** Truncation unit of each range type (validated by the shared picklist). */
const BUCKETS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

type Named = ClassRow & { id: number; name: string };
const named = ({ id, name, ...row }: Named): NamedClassTotals => ({ id, name, ...classTotals(row) });

/** HH by class of each `key` of the facts, with the catalogue's name, best value-adding index first. */
function rank(
  context: DashboardContext,
  key: SQL,
  table: typeof packages | typeof locals | typeof functions | typeof activities,
) {
  return selectRows<Named>(
    context.orm,
    sql`with facts as (${activityFacts(context)}),
      grouped as (select ${key} as id, ${classColumns(context)} from facts group by 1)
      select grouped.*, ${table.name} as name from grouped join ${table} on ${table.id} = grouped.id
      order by ${rankOrder}`,
  );
}

/**
 * Project health (DOMAIN.md §3): HH and indexes by class, weekday production, the
 * value-adding index per bucket of `range`, the ranks and reporting compliance.
 */
export async function projectHealth(context: DashboardContext): Promise<ProjectHealthDashboard> {
  const { orm, goal } = context;
  const facts = activityFacts(context);
  const bucket = sql.raw(`'${BUCKETS[context.filters.range]}'`);
  const [totals, weekdays, evolution, packageRanks, localRanks, functionRanks, activityRanks, reporters, days] =
    await Promise.all([
      selectRows<ClassRow>(orm, sql`with facts as (${facts}) select ${classColumns(context)} from facts`),
      selectRows<ClassRow & { weekday: number }>(
        orm,
        sql`with facts as (${facts})
          select local_weekday::int as weekday, ${classColumns(context)} from facts group by 1 order by 1`,
      ),
      selectRows<ClassRow & { bucket: string }>(
        orm,
        sql`with facts as (${facts})
          select to_char(date_trunc(${bucket}, local_date::timestamp), 'YYYY-MM-DD') as bucket, ${classColumns(context)}
          from facts group by 1 order by 1`,
      ),
      rank(context, sql`package_id`, packages),
      rank(context, sql`local_id`, locals),
      rank(context, sql`function_id`, functions),
      rank(context, sql`activity_id`, activities),
      // A report is a walk: the distinct report times of a reporter (docs/demo-data.md).
      selectRows<{ user: number; name: string; reports: number; days: number }>(
        orm,
        sql`with facts as (${facts}),
          walks as (select user_id, count(distinct report_time)::int as reports from facts group by 1)
          select walks.user_id as "user", coalesce(${users.firstName}, ${users.username}) as name, walks.reports,
            (select count(distinct local_date)::int from facts) as days
          from walks join ${users} on ${users.id} = walks.user_id order by walks.reports desc, walks.user_id`,
      ),
      selectRows<{ date: string; reports: number; reporters: number }>(
        orm,
        sql`with facts as (${facts})
          select to_char(local_date, 'YYYY-MM-DD') as date, count(distinct (user_id, report_time))::int as reports,
            (select count(distinct user_id)::int from facts) as reporters
          from facts group by local_date order by local_date`,
      ),
    ]);
  const ratio = (made: number, expected: number) => (expected > 0 ? made / expected : null);
  const reportsMade = reporters.reduce((sum, reporter) => sum + reporter.reports, 0);
  const expectedAll = reporters.reduce((sum, reporter) => sum + goal * reporter.days, 0);
  return {
    ...meta(context),
    totals: classTotals(totals[0]!),
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
      packages: packageRanks.map(named),
      locals: localRanks.map(named),
      functions: functionRanks.map(named),
      activities: activityRanks.map(named),
    },
    compliance: {
      goal,
      reports: reportsMade,
      expected: expectedAll,
      ratio: ratio(reportsMade, expectedAll),
      reporters: reporters.map(({ user, name, reports, days: reported }) => ({
        user,
        name,
        reports,
        expected: goal * reported,
        ratio: ratio(reports, goal * reported),
      })),
      days: days.map(({ date, reports, reporters: count }) => ({
        date,
        reports,
        expected: goal * count,
        ratio: ratio(reports, goal * count),
      })),
    },
  };
}
