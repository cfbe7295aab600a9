import type { FastifySchema } from 'fastify';
import type { AnySchema, JsonSchema } from './json-schema.js';
import { answerSchema, bodySchema } from './json-schema.js';

/**
 * One operation of the OpenAPI description, from the valibot schemas the route uses: its
 * body (as it validates), its answers (as the shared item and dashboard schemas type them),
 * its files (their real media types) and the errors of its own. What every route of a kind
 * can answer (401, 403, 409 before a password change, 400 invalid_text, 503) is added to
 * every operation by the docs plugin from the route's configuration (plugins/docs.ts).
 */

/** `Activity` of `activity`. */
export const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `project-health`, `/api/works/{id}` → `ProjectHealth`, `ApiWorksId`: the words of an operationId. */
export const pascal = (words: string): string =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capital)
    .join('');

/** The XLSX media type. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Answer {
  description: string;
  /** A JSON answer, typed by its valibot schema. */
  schema?: AnySchema;
  /** A JSON answer that is no item (a literal JSON Schema, e.g. `{ type: 'string' }`). */
  json?: JsonSchema;
  /** A file: its media types (its body is the bytes). */
  files?: readonly string[];
  /** Response headers, each a JSON Schema with its description. */
  headers?: Record<string, JsonSchema & { description: string }>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Path parameters, by name. */
  params?: Record<string, JsonSchema>;
  /** The query string: an object schema. */
  query?: JsonSchema;
  headers?: JsonSchema;
  /** A JSON body, by the valibot schema that validates it. */
  body?: AnySchema;
  /** A body that is no JSON (multipart), as Fastify's swagger takes it. */
  rawBody?: JsonSchema;
  consumes?: readonly string[];
  /** The success answers, by status. */
  answers: Record<number, Answer>;
  /** The route's own refusals, by status: the codes it answers, in words. */
  errors?: Record<number, string>;
}

/** `{ code, message }` with its description. */
export const errorAnswer = (description: string) => ({ description, $ref: 'ApiError#' });

const FILE = { type: 'string', format: 'binary' };

function answer({ description, schema, json, files, headers }: Answer): Record<string, unknown> {
  const content = schema
    ? { 'application/json': { schema: answerSchema(schema) } }
    : json
      ? { 'application/json': { schema: json } }
      : files
        ? Object.fromEntries(files.map((type) => [type, { schema: FILE }]))
        : undefined;
  // `type: 'null'` is how Fastify's swagger writes an answer without a body (204, 304).
  return { description, ...(content ? { content } : { type: 'null' }), ...(headers ? { headers } : {}) };
}

export function operation(spec: Operation): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, success] of Object.entries(spec.answers)) response[status] = answer(success);
  for (const [status, codes] of Object.entries(spec.errors ?? {})) response[status] = errorAnswer(codes);
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [...spec.tags],
    ...(spec.params ? { params: { type: 'object', properties: spec.params, required: Object.keys(spec.params) } } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.body ? { body: bodySchema(spec.body) } : spec.rawBody ? { body: spec.rawBody } : {}),
    ...(spec.consumes ? { consumes: [...spec.consumes] } : {}),
    response,
  } as FastifySchema;
}

/** `{id}` of a path: a record's id. */
export const ID_PARAM = { id: { type: 'integer', minimum: 1, description: 'The id of the record.' } };
