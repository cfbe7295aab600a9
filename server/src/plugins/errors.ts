import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, pickLocale } from '@canteiro/shared/domain';
import type { ErrorCode } from '@canteiro/shared/domain';
import { unavailableReason } from '../db/driver.js';
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

    const unavailable = unavailableReason(error);
    if (unavailable) {
      // Not a bug: the database is restarting, failing over or away. The node stays up.
      request.log.warn(unavailable, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 503, 'database_unavailable');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, 'server_error');
    }
    request.log.info({ code: error.code, status }, error.message);
    return sendError(request, reply, status, codeOfClientError(status));
  });

  // An `Expect` other than 100-continue: Node answers 417 itself, with an empty body, unless
  // someone listens (and then the request never reaches Fastify). The same 417, in our shape.
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const code: ErrorCode = 'bad_request';
    const body = JSON.stringify({ code, message: errorMessage(code, pickLocale(request.headers['accept-language'])) });
    response.writeHead(417, { ...RAW_ANSWER_HEADERS, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});

/** What a 503 database_unavailable asks the client to wait: a restart takes a second or two. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Headers of the answers written outside Fastify's reply (no hook adds them there). */
const RAW_ANSWER_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  connection: 'close',
};

/** Fastify's own 4xx errors (body parser, content type, limits) in the catalogue's words. */
function codeOfClientError(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'not_authenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 413:
      return 'payload_too_large';
    case 414:
    case 431:
      return 'request_too_large';
    case 429:
      return 'rate_limited';
    default:
      return 'validation_failed';
  }
}

/**
 * The router's own refusals, which never reach the error handler (Fastify's
 * `frameworkErrors` option): a URL whose percent-encoding is not UTF-8 text is 400
 * invalid_text; a path segment over `maxParamLength` (100) names no record, 404 not_found.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(request, reply, 400, 'invalid_text');
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(request, reply, 404, 'not_found');
    return;
  }
  request.log.error({ err: error }, 'request failed');
  sendError(request, reply, 500, 'server_error');
}

/**
 * A request Node's HTTP parser refuses before Fastify sees it (Fastify's
 * `clientErrorHandler` option): headers or request line over the limit (431), too slow
 * (408), not HTTP (400). Written straight to the socket in the one error shape, in the
 * default language (the headers were never read), then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'bad_request'];
  this.log.info({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message: errorMessage(code) });
    const headers = { ...RAW_ANSWER_HEADERS, 'content-length': Buffer.byteLength(body) };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  socket.destroy(error);
}
