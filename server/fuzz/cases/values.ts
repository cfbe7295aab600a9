import type { Parameter } from '../types.js';

/** The hostile values the generators put in place of a valid one, family by family. */

/** A value put in place of one body field, as JSON text (so `"\ud800"` stays a lone surrogate on the wire). */
export interface FieldValue {
  label: string;
  /** '' leaves the field out. */
  json: string;
  mustRefuse?: boolean;
  core?: boolean;
}

export const FIELD_VALUES: FieldValue[] = [
  { label: 'null', json: 'null', core: true },
  { label: 'missing', json: '' },
  { label: '0', json: '0' },
  { label: '-1', json: '-1' },
  { label: '1.5', json: '1.5' },
  { label: '1e309', json: '1e309' },
  { label: '2^53+1', json: '9007199254740993' },
  { label: 'true', json: 'true' },
  { label: '""', json: '""' },
  { label: 'NUL', json: '"a\\u0000b"', mustRefuse: true, core: true },
  { label: 'lone surrogate', json: '"\\ud800"', mustRefuse: true, core: true },
  { label: '"toString"', json: '"toString"' },
  { label: '"__proto__"', json: '"__proto__"' },
  { label: '[]', json: '[]' },
  { label: '[1]', json: '[1]' },
  { label: '{}', json: '{}' },
  { label: '{"__proto__":{}}', json: '{"__proto__":{}}', core: true },
  { label: '100 000 chars', json: JSON.stringify('x'.repeat(100_000)), core: true },
];

/**
 * Values shaped like the field's own: dates a calendar check may let through but the
 * database refuses, numbers past a 32-bit column, another item's unique value in another
 * case or padded with spaces.
 */
export function valuesLike(value: unknown, other: unknown): FieldValue[] {
  const values: FieldValue[] = [];
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    values.push(
      { label: 'year 0000', json: '"0000-01-01"', core: true },
      { label: 'year 9999', json: '"9999-12-31"' },
      { label: 'year 1', json: '"0001-01-01"' },
      { label: '30 February', json: '"2026-02-30"' },
      { label: 'date and time', json: '"2026-12-01T00:00:00Z"' },
    );
  else if (typeof value === 'string')
    values.push({ label: 'emoji, combining and RTL marks', json: JSON.stringify('😀 e\u0301 \u202e ok') });
  if (typeof value === 'number')
    values.push(
      { label: '2^31', json: '2147483648', core: true },
      { label: '-2^31-1', json: '-2147483649' },
      { label: '1e21', json: '1e21' },
      { label: '1e-7', json: '1e-7' },
    );
  if (typeof value === 'boolean') values.push({ label: '"true"', json: '"true"' }, { label: '1', json: '1' });
  if (typeof other === 'string' && other !== '')
    values.push(
      { label: "another item's value in upper case", json: JSON.stringify(other.toUpperCase()), core: true },
      { label: "another item's value padded", json: JSON.stringify(`  ${other}  `) },
    );
  return values;
}

/** A free-text query parameter (search, sort), as opposed to a number or a choice. */
export const textual = (parameter: Parameter) => parameter.schema?.type === 'string' && !parameter.schema.enum;

/**
 * Values of one query or path parameter, already percent-encoded. `text: false`: in the
 * sample only on the parameter chosen by rotation, even for text parameters.
 */
export const QUERY_VALUES: {
  label: string;
  raw: string;
  mustRefuse?: boolean;
  core?: boolean;
  repeat?: boolean;
  text?: boolean;
}[] = [
  { label: 'empty', raw: '' },
  { label: '%00', raw: '%00', mustRefuse: true, core: true },
  { label: 'lone surrogate %ED%A0%80', raw: '%ED%A0%80', core: true, text: false },
  { label: '%', raw: '%' },
  { label: 'backslash', raw: '%5C', core: true },
  { label: 'ends with backslash', raw: 'a%5C' },
  { label: 'LIKE wildcards %_', raw: '%25_' },
  { label: 'quotes \'"', raw: '%27%22' },
  { label: '%zz', raw: '%zz' },
  { label: 'toString', raw: 'toString', core: true },
  { label: '__proto__', raw: '__proto__' },
  { label: 'constructor', raw: 'constructor' },
  { label: 'hasOwnProperty', raw: 'hasOwnProperty' },
  { label: 'repeated a=1&a=2', raw: '1', repeat: true, core: true, text: false },
  { label: 'huge 1e23', raw: '99999999999999999999999' },
  { label: '2^31', raw: '2147483648', core: true, text: false },
  { label: '2^53-1', raw: '9007199254740991' },
  { label: '1e309', raw: '1e309' },
  { label: '-1', raw: '-1' },
  { label: '0', raw: '0' },
  { label: 'NaN', raw: 'NaN' },
  { label: '1.5', raw: '1.5' },
  { label: 'unicode', raw: '%C3%A9%E2%82%AC%F0%9F%98%80%E2%80%AE' },
  { label: '10 000 chars', raw: 'x'.repeat(10_000), core: true },
];

export const PATH_VALUES: { label: string; raw: string; mustRefuse?: boolean; core?: boolean }[] = [
  { label: 'huge 1e23', raw: '99999999999999999999999', core: true },
  { label: '2^53+1', raw: '9007199254740993' },
  { label: '2^31', raw: '2147483648' },
  { label: '-1', raw: '-1' },
  { label: '0', raw: '0' },
  { label: '1e309', raw: '1e309' },
  { label: 'NaN', raw: 'NaN' },
  { label: '1.5', raw: '1.5' },
  { label: '0x10', raw: '0x10' },
  { label: ' 1', raw: '%201' },
  { label: '%00', raw: '%00', mustRefuse: true, core: true },
  { label: 'lone surrogate %ED%A0%80', raw: '%ED%A0%80' },
  { label: '101 chars', raw: '1'.repeat(101), core: true },
  { label: '10 000 chars', raw: 'a'.repeat(10_000) },
  { label: 'unicode', raw: '%C3%A9%E2%82%AC%F0%9F%98%80' },
  { label: '../', raw: '..' },
  { label: '..%2F', raw: '..%2F..%2Fhealth' },
  { label: 'toString', raw: 'toString', core: true },
  { label: '__proto__', raw: '__proto__' },
];

/** Accept-Language values that pick a message catalogue. */
export const ACCEPT_LANGUAGES = [
  '__proto__',
  'toString',
  'constructor',
  'en-US;q=abc, pt-BR;q=-1',
  '*',
  `${'x-'.repeat(4000)}en`,
];

/** Authorization headers that carry no valid session. */
export const AUTHORIZATIONS = [
  { label: 'Token', value: 'Token' },
  { label: 'Token + space', value: 'Token ' },
  { label: 'Token toString', value: 'Token toString' },
  { label: 'Token __proto__', value: 'Token __proto__' },
  { label: 'Bearer', value: 'Bearer abc' },
  { label: 'Token a b', value: 'Token a b' },
  { label: 'Token of 10 000 chars', value: `Token ${'x'.repeat(10_000)}` },
  { label: 'Token with unicode', value: 'Token \u00e9\u00e0' },
];
