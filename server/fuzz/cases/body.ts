import { UNSAFE, isUpload } from '../document.js';
import type { FuzzCase } from '../types.js';
import { MIB } from '../types.js';
import { PNG } from './png.js';
import type { Scope } from './scope.js';
import { before, json } from './scope.js';

/** Identical creates sent at once. */
export const RACE = 6;

interface WholeBody {
  label: string;
  headers: Record<string, string>;
  body: Buffer;
  core?: boolean;
}

const TOO_LARGE = '1.1 MB body';

/** Bodies broken as JSON text or as encoding, or too large or too deep. */
function brokenJson(scope: Scope): WholeBody[] {
  return [
    { label: 'invalid JSON', ...json('{"name":'), core: true },
    { label: 'JSON with a trailing comma', ...json('{"a":1,}') },
    { label: 'empty JSON body', ...json('') },
    { label: 'JSON null', ...json('null') },
    { label: 'JSON array', ...json('[]') },
    { label: 'JSON string', ...json('"x"') },
    { label: 'JSON number', ...json('1e309') },
    { label: 'top-level __proto__', ...json(before(scope, '"__proto__":{"isAdmin":true}')) },
    { label: 'constructor.prototype', ...json('{"constructor":{"prototype":{"polluted":true}}}'), core: true },
    { label: 'NUL in a key', ...json(before(scope, '"na\\u0000me":1')) },
    { label: 'lone surrogate in a key', ...json(before(scope, '"\\ud800":1')) },
    { label: 'duplicate keys', ...json(before(scope, '"name":"a","name":{}')) },
    {
      label: '10 000 keys',
      ...json(JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])))),
    },
    { label: '10 000-deep nesting', ...json(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) },
    { label: TOO_LARGE, ...json(JSON.stringify({ name: 'x'.repeat(1_150_000) })) },
    {
      label: 'invalid UTF-8',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    },
  ];
}

/** The valid body (or `{}`) under a content type the route must not take as JSON, or a hostile one. */
function wrongContentTypes(scope: Scope): WholeBody[] {
  const text = scope.templateText ?? '{}';
  const typed = (type: string, body = Buffer.from(text)) => ({ headers: { 'content-type': type }, body });
  return [
    { label: 'wrong content-type text/plain', ...typed('text/plain'), core: true },
    { label: 'form-urlencoded', ...typed('application/x-www-form-urlencoded', Buffer.from('name=x&__proto__[a]=1')) },
    { label: 'JSON in UTF-16 charset', ...typed('application/json; charset=utf-16', Buffer.from(text, 'utf16le')) },
    { label: 'no content-type', headers: {}, body: Buffer.from(text) },
    { label: 'multipart without boundary', ...typed('multipart/form-data', PNG) },
    { label: 'content-type charset=__proto__', ...typed('application/json; charset=__proto__') },
    { label: 'content-type with empty parameters', ...typed('application/json;;;=') },
    { label: 'content-type of 5 000 chars', ...typed(`application/json; x=${'x'.repeat(5000)}`) },
  ];
}

/** Whole hostile bodies on every write but the uploads, under every session. */
export function wholeBodyCases(scope: Scope): FuzzCase[] {
  if (!UNSAFE.has(scope.method) || isUpload(scope.operation)) return [];
  // 1.1 MB passes a route whose own limit is larger (x-body-limit); everywhere else it is too large.
  const limited = scope.jsonBody && (scope.operation['x-body-limit'] ?? MIB) < 1_100_000;
  return [...brokenJson(scope), ...wrongContentTypes(scope)].flatMap((whole) =>
    scope.sessions.map((session) => ({
      ...scope.common,
      path: scope.target,
      family: 'body' as const,
      variant: `body: ${whole.label}`,
      session,
      headers: whole.headers,
      body: whole.body,
      ...(whole.label === TOO_LARGE && session !== 'none' && limited
        ? { expect: { label: 'too large: 413', ok: (status: number) => status === 413 || status === 403 } }
        : {}),
      core: whole.core && session !== 'none',
    })),
  );
}

/** Identical creates at once: one may take the unique name, the others get 409. */
export function raceCases(scope: Scope): FuzzCase[] {
  const { template } = scope;
  if (scope.method !== 'POST' || !template) return [];
  if (!['name', 'email'].some((field) => typeof template[field] === 'string')) return [];
  const racing = Object.fromEntries(
    Object.entries(template).map(([field, value]) => [
      field,
      field === 'name' ? `${String(value)} race` : field === 'email' ? `race.${String(value)}` : value,
    ]),
  );
  return [
    {
      ...scope.common,
      path: scope.target,
      family: 'race',
      variant: `${RACE} identical creates at once`,
      session: scope.deep[0] ?? 'none',
      ...json(JSON.stringify(racing)),
      parallel: RACE,
      expect: { label: `at most one of ${RACE} identical creates succeeds`, ok: () => true },
      core: true,
    },
  ];
}
