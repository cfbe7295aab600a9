import * as v from 'valibot';
import { reportRowSchema, reportTimeField, reportTimeMs } from '../schemas/reports';
import { fieldErrors } from '../schemas/issues';

const row = {
  id: '3F2B8C1E-0C4A-4D7E-9B1A-2C3D4E5F6A7B',
  kind: 'quantity',
  contract: 1,
  reportTime: '2026-03-02T09:15:00-03:00',
  package: 2,
  area: 3,
  activity: 4,
  quantity: 12.5,
  unity: 'm³',
};

describe('a report row (docs/ingestion.md)', () => {
  it('takes an ISO 8601 time with its offset and gives it back in UTC', () => {
    expect(v.parse(reportTimeField, '2026-03-02T09:15:00-03:00')).toBe('2026-03-02T12:15:00.000Z');
    expect(v.parse(reportTimeField, '2026-03-02T09:15+05:30')).toBe('2026-03-02T03:45:00.000Z');
    expect(v.parse(reportTimeField, '2026-03-02T09:15:00.123456Z')).toBe('2026-03-02T09:15:00.123Z');
    expect(reportTimeMs('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
  });

  it('refuses a time without offset or that is not a real instant', () => {
    for (const text of [
      '2026-03-02T09:15:00',
      '2026-03-02 09:15:00Z',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-03-02T24:00:00Z',
      '2026-03-02T09:60:00Z',
      '2026-03-02T09:15:00+15:00',
      '1999-12-31T23:59:59Z',
      '2026-03-02T09:15:00z',
    ])
      expect(Number.isNaN(reportTimeMs(text))).toBe(true);
  });

  it('lower-cases the id and knows each kind by its fields', () => {
    const parsed = v.parse(reportRowSchema, row);
    expect(parsed.id).toBe(row.id.toLowerCase());
    const result = v.safeParse(reportRowSchema, { ...row, quantity: 1.2345, unity: 'l' });
    expect(result.success ? {} : fieldErrors(result.issues)).toEqual({
      quantity: 'invalid_value',
      unity: 'invalid_value',
    });
  });
});
