import * as v from 'valibot';
import {
  addDays,
  filtersToQuery,
  weekdayOf,
  minutesOfDay,
  previousPeriod,
  reportFiltersSchema,
  weekDays,
  weekOf,
} from '../schemas/filters';
import { fieldErrors } from '../schemas/issues';

const errorsOf = (input: unknown) => {
  const result = v.safeParse(reportFiltersSchema, input);
  return result.success ? {} : fieldErrors(result.issues);
};
const parse = (input: unknown) => v.parse(reportFiltersSchema, input);

describe('the report filters (ARCHITECTURE.md §4, spec §5)', () => {
  it('reads every parameter from the text of a URL', () => {
    const parsed = parse({
      contract: '7',
      from: '2026-03-01',
      to: '2026-03-31',
      fromTime: '07:00',
      toTime: '17:30',
      weekdays: '1-5',
      package: '1',
      local: '2',
      area: '3',
      block: '4',
      activity: '5',
      function: '6',
      occurrence: '8',
      equipment: '9',
      week: '2026-W10',
      range: 'week',
    });
    expect(parsed).toEqual({
      contract: 7,
      from: '2026-03-01',
      to: '2026-03-31',
      fromTime: '07:00',
      toTime: '17:30',
      weekdays: { first: 1, last: 5 },
      package: 1,
      local: 2,
      area: 3,
      block: 4,
      activity: 5,
      function: 6,
      occurrence: 8,
      equipment: 9,
      week: '2026-W10',
      range: 'week',
    });
  });

  it('needs only the contract; empty values count as absent; unknown parameters are left alone', () => {
    expect(parse({ contract: '1', package: '', from: '', search: 'x', page: '2', sort: 'toString' })).toEqual({
      contract: 1,
    });
    expect(errorsOf({})).toEqual({ contract: 'required' });
    expect(errorsOf({ contract: '' })).toEqual({ contract: 'required' });
    expect(errorsOf(undefined)).toEqual({ _: 'invalid_value' });
  });

  it('refuses ids that are not whole numbers of the database', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', '99999999999', ' 1']) {
      expect(errorsOf({ contract: bad })).toEqual({ contract: 'invalid_value' });
      expect(errorsOf({ contract: '1', function: bad })).toEqual({ function: 'invalid_value' });
    }
    expect(errorsOf({ contract: ['1', '2'] })).toEqual({ contract: 'invalid_value' });
  });

  it('takes real calendar days only', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '0000-01-01', '26-01-01', '2026-1-1', '2026-01-01T00:00']) {
      expect(errorsOf({ contract: '1', from: bad })).toEqual({ from: 'invalid_value' });
    }
    expect(parse({ contract: '1', from: '0001-01-01', to: '2028-02-29' })).toMatchObject({
      from: '0001-01-01',
      to: '2028-02-29',
    });
  });

  it('refuses a from date after the to date, on from (the same day is fine)', () => {
    expect(errorsOf({ contract: '1', from: '2026-03-02', to: '2026-03-01' })).toEqual({ from: 'from_after_to' });
    expect(errorsOf({ contract: '1', from: '2026-03-01', to: '2026-03-01' })).toEqual({});
    // A malformed date has its own code and no cross-field one.
    expect(errorsOf({ contract: '1', from: '2026-03-32', to: '2026-03-01' })).toEqual({ from: 'invalid_value' });
  });

  it('takes times HH:MM from 00:00 to 23:59 and refuses from time after to time, on fromTime', () => {
    expect(parse({ contract: '1', fromTime: '00:00', toTime: '23:59' })).toMatchObject({
      fromTime: '00:00',
      toTime: '23:59',
    });
    for (const bad of ['24:00', '7:00', '07:60', '07:00:00', '0700']) {
      expect(errorsOf({ contract: '1', toTime: bad })).toEqual({ toTime: 'invalid_value' });
    }
    expect(errorsOf({ contract: '1', fromTime: '17:01', toTime: '17:00' })).toEqual({
      fromTime: 'from_time_after_to_time',
    });
    expect(errorsOf({ contract: '1', fromTime: '17:00', toTime: '17:00' })).toEqual({});
    expect(minutesOfDay('17:30')).toBe(1050);
  });

  it('takes a weekday range a-b with 1 ≤ a ≤ b ≤ 7, or one day', () => {
    expect(parse({ contract: '1', weekdays: '6-7' }).weekdays).toEqual({ first: 6, last: 7 });
    expect(parse({ contract: '1', weekdays: '3' }).weekdays).toEqual({ first: 3, last: 3 });
    for (const bad of ['0-5', '1-8', '6-2', '1,2', '1-', 'mon', '12']) {
      expect(errorsOf({ contract: '1', weekdays: bad })).toEqual({ weekdays: 'invalid_value' });
    }
  });

  it('takes an ISO week YYYY-Www, W53 only in a year that has it', () => {
    expect(parse({ contract: '1', week: '2026-W53' }).week).toBe('2026-W53');
    for (const bad of ['2027-W53', '2026-W00', '2026-W54', '2026W10', '2026-w10', '2026-W1', '0000-W01']) {
      expect(errorsOf({ contract: '1', week: bad })).toEqual({ week: 'invalid_value' });
    }
  });

  it('takes the range types of spec §9', () => {
    expect(parse({ contract: '1', range: 'month' }).range).toBe('month');
    expect(errorsOf({ contract: '1', range: 'hour' })).toEqual({ range: 'invalid_value' });
  });

  it('gives the query back with the same names, absent filters left out', () => {
    const query = {
      contract: '7',
      from: '2026-03-01',
      to: '2026-03-31',
      fromTime: '07:00',
      toTime: '17:30',
      weekdays: '1-5',
      function: '6',
      week: '2026-W10',
      range: 'day',
    };
    expect(filtersToQuery(parse(query))).toEqual(query);
    expect(filtersToQuery(parse({ contract: '1', weekdays: '4-4' }))).toEqual({ contract: '1', weekdays: '4' });
  });
});

