import type { FastifyInstance } from 'fastify';
import type { DashboardAnswers, DashboardName } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { anyWebLevel } from '../crud/access.js';
import type { ExportFormat } from '../crud/export.js';
import { allowedCaller, exportFormat, exportLocale, sendDownload } from '../crud/resource.js';
import { ApiError } from '../errors.js';
import { readReportFilters } from '../reports/filters.js';
import { byFunction } from './by-function.js';
import { DashboardCache } from './cache.js';
import type { DashboardContext } from './context.js';
import { dashboardContext } from './context.js';
import { dashboardDocs, dashboardExportDocs, periodDocs } from './docs.js';
import { equipmentDashboard } from './equipment.js';
import { dashboardExport, dashboardFileName } from './export.js';
import { performance } from './performance.js';
import { dashboardPeriod } from './period.js';
import { onReplicaWhenCaughtUp } from './replica.js';
import { projectHealth } from './project-health.js';
import { routine } from './routine.js';

export interface DashboardRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

type Dashboard<Name extends DashboardName> = (context: DashboardContext) => Promise<DashboardAnswers[Name]>;

/** Each dashboard, what it answers, and which report table its filters read. */
const DASHBOARDS: {
  [Name in DashboardName]: { answer: Dashboard<Name>; summary: string; kind: 'activity' | 'equipment' };
} = {
  'project-health': {
    answer: projectHealth,
    summary: 'Project health: HH and indexes by class, weekdays, evolution, ranks, reporting compliance',
    kind: 'activity',
  },
  'by-function': {
    answer: byFunction,
    summary: 'By function: HH, people, registers, people per local, top occurrences, function ranks',
    kind: 'activity',
  },
  routine: { answer: routine, summary: 'Routine: HH by class per hour of the day', kind: 'activity' },
  equipment: {
    answer: equipmentDashboard,
    summary: 'Equipment: utilization per item and the top 5 companies by idle and down observations',
    kind: 'equipment',
  },
  performance: {
    answer: performance,
    summary: 'Performance: RUP and productivity index by activity, package and local; added value; activity status',
    kind: 'activity',
  },
};

/**
 * GET /api/dashboards/<name> (docs/dashboards.md): the shared report filters as the query,
 * 400 validation_failed for bad ones, any back-office level, the answer of
 * shared/domain/dashboards.ts computed in the database; a contract outside the caller's
 * scope answers as one without reports. Answers are kept while no data changes (cache.ts).
 */
export async function dashboardRoutes(app: FastifyInstance, { config, db }: DashboardRoutesOptions): Promise<void> {
  const cache = new DashboardCache();
  app.get('/period', { schema: periodDocs }, async (request) =>
    dashboardPeriod(db.orm, allowedCaller(request, anyWebLevel), request.query),
  );
  for (const [name, dashboard] of Object.entries(DASHBOARDS) as [DashboardName, (typeof DASHBOARDS)[DashboardName]][]) {
    const schema = dashboardDocs(name, dashboard.summary, dashboard.kind);
    /** The answer of the JSON route for these filters: the same kept answers, so screen and export agree. */
    const answerOf = async (context: DashboardContext) =>
      cache.answer(name, context, () =>
        onReplicaWhenCaughtUp(db, context, dashboard.answer as Dashboard<DashboardName>),
      );
    app.get(`/${name}`, { schema }, async (request) => {
      const caller = allowedCaller(request, anyWebLevel);
      return answerOf(await dashboardContext(db.orm, caller, request.query, config.siteTimeZone));
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
