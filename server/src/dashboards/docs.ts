import type { FastifySchema } from 'fastify';
import { DASHBOARD_SCHEMAS, dashboardPeriodSchema, portfolioSchema } from '@canteiro/shared/domain';
import type { DashboardName, ReportKind } from '@canteiro/shared/domain';
import { EXPORT_FILES } from '../crud/docs.js';
import { operation, pascal } from '../openapi/operation.js';
import { filterProperties } from '../reports/docs.js';

/**
 * OpenAPI operations of the dashboards: each answer typed by its schema in
 * shared/domain/dashboards.ts, the query by the shared report filters.
 */

const tags = ['dashboards'];
const refusals = {
  400: 'validation_failed, with a code per parameter (contract required; from_after_to, from_time_after_to_time, invalid_value).',
  403: 'forbidden: a reporter never reads dashboards.',
};

export const periodDocs: FastifySchema = operation({
  operationId: 'getDashboardPeriod',
  tags,
  summary: "A contract's first and last days with activity reports, and the dashboards' default range",
  description:
    'The range a dashboard opens on when its URL names no dates: the last four weeks that have data ' +
    '(docs/dashboards.md): `from` is the Monday of the ISO week three weeks before `last`, `to` is `last`. ' +
    'Every value null when the contract has no activity report, is outside your scope or does not exist.',
  query: {
    type: 'object',
    properties: { contract: { ...filterProperties(null).contract, description: 'The contract (required).' } },
    required: ['contract'],
  },
  answers: { 200: { description: 'The period.', schema: dashboardPeriodSchema } },
  errors: refusals,
});

export const portfolioDocs: FastifySchema = operation({
  operationId: 'getPortfolio',
  tags,
  summary: 'Every active contract you may see, with its figures of the last four weeks and its alerts',
  description:
    'Over the four weeks ending on the site’s today: the value-adding share and its 95 % interval, the share of ' +
    'each of the last eight ISO weeks, reporting compliance, the last observation, and alerts (a control-chart ' +
    'signal; compliance under 80 %; evident waste risen against the four weeks before, the difference’s interval ' +
    'excluding 0). Admin: every contract; base, work, contract users: their own. Ordered by base, work and name.',
  answers: { 200: { description: 'The portfolio.', schema: portfolioSchema } },
  errors: { 403: refusals[403] },
});

export function dashboardDocs(
  name: DashboardName,
  summary: string,
  kind: ReportKind,
  shown?: { parameter: string; values: readonly string[]; description: string },
): FastifySchema {
  const shape = shown
    ? { [shown.parameter]: { type: 'string', enum: [...shown.values], description: shown.description } }
    : {};
  return operation({
    operationId: `get${pascal(name)}Dashboard`,
    tags,
    summary,
    description:
      'The figures of DOMAIN.md §3, computed in the database. A contract outside your scope answers as one without reports. ' +
      'Send the ETag back in If-None-Match: an answer still the same is a 304 without a body. Each encoding has its own ' +
      'ETag (plain "<digest>", "<digest>-gzip", "<digest>-br"; Vary: accept-encoding).',
    query: { type: 'object', properties: { ...filterProperties(kind), ...shape }, required: ['contract'] },
    headers: { type: 'object', properties: { 'if-none-match': { type: 'string' } } },
    answers: {
      200: {
        description: 'The dashboard.',
        schema: DASHBOARD_SCHEMAS[name],
        headers: { ETag: { type: 'string', description: 'Send it back in If-None-Match.' } },
      },
      304: { description: 'Not modified (If-None-Match matched the ETag).' },
    },
    errors: refusals,
  });
}

export function dashboardExportDocs(name: DashboardName, kind: ReportKind): FastifySchema {
  return operation({
    operationId: `export${pascal(name)}Dashboard`,
    tags,
    summary: `The tables of the ${name} dashboard as an XLSX or CSV download`,
    description: [
      `Exactly the tables the screen shows (dashboardTables('${name}', answer) of shared/domain/dashboard-tables.ts) of the answer GET /api/dashboards/${name} gives for the same filters, every ranked list whole.`,
      'XLSX: one sheet per table, named by its title; the filters (names, not ids) on top, a blank row, the header and the rows; numbers as numbers with a number format, dates as date cells.',
      'CSV: UTF-8 with BOM, CRLF: the filters, then each table under its title line, each followed by a blank line; cells written as the screen writes them in the language of Accept-Language (pt-BR: `;` and 7,5; en-US: `,` and 7.5).',
      'A contract outside your scope (or that does not exist) gives the empty answer’s tables.',
    ].join(' '),
    query: {
      type: 'object',
      properties: { format: { type: 'string', enum: ['csv', 'xlsx'] }, ...filterProperties(kind) },
      required: ['format', 'contract'],
    },
    answers: {
      200: {
        description: 'The file (Content-Disposition: attachment; saude-do-projeto-YYYY-MM-DD.xlsx, …).',
        files: EXPORT_FILES,
      },
    },
    errors: {
      ...refusals,
      400: 'validation_failed with a code per parameter (format and filters), before any byte of the file.',
    },
  });
}
