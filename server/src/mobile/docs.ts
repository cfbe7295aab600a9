import type { FastifySchema } from 'fastify';

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

export const mobileLogoutDocs: FastifySchema = {
  summary: 'Sign out of the mobile app: ends the session of this token (no XSRF header needed)',
  tags,
  ...session,
  response: {
    204: { description: 'Signed out.', type: 'null' },
    ...channelErrors,
  },
};
