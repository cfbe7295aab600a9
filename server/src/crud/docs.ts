import type { FastifySchema } from 'fastify';
import { Column, is } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH } from '@canteiro/shared/domain';
import { EXPORT_FORMATS } from './export.js';
import type { ListShape } from './list-query.js';
import type { RowAction } from './writes.js';

/**
 * OpenAPI descriptions of a resource's routes (documentation only: the shared valibot
 * schemas validate bodies, list-query.ts the query strings).
 */

const error = (description: string) => ({ description, $ref: 'ApiError#' });
const security = [{ token: [] }];
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] };
const item = { type: 'object', additionalProperties: true };

const listParameters = {
  search: {
    type: 'string',
    maxLength: MAX_SEARCH,
    description: 'Case-insensitive, anywhere in the main text columns.',
  },
  page: { type: 'integer', minimum: 1, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  includeInactive: { type: 'boolean', default: false },
  order: { type: 'string', enum: ['asc', 'desc'] },
};

/** The resource's own filters, from its read model: `?contract=` and each parent by id, lists by value. */
function filterParameters({ filters = {} }: ListShape): Record<string, object> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => [
      name,
      is(filter, Column)
        ? { type: 'integer', minimum: 1, description: `Only the records of this ${name} (id).` }
        : { type: 'string', enum: [...filter.values], description: `Only the records whose ${name} is this.` },
    ]),
  );
}

const common = {
  401: error('not_authenticated.'),
  403: error('forbidden: this level may never do this; or xsrf_mismatch.'),
};

export function resourceDocs(
  name: string,
  shape: ListShape,
  actions: readonly Pick<RowAction, 'name' | 'precondition'>[] = [],
): Record<string, FastifySchema> {
  const tags = [name];
  const base = { tags, security };
  const filters = filterParameters(shape);
  const sorts = Object.keys(shape.sorts);
  const listQuery = {
    type: 'object',
    properties: {
      ...listParameters,
      sort: { type: 'string', enum: sorts, description: `A column of the item (${shape.defaultSort.key} by default).` },
      ...filters,
    },
  };
  const rowActions = Object.fromEntries(
    actions.map(({ name: action, precondition }): [string, FastifySchema] => [
      `action:${action}`,
      {
        ...base,
        summary: `${action} one of ${name}`,
        params: idParams,
        response: {
          200: { description: 'Saved.', ...item },
          404: error('not_found (or out of scope).'),
          409: error(`${precondition.code}: the record is not in a state this applies to.`),
          ...common,
        },
      },
    ]),
  );
  return {
    ...rowActions,
    list: {
      ...base,
      summary: `List ${name} in the caller's scope`,
      querystring: listQuery,
      response: {
        200: {
          description: 'One page.',
          type: 'object',
          properties: {
            items: { type: 'array', items: item },
            total: { type: 'integer' },
            page: { type: 'integer' },
            pageSize: { type: 'integer' },
          },
        },
        400: error('validation_failed (a query parameter, named in fields) or invalid_text (a character XML refuses).'),
        ...common,
      },
    },
    options: {
      ...base,
      summary: `${name} a select may offer: in scope and in effect active`,
      querystring: { type: 'object', properties: filters },
      response: {
        200: {
          description: 'Sorted by name.',
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
        },
        ...common,
      },
    },
    export: {
      ...base,
      summary: `Every ${name} row matching the filters, as a CSV or XLSX download`,
      description: 'CSV: UTF-8, BOM; pt-BR `;` and 7,5, en-US `,` and 7.5, per Accept-Language (headers too).',
      querystring: {
        type: 'object',
        properties: { format: { type: 'string', enum: [...EXPORT_FORMATS] }, ...listQuery.properties },
        required: ['format'],
      },
      response: {
        200: { description: 'The file (Content-Disposition: attachment).' },
        400: error('validation_failed or invalid_text, before any byte of the file: a normal JSON answer.'),
        ...common,
      },
    },
    read: {
      ...base,
      summary: `One of ${name}`,
      params: idParams,
      response: { 200: { description: 'The item.', ...item }, 404: error('not_found (or out of scope).'), ...common },
    },
    create: {
      ...base,
      summary: `Create one of ${name}`,
      body: item,
      response: {
        201: { description: 'Created.', ...item },
        400: error('validation_failed, with a code per field (invalid_parent for a parent out of scope or chain).'),
        409: error('duplicate_… or parent_inactive, with the field.'),
        ...common,
      },
    },
    update: {
      ...base,
      summary: `Edit one of ${name}`,
      params: idParams,
      body: item,
      response: {
        200: { description: 'Saved.', ...item },
        400: error('validation_failed, with a code per field.'),
        404: error('not_found (or out of scope).'),
        409: error('duplicate_… or parent_inactive, with the field.'),
        ...common,
      },
    },
    status: {
      ...base,
      summary: `Activate or deactivate one of ${name}`,
      params: idParams,
      body: { type: 'object', properties: { isActive: { type: 'boolean' } }, required: ['isActive'] },
      response: { 200: { description: 'Saved.', ...item }, 404: error('not_found (or out of scope).'), ...common },
    },
  };
}
