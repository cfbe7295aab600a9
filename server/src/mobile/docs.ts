import type { FastifySchema } from 'fastify';
import { credentials, signInAnswers } from '../routes/authentication-docs.js';
import {
  ERROR_CODES,
  EQUIPMENT_CLASSIFICATIONS,
  MAX_REPORT_FUTURE_MINUTES,
  MAX_REPORT_TEXT,
  MAX_REPORTS_PER_BATCH,
  MAX_WORKERS_SEEN,
  MEASURE_UNITS,
} from '@canteiro/shared/domain';

/** 1 000 rows whose two texts are full (2 × 2 000 characters of up to 3 bytes in UTF-8) are about 12 MB of JSON. */
export const REPORT_BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * OpenAPI descriptions of the mobile app's routes (docs/ingestion.md). Documentation only:
 * the shared valibot schemas validate the bodies and queries.
 */

const tags = ['mobile'];
const session = { security: [{ token: [] }] };
const error = (description: string) => ({ description, $ref: 'ApiError#' });
const channelErrors = {
  401: error('not_authenticated.'),
  403: error('mobile_session_required: a web session (signed in with from_web) does not open the app routes.'),
};

export const mobileLoginDocs: FastifySchema = {
  summary: 'Sign in from the mobile app (no XSRF cookie needed): a session that opens /api/mobile/* only',
  description:
    'The same check as /api/authentication/login without from_web: the same throttling and the same 401 for an ' +
    'unknown e-mail, a wrong password or an inactive user. Answers the token for `Authorization: Token <token>`.',
  tags,
  body: { type: 'object', properties: credentials, required: ['email', 'password'] },
  response: signInAnswers,
};

export const mobileLogoutDocs: FastifySchema = {
  summary: 'Sign out of the mobile app: ends the session of this token (no XSRF header needed)',
  tags,
  ...session,
  response: {
    204: { description: 'Signed out.', type: 'null' },
    ...channelErrors,
  },
};

const id = { type: 'integer', minimum: 1 };
const text = { type: 'string', maxLength: MAX_REPORT_TEXT, nullable: true };
const observation = {
  id: { type: 'string', format: 'uuid', description: 'Made by the device; any UUID version, either case.' },
  contract: id,
  reportTime: {
    type: 'string',
    format: 'date-time',
    description: `ISO 8601 with its offset (Z or ±hh:mm); at most ${MAX_REPORT_FUTURE_MINUTES} minutes ahead of the server (report_time_in_future), not before the start of the contract work (report_time_before_work).`,
  },
};
const row = (kind: string, properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: { ...observation, kind: { type: 'string', enum: [kind] }, ...properties },
  required: ['id', 'kind', 'contract', 'reportTime', ...required],
});

