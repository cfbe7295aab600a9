import type { FastifySchema } from 'fastify';
import type * as v from 'valibot';
import {
  FILTER_DIMENSIONS,
  activityReportItemSchema,
  equipmentReportItemSchema,
  quantityReportItemSchema,
  reportFiltersSchema,
  reportSumsSchema,
} from '@canteiro/shared/domain';
import type { ReportKind } from '@canteiro/shared/domain';
import { resourceDocs } from '../crud/docs.js';
import type { ListShape } from '../crud/list-query.js';
import type { JsonSchema } from '../openapi/json-schema.js';
import { bodySchema } from '../openapi/json-schema.js';
import { operation, pascal } from '../openapi/operation.js';
import { appliesTo } from './filters.js';

/**
 * OpenAPI operations of the report lists and exports: the kit's list and export operations
 * (crud/docs.ts) typed by each kind's item, with the shared filters (the valibot schema that
 * validates them, reportFiltersSchema) instead of `includeInactive`.
 */

const ITEMS = {
  activity: activityReportItemSchema,
  equipment: equipmentReportItemSchema,
  quantity: quantityReportItemSchema,
} as const satisfies Record<ReportKind, v.GenericSchema>;

/** The object the filter schema checks once empty values are dropped (its third step). */
const filterObject = reportFiltersSchema.pipe.find((step) => step.type === 'object') as v.GenericSchema;

const FILTER_WORDS: Record<string, string> = {
  contract: 'The contract (required; outside your scope: no rows).',
  from: 'First site day (YYYY-MM-DD).',
  to: 'Last site day, included. Not before `from` (from_after_to on from).',
  fromTime: 'Earliest site time of day, HH:MM.',
  toTime: 'Latest site time of day, HH:MM, included to the minute (from_time_after_to_time on fromTime).',
  weekdays: 'Site weekdays a-b, 1 Monday … 7 Sunday, a ≤ b; or one day n.',
  week: 'ISO week YYYY-Www (site days Monday–Sunday).',
  range: 'Ignored by the lists (the dashboards bucket by it).',
};

/** The class filter in words, by the kind of row it keeps (reports/filters.ts). */
const CLASSIFICATION_WORDS: Record<ReportKind | 'any', string> = {
  activity:
    "Only rows whose occurrence has this class now (value_adding, hidden_waste, evident_waste); a machine's class is ignored.",
  equipment: "Only rows of this machine class (working, idle, down); an occurrence's class is ignored.",
  quantity: 'Ignored: a quantity report has no class.',
  any: "An occurrence's class keeps the activity rows of that class; a machine's class, the equipment rows.",
};

/** The report filters as query parameters, each described; `kind` says which dimensions apply. */
export function filterProperties(kind: ReportKind | null): Record<string, JsonSchema> {
  const { properties } = bodySchema(filterObject) as { properties: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => {
      const dimension = (FILTER_DIMENSIONS as readonly string[]).includes(name);
      const words = !dimension
        ? name === 'classification'
          ? CLASSIFICATION_WORDS[kind ?? 'any']
          : FILTER_WORDS[name]
        : kind === null || appliesTo(kind, name as (typeof FILTER_DIMENSIONS)[number])
          ? `Only rows of this ${name} (id).`
          : `Ignored: a ${kind} report has no ${name}.`;
      return [name, { ...schema, ...(words ? { description: words } : {}) }];
    }),
  );
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

export function reportDocs(
  kind: ReportKind,
  shape: ListShape,
): { list: FastifySchema; export: FastifySchema; sums: FastifySchema } {
  const docs = resourceDocs({ endpoint: 'reports', singular: `${kind}-report`, shape, item: ITEMS[kind] });
  const {
    page: _page,
    pageSize: _pageSize,
    sort: _sort,
    order: _order,
    ...search
  } = (docs.list!.querystring as QueryDocs).properties;
  return {
    sums: operation({
      operationId: `sum${pascal(kind)}Reports`,
      summary: `What the ${kind} reports a list keeps add up to (rows${kind === 'activity' ? ', workers, HH' : ''})`,
      tags: ['reports'],
      query: {
        type: 'object',
        properties: { ...search, ...filterProperties(kind) },
        required: ['contract'],
      },
      answers: { 200: { description: 'The same rows as the list with these parameters.', schema: reportSumsSchema } },
      errors: { 400: 'validation_failed: a filter is refused (fields).', 403: 'forbidden: no web access.' },
    }),
    list: {
      ...withFilters(docs.list!, kind, `List ${kind} reports of a contract, filtered (site clock)`),
      operationId: `list${pascal(kind)}Reports`,
    },
    export: {
      ...withFilters(docs.export!, kind, `Every ${kind} report matching the filters, as a CSV or XLSX download`),
      operationId: `export${pascal(kind)}Reports`,
    },
  };
}
