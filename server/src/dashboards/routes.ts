import type { FastifyInstance } from 'fastify';
import { DASHBOARD_NAMES } from '@canteiro/shared/domain';
import type { DashboardName } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import type { Lifecycle } from '../node/lifecycle.js';
import { anyWebLevel } from '../crud/access.js';
import type { ExportFormat } from '../crud/export.js';
import { allowedCaller, exportFormat, exportLocale, sendDownload } from '../crud/resource.js';
import { ApiError } from '../errors.js';
import { readReportFilters } from '../reports/filters.js';
import { DashboardCache } from './cache.js';
import type { DashboardContext } from './context.js';
import { dashboardContext } from './context.js';
import { dashboardDocs, dashboardExportDocs, periodDocs, portfolioDocs } from './docs.js';
import { dashboardExport, dashboardFileName } from './export.js';
import { lastContractRoutes } from './last-contract.js';
import { liveRoutes } from './live.js';
import { dashboardPeriod } from './period.js';
import { PortfolioCache } from './portfolio.js';
import { DASHBOARDS, dashboardAnswer } from './registry.js';
import type { DashboardDefinition } from './registry.js';
import { onReplicaWhenCaughtUp } from './replica.js';
import { sendWire } from '../plugins/wire-answer.js';

export interface DashboardRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
  lifecycle: Lifecycle;
}

/**
 * GET /api/dashboards/<name> (docs/dashboards.md): the shared report filters as the query,
 * 400 validation_failed for bad ones, any back-office level, the answer of
 * shared/domain/dashboards.ts computed in the database; a contract outside the caller's
 * scope answers as one without reports. Answers are kept while no data changes (cache.ts).
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  { config, db, lifecycle }: DashboardRoutesOptions,
): Promise<void> {
  const cache = new DashboardCache();
  await lastContractRoutes(app, { db });
  await liveRoutes(app, { db, lifecycle });
  const portfolios = new PortfolioCache();
  app.get('/portfolio', { schema: portfolioDocs }, async (request) =>
    portfolios.answer(db.orm, allowedCaller(request, anyWebLevel), config.siteTimeZone),
  );
  app.get('/period', { schema: periodDocs }, async (request) =>
    dashboardPeriod(db.orm, allowedCaller(request, anyWebLevel), request.query),
  );
  for (const name of DASHBOARD_NAMES) {
    const dashboard = DASHBOARDS[name];
    const schema = dashboardDocs(name, dashboard.summary, dashboard.kind, dashboard.shown);
    const compute = (context: DashboardContext) => () =>
      onReplicaWhenCaughtUp(db, context, (readContext) => dashboardAnswer(name, readContext));
    /** The answer of the JSON route for these filters: the same kept answers, so screen and export agree. */
    const answerOf = async (context: DashboardContext) => cache.answer(name, context, compute(context));
    // Serialized by the route's own serializer and compressed here, once per kept answer (cache.ts),
    // not by @fastify/compress on every send; with a strong ETag, and a 304 for a copy still good.
    app.get(`/${name}`, { schema, compress: false }, async (request, reply) => {
      const caller = allowedCaller(request, anyWebLevel);
      const { shape, refused } = shapeOf(dashboard.shown, request.query);
      // Every bad parameter at once: the shape's and the filters'.
      if (refused)
        throw new ApiError(400, 'validation_failed', { ...readReportFilters(request.query).fields, ...refused });
      const context = await dashboardContext(db.orm, caller, request.query, config.siteTimeZone);
      // The route's own serializer of its 200 answer (fast-json-stringify of the response schema).
      const serialize = (answer: unknown) =>
        reply.serializeInput(
          (dashboard.shown ? dashboard.shown.answer(answer as never, shape) : answer) as Record<string, unknown>,
          '200',
          'application/json',
        ) as string;
      return sendWire(request, reply, await cache.wire(name, context, compute(context), serialize, shape ?? ''));
    });
    app.get(`/${name}/export`, { schema: dashboardExportDocs(name, dashboard.kind) }, async (request, reply) => {
      const caller = allowedCaller(request, anyWebLevel);
      // Every bad parameter at once, format and filters, before any query.
      const { fields } = readReportFilters(request.query);
      let format: ExportFormat | undefined;
      try {
        format = exportFormat(request);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        Object.assign(fields, error.fields);
      }
      if (!format || Object.keys(fields).length > 0) throw new ApiError(400, 'validation_failed', fields);
      const context = await dashboardContext(db.orm, caller, request.query, config.siteTimeZone);
      const locale = exportLocale(request);
      // The whole file is built before the reply starts: a failure is an ordinary error answer.
      const file = await dashboardExport(name, dashboard.kind, await answerOf(context), context, format, locale);
      return sendDownload(reply, format, dashboardFileName(name, locale), file);
    });
  }
}

/**
 * The shape a dashboard's query asks for (registry.ts `shown`): one of its values, or null when
 * the parameter is absent; any other value is refused, naming the parameter.
 */
function shapeOf(
  shown: DashboardDefinition<DashboardName>['shown'],
  query: unknown,
): { shape: string | null; refused?: Record<string, string> } {
  if (!shown) return { shape: null };
  const value: unknown = Object.hasOwn(query as object, shown.parameter)
    ? (query as Record<string, unknown>)[shown.parameter]
    : undefined;
  if (value === undefined) return { shape: null };
  if (typeof value === 'string' && shown.values.includes(value)) return { shape: value };
  return { shape: null, refused: { [shown.parameter]: 'invalid_value' } };
}
