import type { FastifyInstance, FastifySchema } from 'fastify';
import type { DashboardAnswers, DashboardName, ReportKind } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { anyWebLevel } from '../crud/access.js';
import type { ExportFormat } from '../crud/export.js';
import { EXPORT_FORMATS } from '../crud/export.js';
import { allowedCaller, exportFormat, exportLocale, sendDownload } from '../crud/resource.js';
import { ApiError } from '../errors.js';
import { filterProperties } from '../reports/docs.js';
import { readReportFilters } from '../reports/filters.js';
import { byFunction } from './by-function.js';
import { DashboardCache } from './cache.js';
import type { DashboardContext } from './context.js';
import { dashboardContext } from './context.js';
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

const day = (description: string) => ({ type: 'string', format: 'date', nullable: true, description });
const PERIOD_DOCS: FastifySchema = {
  tags: ['dashboards'],
  summary: "A contract's first and last days with activity reports, and the dashboards' default range",
  description:
    'The range a dashboard opens on when its URL names no dates: the last four weeks that have data (docs/dashboards.md). Every value null when the contract has no activity report, is outside your scope or does not exist.',
  querystring: {
    type: 'object',
    properties: { contract: { type: 'integer', minimum: 1, description: 'The contract (required).' } },
    required: ['contract'],
  },
  response: {
    200: {
      type: 'object',
      properties: {
        first: day('First site day with activity reports.'),
        last: day('Last site day with activity reports.'),
        from: day("Default range's first day: the Monday of the ISO week three weeks before last's."),
        to: day("Default range's last day: `last`."),
      },
      required: ['first', 'last', 'from', 'to'],
    },
    400: { description: 'validation_failed: contract required or invalid_value.', $ref: 'ApiError#' },
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
  app.get('/period', { schema: PERIOD_DOCS }, async (request) =>
    dashboardPeriod(db.orm, allowedCaller(request, anyWebLevel), request.query),
  );
  for (const [name, dashboard] of Object.entries(DASHBOARDS) as [DashboardName, (typeof DASHBOARDS)[DashboardName]][]) {
    const schema: FastifySchema = {
      tags: ['dashboards'],
      summary: dashboard.summary,
      description: `The figures of DOMAIN.md §3, computed in the database; the answer's shape is DashboardAnswers['${name}'] in shared/domain/dashboards.ts.`,
      querystring: { type: 'object', properties: filterProperties(dashboard.kind), required: ['contract'] },
    };
    /** The answer of the JSON route for these filters: the same kept answers, so screen and export agree. */
    const answerOf = async (context: DashboardContext) =>
      cache.answer(name, context, () =>
        onReplicaWhenCaughtUp(db, context, dashboard.answer as Dashboard<DashboardName>),
      );
    app.get(`/${name}`, { schema }, async (request) => {
      const caller = allowedCaller(request, anyWebLevel);
      return answerOf(await dashboardContext(db.orm, caller, request.query, config.siteTimeZone));
    });
    app.get(`/${name}/export`, { schema: exportDocs(name, dashboard.kind) }, async (request, reply) => {
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

function exportDocs(name: DashboardName, kind: ReportKind): FastifySchema {
  return {
    tags: ['dashboards'],
    summary: `The tables of the ${name} dashboard as an XLSX or CSV download`,
    description: [
      `Exactly the tables the screen shows (dashboardTables('${name}', answer) of shared/domain/dashboard-tables.ts) of the answer GET /api/dashboards/${name} gives for the same filters.`,
      'XLSX: one sheet per table, named by its title; the filters (names, not ids) on top, a blank row, the header and the rows; numbers as numbers with a number format, dates as date cells.',
      'CSV: UTF-8 with BOM, CRLF, pt-BR `;`-separated, en-US `,`-separated: the filters, then each table under its title line, each followed by a blank line; cells written as the screen writes them in the language of Accept-Language (7,5 in pt-BR, 7.5 in en-US).',
      'A contract outside your scope (or that does not exist) gives the empty answer’s tables.',
    ].join(' '),
    querystring: {
      type: 'object',
      properties: { format: { type: 'string', enum: [...EXPORT_FORMATS] }, ...filterProperties(kind) },
      required: ['format', 'contract'],
    },
    response: {
      200: { description: 'The file (Content-Disposition: attachment; saude-do-projeto-YYYY-MM-DD.xlsx, …).' },
      400: {
        description: 'validation_failed with a code per parameter (format and filters), before any byte of the file.',
        $ref: 'ApiError#',
      },
    },
  };
}
