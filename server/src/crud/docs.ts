import type { FastifySchema } from 'fastify';
import { Column, is } from 'drizzle-orm';
import * as v from 'valibot';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_SEARCH,
  optionSchema,
  pageSchema,
  statusSchema,
} from '@canteiro/shared/domain';
import type { JsonSchema } from '../openapi/json-schema.js';
import { ID_PARAM, XLSX, capital, operation, pascal } from '../openapi/operation.js';
import type { ListShape } from './list-query.js';
import type { RowAction } from './writes.js';

/**
 * The OpenAPI operations of a resource's routes, from what the resource declares: its item
 * schema (shared/domain/items.ts) types every answer, its write schemas every body, its read
 * model the list's sorts and filters. Nothing here is written by hand per resource.
 */

const listParameters: Record<string, JsonSchema> = {
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
function filterParameters({ filters = {} }: ListShape): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => [
      name,
      is(filter, Column)
        ? { type: 'integer', minimum: 1, description: `Only the records of this ${name} (id).` }
        : { type: 'string', enum: [...filter.values], description: `Only the records whose ${name} is this.` },
    ]),
  );
}

export interface ResourceDocsOptions {
  /** The path under /api and the OpenAPI tag (`works`). */
  endpoint: string;
  /** One of them, for the operation ids (`work`: getWork, createWork). */
  singular: string;
  shape: ListShape;
  /** Each item as every answer holds it. */
  item: v.GenericSchema;
  /** The bodies of create and edit, when the resource is written. */
  createSchema?: v.GenericSchema;
  updateSchema?: v.GenericSchema;
  actions?: readonly Pick<RowAction, 'name' | 'precondition'>[];
}

export const EXPORT_FILES = ['text/csv', XLSX] as const;

export function resourceDocs({
  endpoint,
  singular,
  shape,
  item,
  createSchema,
  updateSchema = createSchema,
  actions = [],
}: ResourceDocsOptions): Record<string, FastifySchema> {
  const tags = [endpoint];
  const [many, one] = [pascal(endpoint), pascal(singular)];
  const filters = filterParameters(shape);
  const sorts = Object.keys(shape.sorts);
  const listQuery: JsonSchema = {
    type: 'object',
    properties: {
      ...listParameters,
      sort: { type: 'string', enum: sorts, description: `A column of the item (${shape.defaultSort.key} by default).` },
      ...filters,
    },
  };
  const saved = { description: 'Saved: the record as a read answers it.', schema: item };
  const notFound = 'not_found (or out of scope).';
  const rowActions = Object.fromEntries(
    actions.map(({ name: action, precondition }): [string, FastifySchema] => [
      `action:${action}`,
      operation({
        operationId: `${action}${one}`,
        summary: `${capital(action)} one of ${endpoint}`,
        tags,
        params: ID_PARAM,
        answers: { 200: saved },
        errors: {
          403: 'forbidden: this level may never do this.',
          404: notFound,
          409: `${precondition.code}: the record is not in a state this applies to.`,
        },
      }),
    ]),
  );
  return {
    ...rowActions,
    list: operation({
      operationId: `list${many}`,
      summary: `List ${endpoint} in the caller's scope`,
      tags,
      query: listQuery,
      answers: { 200: { description: 'One page.', schema: pageSchema(item) } },
      errors: {
        400: 'validation_failed (a query parameter, named in fields).',
        403: 'forbidden: this level may never do this.',
      },
    }),
    options: operation({
      operationId: `list${one}Options`,
      summary: `${capital(endpoint)} a select may offer: in scope and in effect active`,
      tags,
      query: { type: 'object', properties: filters },
      answers: { 200: { description: 'Sorted by name.', schema: v.array(optionSchema) } },
      errors: {
        400: 'validation_failed (a filter, named in fields).',
        403: 'forbidden: this level may never do this.',
      },
    }),
    export: operation({
      operationId: `export${many}`,
      summary: `Every ${endpoint} row matching the filters, as a CSV or XLSX download`,
      description:
        'Headers in the language of Accept-Language. CSV: UTF-8 with BOM; pt-BR separates with `;` and writes ' +
        'decimals with a comma, en-US with `,` and a dot. Text a spreadsheet would run as a formula is prefixed ' +
        "with `'` (docs/exports.md).",
      tags,
      query: {
        type: 'object',
        properties: { format: { type: 'string', enum: ['csv', 'xlsx'] }, ...(listQuery.properties as object) },
        required: ['format'],
      },
      answers: { 200: { description: 'The file (Content-Disposition: attachment).', files: EXPORT_FILES } },
      errors: {
        400: 'validation_failed, before any byte of the file: a normal JSON answer.',
        403: 'forbidden: this level may never do this.',
      },
    }),
    read: operation({
      operationId: `get${one}`,
      summary: `One of ${endpoint}`,
      tags,
      params: ID_PARAM,
      answers: { 200: { description: 'The record.', schema: item } },
      errors: { 403: 'forbidden: this level may never do this.', 404: notFound },
    }),
    ...(createSchema
      ? {
          create: operation({
            operationId: `create${one}`,
            summary: `Create one of ${endpoint}`,
            tags,
            body: createSchema,
            answers: { 201: { description: 'Created: the record as a read answers it.', schema: item } },
            errors: {
              400: 'validation_failed, with a code per field (invalid_parent for a parent out of scope or chain).',
              403: 'forbidden: this level may never do this.',
              409: 'duplicate_… or parent_inactive, with the field.',
            },
          }),
          update: operation({
            operationId: `update${one}`,
            summary: `Edit one of ${endpoint}`,
            tags,
            params: ID_PARAM,
            body: updateSchema!,
            answers: { 200: saved },
            errors: {
              400: 'validation_failed, with a code per field.',
              403: 'forbidden: this level may never do this.',
              404: notFound,
              409: 'duplicate_… or parent_inactive, with the field.',
            },
          }),
          status: operation({
            operationId: `set${one}Status`,
            summary: `Activate or deactivate one of ${endpoint}`,
            tags,
            params: ID_PARAM,
            body: statusSchema,
            answers: { 200: saved },
            errors: {
              400: 'validation_failed (isActive).',
              403: 'forbidden: this level may never do this.',
              404: notFound,
              409: 'parent_inactive, or a change this user may not make of itself.',
            },
          }),
        }
      : {}),
  };
}
