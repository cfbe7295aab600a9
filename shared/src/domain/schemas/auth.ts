import * as v from 'valibot';
import { MIN_PASSWORD_LENGTH } from '../constants.js';

/**
 * Schemas shared by the forms and the server. Issue messages are field codes
 * (errors.ts), translated by the client under `validation.<code>`.
 */
const requiredString = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'));

export const emailField = v.pipe(requiredString, v.maxLength(254, 'too_long'), v.email('invalid_email'));
export const passwordField = v.pipe(
  v.string('required'),
  v.nonEmpty('required'),
  v.minLength(MIN_PASSWORD_LENGTH, 'min_length'),
  v.maxLength(200, 'too_long'),
);

export const loginSchema = v.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

/**
 * A trusted device's token, as the mobile app sends it back (the browser keeps it as an
 * HttpOnly cookie instead): signing in from it is not stopped by failures from elsewhere.
 */
const deviceField = v.optional(v.pipe(v.string('invalid_value'), v.maxLength(100, 'too_long')));

/** The request body of POST /api/mobile/login. */
export const mobileLoginSchema = v.object({ ...loginSchema.entries, device: deviceField });

/** The request body of POST /api/authentication/login. */
export const loginRequestSchema = v.object({
  ...loginSchema.entries,
  from_web: v.optional(v.boolean('invalid_value'), false),
  device: deviceField,
});

export const changePasswordSchema = v.pipe(
  v.object({
    current_password: passwordField,
    new_password: passwordField,
    confirm_password: passwordField,
  }),
  v.forward(
    v.partialCheck(
      [['new_password'], ['confirm_password']],
      (input) => input.new_password === input.confirm_password,
      'passwords_mismatch',
    ),
    ['confirm_password'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;
