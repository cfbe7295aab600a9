import type { FastifySchema } from 'fastify';
import { FILTER_DIMENSIONS, RANGE_TYPES } from '@canteiro/shared/domain';
import type { ReportKind } from '@canteiro/shared/domain';
import { resourceDocs } from '../crud/docs.js';
import type { ListShape } from '../crud/list-query.js';
import { appliesTo } from './filters.js';

/**
 * OpenAPI descriptions of the report lists and exports: the kit's list and export
 * descriptions (crud/docs.ts) with the shared filters instead of `includeInactive`.
 * Documentation only: the shared valibot schema validates the query.
 */

export function filterProperties(kind: ReportKind): Record<string, object> {
  const day = (description: string) => ({ type: 'string', format: 'date', description });
  const time = (description: string) => ({ type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description });
  return {
    contract: { type: 'integer', minimum: 1, description: 'The contract (required; outside your scope: no rows).' },
    from: day('First site day (YYYY-MM-DD).'),
    to: day('Last site day, included. Not before `from` (from_after_to on from).'),
    fromTime: time('Earliest site time of day, HH:MM.'),
    toTime: time('Latest site time of day, HH:MM, included to the minute (from_time_after_to_time on fromTime).'),
    weekdays: {
      type: 'string',
      pattern: '^[1-7](-[1-7])?$',
      description: 'Site weekdays a-b, 1 Monday … 7 Sunday, a ≤ b; or one day n.',
    },
    ...Object.fromEntries(
      FILTER_DIMENSIONS.map((dimension) => [
        dimension,
        {
          type: 'integer',
          minimum: 1,
          description: appliesTo(kind, dimension)
            ? `Only rows of this ${dimension} (id).`
            : `Ignored: a ${kind} report has no ${dimension}.`,
        },
      ]),
    ),
    week: {
      type: 'string',
      pattern: '^[0-9]{4}-W[0-9]{2}$',
      description: 'ISO week YYYY-Www (site days Monday–Sunday).',
    },
    range: {
      type: 'string',
      enum: [...RANGE_TYPES],
      description: 'Ignored by the lists (the dashboards bucket by it).',
    },
  };
}

type QueryDocs = { properties: Record<string, object>; required?: string[] };

function withFilters(schema: FastifySchema, kind: ReportKind, summary: string): FastifySchema {
  const { includeInactive: _ignored, ...properties } = (schema.querystring as QueryDocs).properties;
  const required = (schema.querystring as QueryDocs).required ?? [];
  return {
    ...schema,
    summary,
    querystring: {
      type: 'object',
      properties: { ...properties, ...filterProperties(kind) },
      required: [...required, 'contract'],
    },
  };
}

export function reportDocs(kind: ReportKind, shape: ListShape): { list: FastifySchema; export: FastifySchema } {
  const docs = resourceDocs('reports', shape);
  return {
    list: withFilters(docs.list!, kind, `List ${kind} reports of a contract, filtered (site clock)`),
    export: withFilters(docs.export!, kind, `Every ${kind} report matching the filters, as a CSV or XLSX download`),
  };
}
