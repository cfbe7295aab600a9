import { eq, sql } from 'drizzle-orm';
import { addDays, weekdayOf } from '@canteiro/shared/domain';
import type { DashboardPeriod } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { allOf } from '../crud/list-query.js';
import { contracts } from '../db/schema/organisation.js';
import { activityReports } from '../db/schema/reports.js';
import { ApiError } from '../errors.js';
import { readReportFilters } from '../reports/filters.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

const NO_PERIOD: DashboardPeriod = { first: null, last: null, from: null, to: null };

/**
 * The default range ending on `last`: from the Monday of the ISO week three weeks before
 * `last`'s week to `last` itself — four whole weeks by the calendar (the project-health
 * evolution's buckets), the last one possibly partial.
 */
export function defaultRange(last: string): { from: string; to: string } {
  return { from: addDays(last, 1 - weekdayOf(last) - 21), to: last };
}

/**
 * `GET /api/dashboards/period?contract=` (docs/dashboards.md, "Default range"). The
 * contract's first and last site days: the newest and oldest row of the `(contract_id,
 * report_time)` covering index, which holds `local_date` (two index probes, an index-only
 * scan each, whatever the number of rows). A contract outside the caller's scope, or that does
 * not exist, has no period, as it has no reports (docs/reports.md).
 */
export async function dashboardPeriod(orm: Orm, caller: Caller, query: unknown): Promise<DashboardPeriod> {
  // Only `contract` is read: the shared schema's own rule for it (required, an id).
  const contract = (query as { contract?: unknown } | undefined)?.contract;
  const { filters, fields } = readReportFilters(contract === undefined ? {} : { contract });
  if (!filters) throw new ApiError(400, 'validation_failed', fields);
  const end = (order: 'asc' | 'desc') =>
    sql`(select ${activityReports.localDate}::text from ${activityReports}
      where ${activityReports.contractId} = ${contracts.id}
      order by ${activityReports.reportTime} ${sql.raw(order)} limit 1)`;
  const [row] = await selectRows<{ first: string | null; last: string | null }>(
    orm,
    sql`select ${end('asc')} as first, ${end('desc')} as last
      from ${contracts} where ${allOf([eq(contracts.id, filters.contract), contractsScope(caller)])}`,
  );
  if (!row?.first || !row.last) return NO_PERIOD;
  return { first: row.first, last: row.last, ...defaultRange(row.last) };
}
