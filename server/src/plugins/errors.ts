import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode } from '@canteiro/shared/domain';
import { ApiError, sendError } from '../errors.js';
import { appWide } from './app-wide.js';

/**
 * Every failure leaves as `{ code, message, fields? }`. Bad input of any kind (malformed
 * JSON, wrong content type, too large) is a 4xx; only a real bug is a 500, logged with its
 * stack, which never reaches the body.
 */
export const errorHandling = appWide(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError)
      return sendError(request, reply, error.statusCode, error.code, error.fields, error.params);

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, 'server_error');
    }
    request.log.info({ code: error.code, status }, error.message);
    return sendError(request, reply, status, codeOfClientError(status));
  });
});

/** Fastify's own 4xx errors (body parser, content type, limits) in the catalogue's words. */
function codeOfClientError(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'not_authenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'validation_failed';
  }
}