describe('ISO weeks and days', () => {
  it('knows the days of a week, Monday to Sunday', () => {
    expect(weekDays('2026-W01')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(weekDays('2026-W10')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(weekDays('2026-W53')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekDays('2020-W53')).toEqual({ from: '2020-12-28', to: '2021-01-03' });
    expect(weekDays('0001-W01')).toEqual({ from: '0001-01-01', to: '0001-01-07' });
    expect(weekDays('2027-W53')).toBeNull();
  });
  it("knows the period of the same length just before the filters' days", () => {
    expect(previousPeriod({ from: '2026-03-03', to: '2026-03-03' })).toEqual({ from: '2026-03-02', to: '2026-03-02' });
    // Four weeks back across a month's end; a week against the week before.
    expect(previousPeriod({ from: '2026-10-29', to: '2026-11-25' })).toEqual({ from: '2026-10-01', to: '2026-10-28' });
    expect(previousPeriod({ week: '2026-W10' })).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    // Dates and a week together: the days both keep (Wed–Sun of W10), five days before them.
    expect(previousPeriod({ from: '2026-03-04', to: '2026-03-20', week: '2026-W10' })).toEqual({
      from: '2026-02-27',
      to: '2026-03-03',
    });
    expect(previousPeriod({ from: '2026-03-02' })).toBeNull();
    expect(previousPeriod({})).toBeNull();
    expect(previousPeriod({ from: '2026-03-20', to: '2026-03-01' })).toBeNull();
  });
  it('knows the week of a day', () => {
    expect(weekOf('2026-01-01')).toBe('2026-W01');
    expect(weekOf('2025-12-29')).toBe('2026-W01');
    expect(weekOf('2027-01-03')).toBe('2026-W53');
    expect(weekOf('2026-03-08')).toBe('2026-W10');
    expect(weekOf('2024-12-30')).toBe('2025-W01');
  });
  it('adds days across months, leap days and years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('names the ISO weekday of a day, Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(() => weekdayOf('2026-02-30')).toThrow();
  });
});
