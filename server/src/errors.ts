import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { errorMessage, fieldErrors, pickLocale } from '@canteiro/shared/domain';
import type { ApiErrorBody, ErrorCode } from '@canteiro/shared/domain';

/**
 * An answer the client is meant to understand: a status, a stable code from the shared
 * catalogue and, for forms, a code per field. Throw it from any hook or handler.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    /** Values the message names (`{{maxSize}}`), also sent in the body for the client's own wording. */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notAuthenticated = (): ApiError => new ApiError(401, 'not_authenticated');

/**
 * A message's `{{name}}` and `{{name, number}}` placeholders filled from `params`, a number
 * written as the language writes it (0,5 in Portuguese), as i18next fills them in the browser.
 */
export function fillMessage(template: string, locale: string, params?: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)(, number)?\}\}/g, (placeholder, name: string, number?: string) => {
    if (!params || !Object.hasOwn(params, name)) return placeholder;
    const value = params[name]!;
    return number && typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value);
  });
}

/** Sends the one error shape, worded in the language the browser asked for. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  fields?: Record<string, string>,
  params?: Record<string, string | number>,
): FastifyReply {
  const locale = pickLocale(request.headers['accept-language']);
  const message = fillMessage(errorMessage(code, locale), locale, params);
  const body: ApiErrorBody & Record<string, unknown> = { code, message };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  if (params) Object.assign(body, params);
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Validates a request body with a shared valibot schema; 400 validation_failed with field codes otherwise. */
export function parseBody<const Schema extends v.GenericSchema>(schema: Schema, body: unknown): v.InferOutput<Schema> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  const fields = fieldErrors(result.issues);
  // '_' is the body itself (not an object): nothing a form field can show.
  delete fields._;
  throw new ApiError(400, 'validation_failed', fields);
}