export const reportBatchDocs: FastifySchema & { 'x-body-limit': number } = {
  summary: 'Send a batch of observations (exactly once; no XSRF header needed)',
  description:
    `Up to ${MAX_REPORTS_PER_BATCH} rows. Each row is checked on its own: one bad row holds back no other. ` +
    'A row whose id is already stored (or appears earlier in the batch) is a duplicate and changes nothing. ' +
    'Every accepted row is committed before the answer. Rejection codes: validation_failed (with a code per field), ' +
    'invalid_text, unknown_kind, report_time_in_future (the device clock is ahead: compare with the Date header), ' +
    'contract_out_of_scope, report_time_before_work (before the start date of the contract work, on the site clock), ' +
    'invalid_reference, inactive_reference and duplicate_report_id (the id already stored as another kind) ' +
    '(with the field). Every row rejection is final: never resend the same row. See docs/ingestion.md.',
  tags,
  ...session,
  // Its own body limit (routes.ts), larger than the API's 1 MiB: the fuzz reads it here.
  'x-body-limit': REPORT_BATCH_BODY_LIMIT,
  body: {
    type: 'object',
    properties: {
      reports: {
        type: 'array',
        maxItems: MAX_REPORTS_PER_BATCH,
        items: {
          oneOf: [
            row(
              'activity',
              {
                package: id,
                local: id,
                activity: id,
                function: id,
                occurrence: id,
                quantity: { type: 'integer', minimum: 1, maximum: MAX_WORKERS_SEEN },
                notes: text,
                reportInfo: text,
                isScheduled: { type: 'boolean' },
              },
              ['package', 'local', 'activity', 'function', 'occurrence', 'quantity', 'isScheduled'],
            ),
            row(
              'equipment',
              {
                package: id,
                area: id,
                activity: id,
                equipment: id,
                classification: { type: 'string', enum: [...EQUIPMENT_CLASSIFICATIONS] },
                notes: text,
              },
              ['package', 'area', 'activity', 'equipment', 'classification'],
            ),
            row(
              'quantity',
              {
                package: id,
                area: id,
                activity: id,
                quantity: { type: 'number', minimum: 0, maximum: 99_999_999_999.999, multipleOf: 0.001 },
                unity: { type: 'string', enum: [...MEASURE_UNITS] },
              },
              ['package', 'area', 'activity', 'quantity', 'unity'],
            ),
          ],
        },
      },
    },
    required: ['reports'],
  },
  response: {
    200: {
      description: 'What became of each row.',
      type: 'object',
      properties: {
        accepted: { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'Stored now.' },
        duplicates: {
          type: 'array',
          items: { type: 'string', format: 'uuid' },
          description: 'Already stored, or earlier in this batch: nothing changed.',
        },
        rejected: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: {
                type: 'string',
                format: 'uuid',
                nullable: true,
                description: 'Null when the row had no usable id.',
              },
              index: { type: 'integer', description: "The row's position in the batch (from 0)." },
              code: { type: 'string', enum: [...ERROR_CODES] },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['id', 'index', 'code'],
          },
        },
      },
      required: ['accepted', 'duplicates', 'rejected'],
    },
    400: error(
      'validation_failed: the body is not `{ reports: [...] }` (fields.reports); invalid_text outside the rows.',
    ),
    ...channelErrors,
    413: error(
      `too_many_reports (more than ${MAX_REPORTS_PER_BATCH} rows; \`max\` in the body), or payload_too_large.`,
    ),
  },
};

const named = (extra: Record<string, unknown> = {}) => ({
  type: 'array',
  items: { type: 'object', properties: { id: id, name: { type: 'string' }, ...extra } },
});

export const mobileCatalogueDocs: FastifySchema = {
  summary: "A contract's catalogue for the app's pickers (in effect active records only; ETag)",
  description:
    'The contract (in the caller scope, active with its work and base) and its packages, locals, areas, activities, ' +
    'functions and equipment that are active with every ancestor, and the active occurrences, each sorted by name. ' +
    'Send the ETag back in If-None-Match: an unchanged catalogue answers 304 without a body. Each encoding has its ' +
    'own ETag (plain "<digest>", "<digest>-gzip", "<digest>-br"; Vary: accept-encoding).',
  tags,
  ...session,
  querystring: { type: 'object', properties: { contract: id }, required: ['contract'] },
  headers: { type: 'object', properties: { 'if-none-match': { type: 'string' } } },
  response: {
    200: {
      description:
        'The catalogue, with its ETag (Cache-Control: no-store, as every API answer: the app keeps its own copy).',
      type: 'object',
      properties: {
        contract: {
          type: 'object',
          properties: {
            id,
            name: { type: 'string' },
            reportingPeriod: { type: 'integer' },
            reportingGoal: { type: 'integer' },
          },
        },
        packages: named({ block: id, local: id, area: id }),
        locals: named({ area: id }),
        blocks: named({ local: id }),
        areas: named(),
        activities: named({
          package: id,
          local: id,
          area: id,
          measureUnit: { type: 'string', enum: [...MEASURE_UNITS] },
        }),
        functions: named(),
        equipment: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id,
              type: { type: 'string' },
              specification: { type: 'string' },
              company: { type: 'string' },
            },
          },
        },
        occurrences: named({ category: { type: 'string' }, classification: { type: 'string' } }),
      },
    },
    304: { description: 'Not modified (If-None-Match matched the ETag).', type: 'null' },
    400: error('validation_failed: contract missing or not an id.'),
    ...channelErrors,
    404: error('not_found: the contract is unknown, out of scope or inactive.'),
  },
};

export const mobileContractsDocs: FastifySchema = {
  summary: 'The contracts the signed-in user may report on (a reporter: its own), active, by name',
  tags,
  ...session,
  response: {
    200: {
      description: '`[{ id, name }]`: the values GET /api/mobile/catalogue?contract= and the rows take.',
      type: 'array',
      items: { type: 'object', properties: { id, name: { type: 'string' } }, required: ['id', 'name'] },
    },
    ...channelErrors,
  },
};
