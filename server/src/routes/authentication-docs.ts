import type { FastifySchema } from 'fastify';
import { changePasswordSchema, loginAnswerSchema, loginRequestSchema, userAnswerSchema } from '@canteiro/shared/domain';
import type { Answer } from '../openapi/operation.js';
import { operation } from '../openapi/operation.js';

/**
 * OpenAPI operations of the sessions, from the shared valibot schemas that validate their
 * bodies (schemas/auth.ts) and type their answers (answers.ts).
 */

const tags = ['authentication'];
const retryAfter = {
  'Retry-After': {
    type: 'integer',
    description: 'Seconds before this address may try this account again (absent for account-wide limits).',
  },
};

/** What both sign-ins answer (this one and the mobile app's, server/src/mobile/docs.ts). */
export const signedIn: Answer = { description: 'Signed in.', schema: loginAnswerSchema };
export const signInRefusals = {
  400: 'validation_failed, with a code per field.',
  401: 'invalid_credentials: an unknown e-mail, a wrong password and an inactive user alike.',
};
export const rateLimited = {
  description:
    'rate_limited: too many failures for this account or address (a trusted device is not stopped by failures from elsewhere).',
  $ref: 'ApiError#',
  headers: retryAfter,
};

export const loginDocs: FastifySchema = withRateLimit(
  operation({
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    description:
      'Answers a session token for the `Authorization: Token <token>` header and the signed-in user. ' +
      'Unknown e-mail, wrong password and inactive user give the same 401. Failures are throttled per account and per client address.',
    tags,
    body: loginRequestSchema,
    answers: { 200: signedIn },
    errors: { ...signInRefusals, 403: 'reporter_denied: a reporter signing in from the web.' },
  }),
);

/** Adds the 429 of the sign-ins and the password change, with its Retry-After. */
export function withRateLimit(schema: FastifySchema): FastifySchema {
  return { ...schema, response: { ...(schema.response as object), 429: rateLimited } };
}

export const logoutDocs: FastifySchema = operation({
  operationId: 'signOut',
  summary: 'Sign out: ends the session of this token',
  tags,
  answers: { 204: { description: 'Signed out.' } },
  errors: {},
});

export const changePasswordDocs: FastifySchema = withRateLimit(
  operation({
    operationId: 'changePassword',
    summary: 'Change the password of the signed-in user',
    description: 'Clears first_access and signs out every other session of the user.',
    tags,
    body: changePasswordSchema,
    answers: { 200: { description: 'Password changed.', schema: userAnswerSchema } },
    errors: { 400: 'validation_failed (passwords_mismatch on confirm_password, …) or wrong_current_password.' },
  }),
);

export const meDocs: FastifySchema = operation({
  operationId: 'getSignedInUser',
  summary: 'The signed-in user',
  tags,
  answers: { 200: { description: 'The user of this token.', schema: userAnswerSchema } },
});
