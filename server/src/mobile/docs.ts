import type { FastifySchema } from 'fastify';
import * as v from 'valibot';
import {
  MAX_REPORT_FUTURE_MINUTES,
  MAX_REPORTS_PER_BATCH,
  mobileCatalogueSchema,
  mobileLoginSchema,
  optionSchema,
  reportBatchAnswerSchema,
  reportRowSchema,
} from '@canteiro/shared/domain';
import { filterProperties } from '../reports/docs.js';
import { operation } from '../openapi/operation.js';
import { signInRefusals, signedIn, withRateLimit } from '../routes/authentication-docs.js';

/** 1 000 rows whose two texts are full (2 × 2 000 characters of up to 3 bytes in UTF-8) are about 12 MB of JSON. */
export const REPORT_BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * OpenAPI operations of the mobile app's routes (docs/ingestion.md), from the shared valibot
 * schemas that validate the rows (schemas/reports.ts) and type the answers (answers.ts).
 */

const tags = ['mobile'];

export const mobileLoginDocs: FastifySchema = withRateLimit(
  operation({
    operationId: 'signInMobile',
    summary: 'Sign in from the mobile app (no XSRF cookie needed): a session that opens /api/mobile/* only',
    description:
      'The same check as /api/authentication/login without from_web: the same throttling and the same 401 for an ' +
      'unknown e-mail, a wrong password or an inactive user. Answers the token for `Authorization: Token <token>` ' +
      'and a trusted-device token to send back as `device` next time (docs/ingestion.md).',
    tags,
    body: mobileLoginSchema,
    answers: { 200: signedIn },
    errors: signInRefusals,
  }),
);

export const mobileLogoutDocs: FastifySchema = operation({
  operationId: 'signOutMobile',
  summary: 'Sign out of the mobile app: ends the session of this token (no XSRF header needed)',
  tags,
  answers: { 204: { description: 'Signed out.' } },
});

/** The body as documented: up to MAX_REPORTS_PER_BATCH rows, each one of the three kinds. */
const documentedBatch = v.object({
  reports: v.pipe(v.array(reportRowSchema), v.maxLength(MAX_REPORTS_PER_BATCH)),
});

export const reportBatchDocs: FastifySchema & { 'x-body-limit': number } = {
  ...operation({
    operationId: 'sendReports',
    summary: 'Send a batch of observations (exactly once; no XSRF header needed)',
    description:
      `Up to ${MAX_REPORTS_PER_BATCH} rows. Each row is checked on its own: one bad row holds back no other. ` +
      'A row whose id is already stored (or appears earlier in the batch) is a duplicate and changes nothing. ' +
      'Every accepted row is committed before the answer. `reportTime`: ISO 8601 with its offset (Z or ±hh:mm), ' +
      `at most ${MAX_REPORT_FUTURE_MINUTES} minutes ahead of the server, not before the start of the contract's work. ` +
      'A quantity has at most 3 decimals. Rejection codes: validation_failed (with a code per field), ' +
      'invalid_text, unknown_kind, report_time_in_future (the device clock is ahead: compare with the Date header), ' +
      'contract_out_of_scope, report_time_before_work (before the start date of the contract work, on the site clock), ' +
      'invalid_reference, inactive_reference and duplicate_report_id (the id already stored as another kind) ' +
      '(with the field). Every row rejection is final: never resend the same row. See docs/ingestion.md.',
    tags,
    body: documentedBatch,
    answers: { 200: { description: 'What became of each row.', schema: reportBatchAnswerSchema } },
    errors: {
      400: 'validation_failed: the body is not `{ reports: [...] }` (fields.reports).',
      413: `too_many_reports (more than ${MAX_REPORTS_PER_BATCH} rows; \`max\` in the body).`,
    },
  }),
  // Its own body limit (routes.ts), larger than the API's 1 MiB: the fuzz reads it here.
  'x-body-limit': REPORT_BATCH_BODY_LIMIT,
};

export const mobileCatalogueDocs: FastifySchema = operation({
  operationId: 'getMobileCatalogue',
  summary: "A contract's catalogue for the app's pickers (in effect active records only; ETag)",
  description:
    'The contract (in the caller scope, active with its work and base) and its packages, locals, areas, activities, ' +
    'functions and equipment that are active with every ancestor, and the active occurrences, each sorted by name. ' +
    'Send the ETag back in If-None-Match: an unchanged catalogue answers 304 without a body. Each encoding has its ' +
    'own ETag (plain "<digest>", "<digest>-gzip", "<digest>-br"; Vary: accept-encoding).',
  tags,
  query: { type: 'object', properties: { contract: filterProperties(null).contract }, required: ['contract'] },
  headers: { type: 'object', properties: { 'if-none-match': { type: 'string' } } },
  answers: {
    200: {
      description: 'The catalogue (Cache-Control: no-store, as every API answer: the app keeps its own copy).',
      schema: mobileCatalogueSchema,
      headers: { ETag: { type: 'string', description: 'Send it back in If-None-Match.' } },
    },
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
  },
  errors: {
    400: 'validation_failed: contract missing or not an id.',
    404: 'not_found: the contract is unknown, out of scope or inactive.',
  },
});

export const mobileContractsDocs: FastifySchema = operation({
  operationId: 'listMobileContracts',
  summary: 'The contracts the signed-in user may report on (a reporter: its own), active, by name',
  tags,
  answers: {
    200: {
      description: '`[{ id, name }]`: the values GET /api/mobile/catalogue?contract= and the rows take.',
      schema: v.array(optionSchema),
    },
  },
});
