import type { FastifySchema } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '@canteiro/shared/domain';

/**
 * OpenAPI descriptions of the authentication routes. Documentation only: the shared
 * valibot schemas validate the bodies (see errors.ts parseBody).
 */

const tags = ['authentication'];
const error = (description: string) => ({ description, $ref: 'ApiError#' });
const session = { security: [{ token: [] }] };
const xsrf = {
  type: 'object',
  properties: { 'x-xsrf-token': { type: 'string', description: 'Copy of the XSRF-TOKEN cookie.' } },
  required: ['x-xsrf-token'],
};
const password = { type: 'string', minLength: MIN_PASSWORD_LENGTH };

/** The credentials both sign-ins take (the web's adds from_web). */
export const credentials = {
  email: { type: 'string', format: 'email' },
  password,
};

/** What both sign-ins answer (this one and the mobile app's, server/src/mobile/docs.ts). */
export const signInAnswers = {
  200: {
    description: 'Signed in.',
    type: 'object',
    properties: { token: { type: 'string' }, user: { $ref: 'SessionUser#' } },
    required: ['token', 'user'],
  },
  400: error('validation_failed, with a code per field.'),
  401: error('invalid_credentials.'),
  429: error('rate_limited: too many failures for this account or address; see Retry-After.'),
};
const userAnswer = (description: string) => ({
  description,
  type: 'object',
  properties: { user: { $ref: 'SessionUser#' } },
  required: ['user'],
});

export const loginDocs: FastifySchema = {
  summary: 'Sign in with e-mail and password',
  description:
    'Answers a session token for the `Authorization: Token <token>` header and the signed-in user. ' +
    'Unknown e-mail, wrong password and inactive user give the same 401. Failures are throttled per account and per client address.',
  tags,
  headers: xsrf,
  body: {
    type: 'object',
    properties: {
      ...credentials,
      from_web: {
        type: 'boolean',
        default: false,
        description:
          'True from the back-office (a web session: every route but /api/mobile/*); reporters are refused there. ' +
          "Without it the session is the mobile app's: it opens /api/mobile/* only (docs/ingestion.md).",
      },
    },
    required: ['email', 'password'],
  },
  response: {
    ...signInAnswers,
    403: error('reporter_denied (a reporter signing in from the web), or xsrf_mismatch.'),
  },
};

export const logoutDocs: FastifySchema = {
  summary: 'Sign out: ends the session of this token',
  tags,
  ...session,
  headers: xsrf,
  response: {
    204: { description: 'Signed out.', type: 'null' },
    401: error('not_authenticated.'),
    403: error('xsrf_mismatch, or web_session_required (the app signs out with POST /api/mobile/logout).'),
  },
};

export const changePasswordDocs: FastifySchema = {
  summary: 'Change the password of the signed-in user',
  description: 'Clears first_access and signs out every other session of the user.',
  tags,
  ...session,
  headers: xsrf,
  body: {
    type: 'object',
    properties: { current_password: password, new_password: password, confirm_password: password },
    required: ['current_password', 'new_password', 'confirm_password'],
  },
  response: {
    200: userAnswer('Password changed.'),
    400: error('validation_failed (passwords_mismatch on confirm_password, …) or wrong_current_password.'),
    401: error('not_authenticated.'),
    403: error('xsrf_mismatch.'),
    429: error('rate_limited.'),
  },
};

export const meDocs: FastifySchema = {
  summary: 'The signed-in user',
  tags,
  ...session,
  response: { 200: userAnswer('The user of this token.'), 401: error('not_authenticated.') },
};
