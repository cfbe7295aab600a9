import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { MAX_REPORTS_PER_BATCH, mobileLoginSchema } from '@canteiro/shared/domain';
import type { ReportBatchAnswer } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database } from '../db/connection.js';
import { ApiError, parseBody } from '../errors.js';
import { idText } from '../crud/list-query.js';
import { signedInUser } from '../plugins/authentication.js';
import { assertCleanText } from '../plugins/input-text.js';
import { WireAnswer, sendWire } from '../plugins/wire-answer.js';
import { revokeToken } from '../authentication/tokens.js';
import { signInHandler } from '../authentication/sign-in.js';
import {
  REPORT_BATCH_BODY_LIMIT,
  mobileCatalogueDocs,
  mobileContractsDocs,
  mobileLoginDocs,
  mobileLogoutDocs,
  reportBatchDocs,
} from './docs.js';
import { EMBEDDED_INSERT_ROWS, ingestReports } from './ingest.js';
import { catalogueReads, readCatalogue, readContracts } from './catalogue.js';

export interface MobileRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

/** The mobile app's report ingestion and catalogue under /api/mobile (docs/ingestion.md). */
export async function mobileRoutes(app: FastifyInstance, { config, db }: MobileRoutesOptions): Promise<void> {
  const { orm } = db;

  // The app's sign-in: a mobile session, and no XSRF cookie to fetch first (the app has no cookie jar).
  const signIn = signInHandler({ config, db });
  app.post('/login', { config: { public: true }, schema: mobileLoginDocs }, async (request, reply) =>
    signIn(request, reply, parseBody(mobileLoginSchema, request.body), 'mobile'),
  );

  app.post(
    '/reports',
    { bodyLimit: REPORT_BATCH_BODY_LIMIT, config: { checksBodyText: true }, schema: reportBatchDocs },
    async (request): Promise<ReportBatchAnswer> => {
      const caller = signedInUser(request);
      const reports = batchRows(request.body);
      return ingestReports(orm, reports, {
        caller,
        siteTimeZone: config.siteTimeZone,
        ...(db.kind === 'pglite' ? { rowsPerStatement: EMBEDDED_INSERT_ROWS } : {}),
      });
    },
  );

  const reads = catalogueReads(config.siteTimeZone);
  const catalogueQuery = v.object({ contract: idText });

  // The app's first question: where may this user report? A reporter: its own contract.
  app.get('/contracts', { schema: mobileContractsDocs }, async (request) => readContracts(orm, signedInUser(request)));

  // Compressed here, not by @fastify/compress: the ETag names the encoding, so it must be known
  // before the answer (and for a 304, which has no body to compress).
  app.get('/catalogue', { schema: mobileCatalogueDocs, compress: false }, async (request, reply) => {
    const caller = signedInUser(request);
    const { contract } = parseBody(catalogueQuery, request.query);
    const catalogue = await readCatalogue(orm, reads, caller, contract);
    // Out of scope, unknown and inactive look alike: nothing to report on.
    if (!catalogue) throw new ApiError(404, 'not_found');
    // The app asks again whenever it can; an unchanged catalogue costs a 304 and no body. The
    // tag is the text's digest and its coding: the same catalogue gives the same tag on every
    // instance. The app keeps its copy itself: Cache-Control stays the API's no-store (no HTTP
    // cache on a shared phone keeps it; docs/ingestion.md).
    return sendWire(request, reply, new WireAnswer(JSON.stringify(catalogue)));
  });

  // The app's own sign-out: a mobile session opens /api/mobile/* only, and the app has no
  // cookie jar for the XSRF check of /api/authentication/logout.
  app.post('/logout', { schema: mobileLogoutDocs }, async (request, reply) => {
    await revokeToken(orm, signedInUser(request).tokenHash);
    return reply.code(204).send();
  });
}

/** The batch's rows: 400 when the body is not `{ reports: [...] }`, 413 past the limit. */
function batchRows(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'validation_failed', { reports: 'required' });
  const { reports } = body as { reports?: unknown };
  if (!Object.hasOwn(body, 'reports') || reports === undefined || reports === null)
    throw new ApiError(400, 'validation_failed', { reports: 'required' });
  if (!Array.isArray(reports)) throw new ApiError(400, 'validation_failed', { reports: 'invalid_value' });
  if (reports.length > MAX_REPORTS_PER_BATCH)
    throw new ApiError(413, 'too_many_reports', undefined, { max: MAX_REPORTS_PER_BATCH });
  // The rows' text is checked row by row (ingest.ts); the rest of the body here.
  assertCleanText({ ...body, reports: [] });
  return reports as unknown[];
}
