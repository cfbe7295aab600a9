import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  AUTH_SCHEME,
  ERROR_CODES,
  FIELD_CODES,
  UNSAFE_METHODS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@canteiro/shared/domain';
import { errorAnswer, pascal } from '../openapi/operation.js';
import { appWide } from './app-wide.js';

/**
 * OpenAPI description at /api/docs (page) and /api/docs/json, built from the routes'
 * schemas (openapi/operation.ts: the valibot schemas that validate and type them). Registered
 * before the routes so it sees them all; on each it adds what its kind of route can answer
 * (see `commonAnswers`), its security requirement and an operationId when it has none.
 */

/** Routes that never touch the database: no 503 database_unavailable. */
const WITHOUT_DATABASE = new Set(['/api/health/live', '/api/settings', '/remotes.json']);

type Refusals = Record<number, string[]>;

/** What any route of this kind can answer besides its own answers, from the route's configuration. */
function commonAnswers(route: RouteOptions, method: string): Refusals {
  const { config = {} } = route as RouteOptions & { config?: Record<string, unknown> };
  const refusals: Refusals = {};
  const add = (status: number, code: string) => (refusals[status] ??= []).push(code);
  if (!route.url.startsWith('/api/')) return refusals;
  // A URL whose percent-encoding is no UTF-8, a NUL or a lone surrogate anywhere in the input.
  add(400, 'invalid_text');
  const unsafe = UNSAFE_METHODS.has(method);
  if (unsafe) {
    add(400, 'validation_failed (a body that is not JSON)');
    add(413, 'payload_too_large');
    add(415, 'validation_failed (a content type the route does not take)');
  }
  if (unsafe && config.mobile !== true) add(403, 'xsrf_mismatch');
  if (config.public !== true) {
    add(401, 'not_authenticated');
    if (config.anyChannel !== true)
      add(403, config.mobile === true ? 'mobile_session_required' : 'web_session_required');
    if (config.beforePasswordChange !== true && config.mobile !== true) add(409, 'password_change_required');
  }
  // A fault of the server itself: logged with its stack, which never reaches the body.
  add(500, 'server_error');
  if (!WITHOUT_DATABASE.has(route.url)) add(503, 'database_unavailable (Retry-After: 2)');
  return refusals;
}

/** The security requirement of the route: a token and, on unsafe web calls, the XSRF pair. */
function securityOf(route: RouteOptions, method: string): Record<string, string[]>[] {
  const { config = {} } = route as RouteOptions & { config?: Record<string, unknown> };
  const xsrf = UNSAFE_METHODS.has(method) && config.mobile !== true && route.url.startsWith('/api/');
  const pair: Record<string, string[]> = xsrf ? { xsrfCookie: [], xsrfHeader: [] } : {};
  if (config.public === true || !route.url.startsWith('/api/')) return xsrf ? [pair] : [];
  return [{ token: [], ...pair }];
}

/** `GET /api/works/{id}/status` → `getWorksIdStatus`, for a route that names none. */
const derivedOperationId = (method: string, url: string): string =>
  method.toLowerCase() + pascal(url.replace(/^\/api\//, '/'));

type Schema = Record<string, unknown> & { response?: Record<string, Record<string, unknown>> };

function describeRoute(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Schema;
  if ((schema as { hide?: boolean }).hide) return;
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const response = { ...schema.response };
  for (const [status, codes] of Object.entries(commonAnswers(route, method))) {
    const own = response[status];
    const words = codes.join('; ');
    response[status] = own
      ? { ...own, description: `${String(own.description ?? '')} Also: ${words}.` }
      : errorAnswer(`${words}.`);
  }
  route.schema = {
    ...schema,
    operationId: (schema.operationId as string | undefined) ?? derivedOperationId(method, route.url),
    security: securityOf(route, method),
    response,
  };
}

export const apiDocs = appWide(async (app: FastifyInstance) => {
  app.addSchema({
    $id: 'ApiError',
    type: 'object',
    properties: {
      code: { type: 'string', enum: [...new Set(ERROR_CODES)] },
      message: { type: 'string', description: 'In the language of Accept-Language (pt-BR by default).' },
      fields: {
        type: 'object',
        description: 'The fields at fault, each with its code (a dotted path for a nested one).',
        additionalProperties: { type: 'string', enum: [...new Set([...FIELD_CODES, ...ERROR_CODES])] },
      },
      max: { type: 'integer', description: 'too_many_reports: the most rows a batch takes.' },
      maxSize: { type: 'number', description: 'image_too_large, image_type: the largest picture, in MB.' },
      maxMegapixels: {
        type: 'number',
        description: 'image_dimensions: the most pixels a picture may have, in millions.',
      },
    },
    required: ['code', 'message'],
    additionalProperties: false,
  });

  app.addHook('onRoute', describeRoute);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Canteiro API',
        description:
          'Back-office and mobile API. Every error answers `{ code, message, fields? }` in the language of ' +
          'Accept-Language. Generated from the valibot schemas that validate the bodies and type the answers.',
        version: '1.0.0',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          token: {
            type: 'http',
            scheme: AUTH_SCHEME,
            description: `\`Authorization: ${AUTH_SCHEME} <token>\`: the token that POST /api/authentication/login (web) or POST /api/mobile/login (app) answered.`,
          },
          xsrfCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: XSRF_COOKIE,
            description: 'Set by the server on any answer; a page script reads it to copy it into the header.',
          },
          xsrfHeader: {
            type: 'apiKey',
            in: 'header',
            name: XSRF_HEADER,
            description: `A copy of the ${XSRF_COOKIE} cookie, on every unsafe web call (not the mobile app's).`,
          },
        },
      },
      tags: [
        { name: 'authentication', description: 'Sessions' },
        { name: 'system', description: 'Health and runtime configuration' },
        { name: 'bases', description: 'Administration: bases' },
        { name: 'works', description: 'Administration: works (obras)' },
        { name: 'contracts', description: 'Administration: contractors (contratadas)' },
        { name: 'occurrences', description: 'Administration: the occurrence list (admins)' },
        { name: 'users', description: 'Administration: users and their pictures' },
        { name: 'surveys', description: 'The app survey: read-only list (admins) and mobile submission' },
        { name: 'disciplines', description: "Management: a contract's disciplines" },
        { name: 'areas', description: "Management: a contract's areas" },
        { name: 'locals', description: "Management: a contract's locals" },
        { name: 'blocks', description: "Management: a contract's blocks" },
        { name: 'packages', description: "Management: a contract's packages" },
        { name: 'activities', description: "Management: a contract's activities" },
        { name: 'functions', description: "Management: a contract's functions" },
        { name: 'equipment', description: "Management: a contract's equipment" },
        { name: 'mobile', description: 'The mobile app: report ingestion (exactly once) and its catalogue' },
        { name: 'reports', description: 'The three report lists (activity, equipment, quantity) and their export' },
        { name: 'dashboards', description: 'The five dashboards: figures of DOMAIN.md §3 under the report filters' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
    // `/api/works/` and `/api/works` are one route (prefixTrailingSlash): described without the slash.
    transform: ({ schema, url }) => ({ schema, url: url.length > 1 ? url.replace(/\/$/, '') : url }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
