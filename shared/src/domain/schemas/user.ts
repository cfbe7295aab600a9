import * as v from 'valibot';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { PROFILES } from '../permission.js';
import { emailField, passwordField } from './auth.js';
import { NAME_MAX, choiceField, idField, requiredText, statusField } from './organisation.js';

/**
 * The user form (spec §5): name, e-mail, password, profile, base, work and contract are
 * required. The password given on creation is temporary: the user is asked to change it at
 * the first sign-in.
 */
const userFields = {
  firstName: requiredText(NAME_MAX),
  email: emailField,
  permission: choiceField(PROFILES),
  base: idField,
  work: idField,
  contract: idField,
  isActive: statusField,
};

export const userCreateSchema = v.object({ ...userFields, password: passwordField });
export type UserCreateInput = v.InferOutput<typeof userCreateSchema>;

/** On edit an empty or absent password keeps the current one; any other is a new temporary password. */
export const userUpdateSchema = v.object({
  ...userFields,
  password: v.pipe(
    v.nullish(v.string('invalid_value')),
    v.check((value) => !value || value.length >= MIN_PASSWORD_LENGTH, 'min_length'),
    v.check((value) => !value || value.length <= 200, 'too_long'),
    v.transform((value) => value || undefined),
  ),
});
export type UserUpdateInput = v.InferOutput<typeof userUpdateSchema>;
