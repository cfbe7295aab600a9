import * as v from 'valibot';
import { changePasswordSchema, loginSchema } from '../schemas/auth';
import { fieldErrors } from '../schemas/issues';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('the login schema (spec §5)', () => {
  it('accepts a valid e-mail and a password of 5 characters', () => {
    expect(errorsOf(loginSchema, { email: 'ana@canteiro.test', password: '12345' })).toEqual({});
  });
  it('requires both fields', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({ email: 'required', password: 'required' });
  });
  it('rejects an invalid e-mail and a password under 5 characters', () => {
    expect(errorsOf(loginSchema, { email: 'ana@', password: '1234' })).toEqual({
      email: 'invalid_email',
      password: 'min_length',
    });
  });
  it('trims the e-mail', () => {
    const result = v.parse(loginSchema, { email: '  ana@canteiro.test ', password: '12345' });
    expect(result.email).toBe('ana@canteiro.test');
  });
});

describe('the password change schema (spec §5)', () => {
  const valid = { current_password: 'old12', new_password: 'new123', confirm_password: 'new123' };
  it('accepts three passwords of 5 or more with a matching confirmation', () => {
    expect(errorsOf(changePasswordSchema, valid)).toEqual({});
  });
  it('requires each of the three fields, at least 5 characters', () => {
    expect(
      errorsOf(changePasswordSchema, { current_password: '', new_password: '1234', confirm_password: '' }),
    ).toEqual({
      current_password: 'required',
      new_password: 'min_length',
      confirm_password: 'required',
    });
  });
  it('says the passwords do not match on the confirmation', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, confirm_password: 'other12' })).toEqual({
      confirm_password: 'passwords_mismatch',
    });
  });
});

describe('field codes', () => {
  it('turns a key left out of the body into `required`, never valibot English', () => {
    expect(errorsOf(loginSchema, { password: '12345' })).toEqual({ email: 'required' });
    expect(errorsOf(loginSchema, { email: 42, password: '12345' })).toEqual({ email: 'required' });
  });
});
