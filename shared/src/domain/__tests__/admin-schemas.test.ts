import * as v from 'valibot';
import { baseSchema, contractSchema, workSchema } from '../schemas/organisation';
import { userCreateSchema, userUpdateSchema } from '../schemas/user';
import { fieldErrors } from '../schemas/issues';

/** The Administration forms' rules (spec §5), as the screens and the server both apply them. */
const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

const work = {
  name: 'Obra',
  prj: 'PRJ-1',
  description: 'Uma obra',
  base: 1,
  startDate: '2026-01-10',
  endDate: '2026-03-01',
  isActive: true,
};
const contract = {
  name: 'Contrato',
  description: 'Um contrato',
  base: 1,
  work: 2,
  reportingGoal: 3,
  reportingPeriod: 30,
  isActive: true,
};
const user = {
  firstName: 'Ana',
  email: 'ana@example.com',
  password: 'secret1',
  permission: 'contract',
  base: 1,
  work: 2,
  contract: 3,
  isActive: true,
};

describe('base', () => {
  it('needs a name, a Brazilian state and a Yes/No status', () => {
    expect(errorsOf(baseSchema, { name: 'Base', state: 'SP', isActive: false })).toEqual({});
    expect(errorsOf(baseSchema, { name: '   ', state: 'XX', isActive: null })).toEqual({
      name: 'required',
      state: 'invalid_value',
      isActive: 'required',
    });
  });
});

describe('work', () => {
  it('accepts a start on or before the end', () => {
    expect(errorsOf(workSchema, work)).toEqual({});
    expect(errorsOf(workSchema, { ...work, endDate: work.startDate })).toEqual({});
  });

  it('refuses a start after the end, on the end date', () => {
    expect(errorsOf(workSchema, { ...work, startDate: '2026-03-02' })).toEqual({ endDate: 'start_after_end' });
  });

  it('refuses a day that does not exist, without also claiming the order is wrong', () => {
    expect(errorsOf(workSchema, { ...work, startDate: '2026-02-31' })).toEqual({ startDate: 'invalid_value' });
  });

  it('refuses year 0000, which PostgreSQL cannot store (a 500 before), and takes year 0001', () => {
    expect(errorsOf(workSchema, { ...work, startDate: '0000-01-01' })).toEqual({ startDate: 'invalid_value' });
    expect(errorsOf(workSchema, { ...work, startDate: '0001-01-01' })).toEqual({});
  });
});

describe('contract', () => {
  it('needs a whole reporting goal above 0', () => {
    expect(errorsOf(contractSchema, contract)).toEqual({});
    expect(errorsOf(contractSchema, { ...contract, reportingGoal: 0 })).toEqual({ reportingGoal: 'must_be_positive' });
    expect(errorsOf(contractSchema, { ...contract, reportingGoal: 1.5 })).toEqual({ reportingGoal: 'invalid_value' });
    expect(errorsOf(contractSchema, { ...contract, reportingGoal: null })).toEqual({ reportingGoal: 'required' });
  });

  it('needs its base and work as ids', () => {
    expect(errorsOf(contractSchema, { ...contract, base: null, work: 'two' })).toEqual({
      base: 'required',
      work: 'invalid_value',
    });
  });
});

describe('user', () => {
  it('needs every field on creation, the temporary password included', () => {
    expect(errorsOf(userCreateSchema, user)).toEqual({});
    expect(errorsOf(userCreateSchema, { ...user, password: '' })).toMatchObject({ password: expect.any(String) });
    expect(errorsOf(userCreateSchema, { ...user, permission: 'owner', contract: null })).toEqual({
      permission: 'invalid_value',
      contract: 'required',
    });
  });

  it('keeps the current password when an edit leaves it empty, and checks a new one', () => {
    const kept = v.parse(userUpdateSchema, { ...user, password: '' });
    expect(kept.password).toBeUndefined();
    expect(errorsOf(userUpdateSchema, { ...user, password: '123' })).toEqual({ password: 'min_length' });
  });

  it('drops what is not a field of the form (a picture goes apart, as a file)', () => {
    expect(v.parse(userCreateSchema, { ...user, picture: 'x' })).not.toHaveProperty('picture');
  });
});
