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
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const notAuthenticated = (): ApiError => new ApiError(401, 'not_authenticated');

/** Sends the one error shape, worded in the language the browser asked for. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  fields?: Record<string, string>,
): FastifyReply {
  const body: ApiErrorBody = { code, message: errorMessage(code, pickLocale(request.headers['accept-language'])) };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
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
