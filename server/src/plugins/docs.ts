import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES, FIELD_CODES, PROFILES } from '@canteiro/shared/domain';
import { appWide } from './app-wide.js';

/**
 * OpenAPI description at /api/docs (page) and /api/docs/json, built from the routes'
 * documentation schemas. Registered before the routes so it sees them all.
 */
export const apiDocs = appWide(async (app: FastifyInstance) => {
  app.addSchema({
    $id: 'ApiError',
    type: 'object',
    properties: {
      code: { type: 'string', enum: [...ERROR_CODES] },
      message: { type: 'string', description: 'In the language of Accept-Language (pt-BR by default).' },
      fields: { type: 'object', additionalProperties: { type: 'string', enum: [...FIELD_CODES, ...ERROR_CODES] } },
    },
    required: ['code', 'message'],
  });
  app.addSchema({
    $id: 'SessionUser',
    type: 'object',
    properties: {
      id: { type: 'integer' },
      email: { type: 'string' },
      username: { type: 'string' },
      first_name: { type: 'string', nullable: true },
      profile_picture: { type: 'string', nullable: true },
      permission_set: {
        type: 'object',
        properties: {
          value: { type: 'string', enum: [...PROFILES] },
          label: { type: 'string' },
          first_access: { type: 'boolean' },
        },
        required: ['value', 'label'],
      },
    },
    required: ['id', 'email', 'username', 'permission_set'],
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Canteiro API',
        description: 'Back-office API. Errors answer `{ code, message, fields? }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
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
        { name: 'mobile', description: 'The mobile app: report ingestion (exactly once) and its catalogue' },
        { name: 'reports', description: 'The three report lists (activity, equipment, quantity) and their export' },
        { name: 'dashboards', description: 'The five dashboards: figures of DOMAIN.md §3 under the report filters' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
