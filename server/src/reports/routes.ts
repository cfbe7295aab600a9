import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { REPORT_KINDS } from '@canteiro/shared/domain';
import type { ReportKind, ReportSums } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database, Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { contracts } from '../db/schema/organisation.js';
import { activityReports } from '../db/schema/reports.js';
import { ApiError } from '../errors.js';
import type { Caller } from '../scope.js';
import { anyWebLevel } from '../crud/access.js';
import type { ListQuery } from '../crud/list-query.js';
import { parseListQuery } from '../crud/list-query.js';
import type { ReadModel } from '../crud/reads.js';
import { exportItems, listConditions, listPage } from '../crud/reads.js';
import type { ExportDefinition } from '../crud/resource.js';
import { allowedCaller, exportFormat, sendExport } from '../crud/resource.js';
import { reportDocs } from './docs.js';
import { contractInScope, readReportFilters, reportConditions } from './filters.js';
import { REPORT_EXPORTS } from './exports.js';
import { reportReadModel, searchedNamesFound } from './read-models.js';

export interface ReportRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

/**
 * The read model and list query of a report: the kit's `search`, `page`, `pageSize`,
 * `sort`, `order` and the shared filters, every bad parameter reported at once (400
 * validation_failed), then the filters as conditions, scope included.
 */
async function reportQuery(
  orm: Orm,
  caller: Caller,
  kind: ReportKind,
  raw: unknown,
  timeZone: string,
): Promise<{ model: ReadModel; query: ListQuery; contract: number }> {
  const { filters, fields } = readReportFilters(raw);
  // Without a valid contract the model only serves to check the other parameters.
  const model = reportReadModel(kind, filters?.contract ?? 0);
  let list: ListQuery | undefined;
  try {
    list = parseListQuery(model, raw);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fields, error.fields);
  }
  if (!filters || !list) throw new ApiError(400, 'validation_failed', fields);
  if (!(await contractInScope(orm, caller, filters.contract))) {
    // Out of scope: no rows, as for a contract that does not exist (docs/reports.md).
    return { model, query: { ...list, filters: [sql`false`] }, contract: filters.contract };
  }
  const searched = list.search
    ? reportReadModel(kind, filters.contract, await searchedNamesFound(orm, kind, filters.contract, list.search))
    : model;
  return {
    model: searched,
    query: { ...list, filters: reportConditions(kind, filters, timeZone) },
    contract: filters.contract,
  };
}

/**
 * The rows the list keeps (filters, search, scope), counted; the activity rows' workers and
 * HH too, each row's workers × its contract's reporting period (DOMAIN.md §3), in one pass.
 */
async function reportSums(
  orm: Orm,
  kind: ReportKind,
  model: ReadModel,
  caller: Caller,
  query: ListQuery,
  contract: number,
): Promise<ReportSums> {
  const where = listConditions(model, caller, query);
  if (kind !== 'activity') {
    const [row] = await selectRows<{ rows: number }>(
      orm,
      sql`select count(*)::int as rows from ${model.from} where ${where}`,
    );
    return { rows: row?.rows ?? 0, workers: null, hh: null };
  }
  // Every row is of the filters' one contract: its period once, beside the sums.
  const [row] = await selectRows<{ rows: number; workers: number; period: number | null }>(
    orm,
    sql`select count(*)::int as rows, coalesce(sum(${activityReports.quantity}), 0)::float8 as workers,
        (select ${contracts.reportingPeriod} from ${contracts} where ${contracts.id} = ${contract}) as period
      from ${model.from} where ${where}`,
  );
  const workers = row?.workers ?? 0;
  return { rows: row?.rows ?? 0, workers, hh: (workers * (row?.period ?? 0)) / 60 };
}

/**
 * The three report lists under /api/reports (docs/reports.md): `GET /<kind>` a page,
 * `GET /<kind>/sums` what they add up to, `GET /<kind>/export?format=csv|xlsx` every matching row, for any back-office level, within
 * the scope of the filters' contract.
 */
export async function reportRoutes(app: FastifyInstance, { config, db }: ReportRoutesOptions): Promise<void> {
  const { orm } = db;
  for (const kind of REPORT_KINDS) {
    const download = REPORT_EXPORTS[kind] as ExportDefinition<unknown>;
    const docs = reportDocs(kind, reportReadModel(kind, 0));

    app.get(`/${kind}`, { schema: docs.list }, async (request) => {
      const caller = allowedCaller(request, anyWebLevel);
      const { model, query } = await reportQuery(orm, caller, kind, request.query, config.siteTimeZone);
      return listPage(orm, model, caller, query);
    });

    // What the list's rows add up to (a chart's figure opened as its rows: docs/reports.md).
    app.get(`/${kind}/sums`, { schema: docs.sums }, async (request): Promise<ReportSums> => {
      const caller = allowedCaller(request, anyWebLevel);
      const { model, query, contract } = await reportQuery(orm, caller, kind, request.query, config.siteTimeZone);
      return reportSums(orm, kind, model, caller, query, contract);
    });

    app.get(`/${kind}/export`, { schema: docs.export }, async (request, reply) => {
      const caller = allowedCaller(request, anyWebLevel);
      const format = exportFormat(request);
      const { model, query } = await reportQuery(orm, caller, kind, request.query, config.siteTimeZone);
      const items = exportItems(orm, model, caller, query);
      return sendExport(request, reply, format, download, items, config.siteTimeZone);
    });
  }
}
