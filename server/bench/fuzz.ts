/**
 * Fuzz every operation of the OpenAPI document with hostile input, over real HTTP.
 *
 *   pnpm --filter @canteiro/server fuzz
 *
 * Builds the app on a fresh in-memory PGlite with the demo data (or on the PostgreSQL of
 * BENCH_DATABASE_URL, whose schema is DROPPED and rebuilt), listens on 127.0.0.1 (a free
 * port) and signs in as admin, as a contract-level user, as the reporter (mobile routes) and
 * as a first-access user (refused everywhere but the password change); some requests carry no
 * session, and logout and the password change run on throw-away sessions. It reads
 * /api/docs/json and, for every path × method, sends a bounded set of variants: hostile path parameters, query parameters, header
 * parameters, body fields (each field of a valid body replaced in turn), whole bodies
 * (invalid JSON, wrong content type, too large…), multipart uploads, undocumented methods,
 * HEAD, and a few raw-socket requests (absolute-form request line, 100 000-character URL,
 * oversized header block, malformed framing).
 *
 * A failure is: any 5xx; an error answer (4xx/5xx) whose body is not JSON
 * `{ code: string, message: string }`; a JSON answer that does not parse; a connection
 * closed before a whole answer; an answer slower than 2 s; a 2xx to input the API must
 * be refused (NUL or a lone surrogate in a text, a query parameter or an id); or a status
 * the request's own expectation rules out (XSRF → 403, oversized picture → 413…); or an
 * API answer without `X-Content-Type-Options: nosniff`, or with JSON data and no
 * `Cache-Control: no-store`. HEAD, 204/304 and front-end paths (outside /api/) are not held
 * to the body shape.
 *
 * Prints a table (requests, statuses, failures grouped) and exits non-zero on any failure.
 * Bounded: FUZZ_MAX_REQUESTS (20 000) requests and FUZZ_SECONDS (180) seconds.
 * FUZZ_CONCURRENCY (1) requests in flight; at 1 each server error logged is tied to the
 * request that caused it. FUZZ_QUICK=1 sends only the test suite's sample.
 * The same engine runs, on a smaller sample, in test/fuzz.test.ts.
 */
import http from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { migrateFromScratch, openDatabase } from '../src/db/connection.js';
import type { Database } from '../src/db/connection.js';
import { insertDemoData } from '../src/demo/seed.js';

// ---------------------------------------------------------------------------------------
// Cases

/** `first`: a contract user that still holds its temporary password (first access). */
export type Session = 'admin' | 'contract' | 'reporter' | 'first' | 'none' | 'disposable';
export type Family =
  'baseline' | 'path' | 'query' | 'header' | 'field' | 'body' | 'upload' | 'method' | 'head' | 'race' | 'raw';

export interface FuzzCase {
  /** The OpenAPI operation (`GET /api/bases/{id}`), or the raw request's own name. */
  operation: string;
  method: string;
  /** The request target, sent as is (never normalised). */
  path: string;
  family: Family;
  /** What was changed: `query search=%00`, `field name=null`, `multipart: no boundary`… */
  variant: string;
  session: Session;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Leave out the XSRF cookie and header. */
  noXsrf?: boolean;
  /** Whole request bytes for a raw socket (`{{TOKEN}}` is the admin token). */
  raw?: string | Buffer;
  /** What the API must answer this request (its status class). */
  expect?: { label: string; ok: (status: number) => boolean };
  /** NUL, lone surrogate…: a 2xx means the input was taken. */
  mustRefuse?: boolean;
  /** Part of the test suite's smaller sample. */
  core?: boolean;
  /** The sample keeps one case per operation, family and group (by default the variant's value). */
  sampleGroup?: string;
  /** Sent this many times at once (identical creates racing for one unique name). */
  parallel?: number;
}

export type FailureKind = '5xx' | 'malformed' | 'cut' | 'slow' | 'accepted' | 'unexpected' | 'headers';

export interface Outcome {
  case: FuzzCase;
  /** null when no answer came (connection closed or timed out). */
  status: number | null;
  ms: number;
  excerpt: string;
  /** The body's shape: `{ error, code, message } code=FST_ERR_…`, or `not JSON (text/html)`. */
  shape: string;
  /** The answer's caching and sniffing headers. */
  headersSeen: { 'x-content-type-options'?: string; 'cache-control'?: string };
  failures: FailureKind[];
  /** Error lines the server logged while the request was in flight. */
  serverErrors: string[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
}

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  /** A route's own body limit when it is not the API's 1 MiB (POST /api/mobile/reports). */
  'x-body-limit'?: number;
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MOBILE_PREFIX = '/api/mobile/';
const SLOW_MS = 2000;
/** Identical creates sent at once. */
const RACE = 6;
const TIMEOUT_MS = 15_000;

/** A value put in place of one body field, as JSON text (so `"\ud800"` stays a lone surrogate on the wire). */
interface FieldValue {
  label: string;
  /** '' leaves the field out. */
  json: string;
  mustRefuse?: boolean;
  core?: boolean;
}

const FIELD_VALUES: FieldValue[] = [
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
function valuesLike(value: unknown, other: unknown): FieldValue[] {
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
const textual = (parameter: Parameter) => parameter.schema?.type === 'string' && !parameter.schema.enum;

/**
 * Values of one query or path parameter, already percent-encoded. `text: false`: in the
 * sample only on the parameter chosen by rotation, even for text parameters.
 */
const QUERY_VALUES: {
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

const PATH_VALUES: { label: string; raw: string; mustRefuse?: boolean; core?: boolean }[] = [
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
const ACCEPT_LANGUAGES = [
  '__proto__',
  'toString',
  'constructor',
  'en-US;q=abc, pt-BR;q=-1',
  '*',
  `${'x-'.repeat(4000)}en`,
];

/** Authorization headers that carry no valid session. */
const AUTHORIZATIONS = [
  { label: 'Token', value: 'Token' },
  { label: 'Token + space', value: 'Token ' },
  { label: 'Token toString', value: 'Token toString' },
  { label: 'Token __proto__', value: 'Token __proto__' },
  { label: 'Bearer', value: 'Bearer abc' },
  { label: 'Token a b', value: 'Token a b' },
  { label: 'Token of 10 000 chars', value: `Token ${'x'.repeat(10_000)}` },
  { label: 'Token with unicode', value: 'Token \u00e9\u00e0' },
];

/** Fields of a read item that no form sends. */
const READ_ONLY = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'parentInactive',
  'baseName',
  'workName',
  'contractName',
  'userName',
  'profilePicture',
  'firstAccess',
]);

/** Bodies with their own rules: the sign-in of an account no other request uses; a wrong current password. */
const KNOWN_BODIES: Record<string, Record<string, unknown>> = {
  '/api/authentication/login': { email: 'work@canteiro.test', password: 'demo1234', from_web: true },
  '/api/authentication/change-password': {
    current_password: 'not-the-password',
    new_password: 'Fuzz-new-123',
    confirm_password: 'Fuzz-new-123',
  },
};

/** Operations that would end or change the session they run under: only a throw-away one. */
const SESSION_ENDING = /\/(authentication\/(logout|change-password)|mobile\/logout)$/;
const LOGOUT = /\/(authentication|mobile)\/logout(\?|$)/;

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A well-formed PNG of exactly `bytes` bytes: the 1×1 image with a private ancillary chunk. */
export function paddedPng(bytes: number): Buffer {
  const header = PNG.subarray(0, 33); // signature + IHDR
  const rest = PNG.subarray(33);
  const length = bytes - PNG.length - 12;
  const chunk = Buffer.alloc(12 + length, 0x41);
  chunk.writeUInt32BE(length, 0);
  chunk.write('fzZz', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + length)), 8 + length);
  return Buffer.concat([header, chunk, rest]);
}

function multipart(boundary: string, name: string, filename: string, type: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A valid value for a documented schema. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'fuzz';
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]));
    case 'array':
      return [];
    default:
      if (schema.format === 'email') return 'fuzz@canteiro.test';
      return 'fuzz text'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Everything the cases need to know about the running server, gathered before they are built. */
export interface FuzzContext {
  document: OpenApi;
  /** An existing id per collection (`/api/bases/` → '3'), not one of the signed-in users. */
  ids: Map<string, string>;
  /** A valid body per operation (`POST /api/bases/`). */
  bodies: Map<string, Record<string, unknown>>;
  /** Another existing item per collection: its values are taken again, in other case or padded. */
  others: Map<string, Record<string, unknown>>;
  maxImageBytes: number;
}

export interface DocumentedOperation {
  key: string;
  method: string;
  path: string;
  operation: Operation;
}

export function operationsOf(document: OpenApi): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
}

/** `/api/users/{id}/picture` → `/api/users/`: where the ids of its path come from. */
export const collectionOf = (path: string) => path.replace(/\{[^}]+\}.*$/, '');

const isJsonBodyOperation = (operation: Operation) => Boolean(operation.requestBody?.content?.['application/json']);
const isUpload = (operation: Operation) =>
  Boolean(operation.requestBody?.content?.['multipart/form-data']) || /multipart/i.test(operation.summary ?? '');

/** Every case for the document, in a fixed order: the baselines of every operation first. */
export function buildCases(context: FuzzContext): FuzzCase[] {
  const baselines: FuzzCase[] = [];
  const rest: FuzzCase[] = [];
  const seenPaths = new Map<string, Set<string>>();
  let firstProtectedSeen = false;
  for (const [operationIndex, { key, method, path, operation }] of operationsOf(context.document).entries()) {
    seenPaths.set(path, (seenPaths.get(path) ?? new Set()).add(method));
    const parameters = operation.parameters ?? [];
    // Public: no requirement names the token (the web sign-in asks only for the XSRF pair).
    const isPublic = !operation.security?.some((requirement) => Object.hasOwn(requirement as object, 'token'));
    const isMobile = path.startsWith(MOBILE_PREFIX);
    const sessions: Session[] = isPublic
      ? ['none']
      : SESSION_ENDING.test(path)
        ? ['disposable', 'none']
        : isMobile
          ? ['reporter', 'admin', 'none']
          : ['admin', 'contract', 'none'];
    // The sessions that get past authentication (a public operation has only 'none').
    const deep = sessions.length > 1 ? sessions.filter((session) => session !== 'none') : sessions;
    const validId = context.ids.get(collectionOf(path)) ?? '1';
    const fillPath = (raw?: { name: string; value: string }) =>
      path.replace(/\{([^}]+)\}/g, (_, name: string) => (raw?.name === name ? raw.value : validId));
    const baseQuery = (index: number, except?: string) =>
      parameters
        .filter((p) => p.in === 'query' && p.name !== except && (p.required || p.name === 'format'))
        .map((p) => {
          const options = p.schema?.enum ?? [];
          const value = options.length ? options[index % options.length] : sample(p.schema);
          return `${p.name}=${encodeURIComponent(String(value))}`;
        });
    const url = (pathPart: string, query: string[]) => (query.length ? `${pathPart}?${query.join('&')}` : pathPart);
    const template = context.bodies.get(key);
    const jsonBody = isJsonBodyOperation(operation) || template !== undefined;
    const json = (text: string) => ({ headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });
    const templateText = template ? JSON.stringify(template) : method === 'GET' ? undefined : '{}';
    const withTemplate: { headers?: Record<string, string>; body?: Buffer } =
      templateText === undefined ? {} : json(templateText);
    /** The valid body with one more entry in front. */
    const before = (entry: string) =>
      !templateText || templateText === '{}' ? `{${entry}}` : `{${entry},${templateText.slice(1)}`;
    const common = { operation: key, method };

    for (const session of sessions)
      baselines.push({
        ...common,
        path: url(fillPath(), baseQuery(0)),
        family: 'baseline',
        variant: 'valid request',
        session,
        ...withTemplate,
        core: true,
      });

    // Path parameters.
    for (const parameter of parameters.filter((p) => p.in === 'path'))
      for (const value of PATH_VALUES)
        for (const session of sessions)
          rest.push({
            ...common,
            path: url(fillPath({ name: parameter.name, value: value.raw }), baseQuery(0)),
            family: 'path',
            variant: `path ${parameter.name}=${value.label}`,
            session,
            ...withTemplate,
            mustRefuse: value.mustRefuse,
            core: value.core && session !== 'none',
          });

    // Query parameters (the others left out, or at their required value).
    const query = parameters.filter((p) => p.in === 'query');
    query.forEach((parameter, parameterIndex) =>
      QUERY_VALUES.forEach((value, valueIndex) => {
        const pairs = value.repeat
          ? [`${parameter.name}=1`, `${parameter.name}=2`]
          : [`${parameter.name}=${value.raw}`];
        for (const session of deep)
          rest.push({
            ...common,
            path: url(fillPath(), [...baseQuery(parameterIndex + valueIndex, parameter.name), ...pairs]),
            family: 'query',
            variant: `query ${parameter.name}=${value.label}`,
            session,
            ...withTemplate,
            mustRefuse: value.mustRefuse,
            core: value.core && (!textual(parameter) || value.text !== false),
            // Text parameters (search, sort…) each get the sample's values; numbers share them.
            ...(textual(parameter) ? { sampleGroup: `${parameter.name}=${value.label}` } : {}),
          });
      }),
    );

    // Header parameters (the XSRF header): empty, wrong, very long.
    for (const parameter of parameters.filter((p) => p.in === 'header'))
      for (const [label, value] of [
        ['empty', ''],
        ['wrong', 'x'.repeat(43)],
        ['10 000 chars', 'x'.repeat(10_000)],
      ] as const)
        for (const session of deep.slice(0, 1))
          rest.push({
            ...common,
            path: url(fillPath(), baseQuery(0)),
            family: 'header',
            variant: `header ${parameter.name}=${label}`,
            session,
            ...withTemplate,
            headers: { ...withTemplate.headers, [parameter.name]: value },
            ...(parameter.name.toLowerCase() === XSRF_HEADER.toLowerCase() && label !== 'empty'
              ? { expect: { label: 'XSRF refused: 403', ok: (status: number) => status === 403 } }
              : {}),
            core: label === 'wrong',
          });

    // Each field of a valid body replaced in turn.
    if (template && Object.keys(template).length)
      for (const field of Object.keys(template))
        for (const value of [
          ...FIELD_VALUES,
          ...valuesLike(template[field], context.others.get(collectionOf(path))?.[field]),
        ]) {
          const text =
            value.json === ''
              ? JSON.stringify(Object.fromEntries(Object.entries(template).filter(([name]) => name !== field)))
              : templateText!.replace(
                  `${JSON.stringify(field)}:${JSON.stringify(template[field])}`,
                  () => `${JSON.stringify(field)}:${value.json}`,
                );
          for (const session of deep)
            rest.push({
              ...common,
              path: url(fillPath(), baseQuery(0)),
              family: 'field',
              variant: `field ${field}=${value.label}`,
              session,
              ...json(text),
              mustRefuse: value.mustRefuse,
              core: value.core,
            });
        }

    // Whole bodies.
    if (UNSAFE.has(method) && !isUpload(operation)) {
      const wholeBodies: { label: string; headers: Record<string, string>; body: Buffer; core?: boolean }[] = [
        { label: 'invalid JSON', ...json('{"name":'), core: true },
        { label: 'JSON with a trailing comma', ...json('{"a":1,}') },
        { label: 'empty JSON body', ...json('') },
        { label: 'JSON null', ...json('null') },
        { label: 'JSON array', ...json('[]') },
        { label: 'JSON string', ...json('"x"') },
        { label: 'JSON number', ...json('1e309') },
        { label: 'top-level __proto__', ...json(before('"__proto__":{"isAdmin":true}')) },
        { label: 'constructor.prototype', ...json('{"constructor":{"prototype":{"polluted":true}}}'), core: true },
        { label: 'NUL in a key', ...json(before('"na\\u0000me":1')) },
        { label: 'lone surrogate in a key', ...json(before('"\\ud800":1')) },
        { label: 'duplicate keys', ...json(before('"name":"a","name":{}')) },
        {
          label: '10 000 keys',
          ...json(JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])))),
        },
        { label: '10 000-deep nesting', ...json(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) },
        { label: '1.1 MB body', ...json(JSON.stringify({ name: 'x'.repeat(1_150_000) })) },
        {
          label: 'invalid UTF-8',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat([
            Buffer.from('{"name":"'),
            Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
            Buffer.from('"}'),
          ]),
        },
        {
          label: 'wrong content-type text/plain',
          headers: { 'content-type': 'text/plain' },
          body: Buffer.from(templateText ?? '{}'),
          core: true,
        },
        {
          label: 'form-urlencoded',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.from('name=x&__proto__[a]=1'),
        },
        {
          label: 'JSON in UTF-16 charset',
          headers: { 'content-type': 'application/json; charset=utf-16' },
          body: Buffer.from(templateText ?? '{}', 'utf16le'),
        },
        { label: 'no content-type', headers: {}, body: Buffer.from(templateText ?? '{}') },
        { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: PNG },
        {
          label: 'content-type charset=__proto__',
          headers: { 'content-type': 'application/json; charset=__proto__' },
          body: Buffer.from(templateText ?? '{}'),
        },
        {
          label: 'content-type with empty parameters',
          headers: { 'content-type': 'application/json;;;=' },
          body: Buffer.from(templateText ?? '{}'),
        },
        {
          label: 'content-type of 5 000 chars',
          headers: { 'content-type': `application/json; x=${'x'.repeat(5000)}` },
          body: Buffer.from(templateText ?? '{}'),
        },
      ];
      for (const whole of wholeBodies)
        for (const session of sessions)
          rest.push({
            ...common,
            path: url(fillPath(), baseQuery(0)),
            family: 'body',
            variant: `body: ${whole.label}`,
            session,
            headers: whole.headers,
            body: whole.body,
            ...(whole.label === '1.1 MB body' &&
            session !== 'none' &&
            jsonBody &&
            (operation['x-body-limit'] ?? MIB) < 1_100_000
              ? { expect: { label: 'too large: 413', ok: (status: number) => status === 413 || status === 403 } }
              : {}),
            core: whole.core && session !== 'none',
          });
      // No XSRF token: refused before anything else (the mobile app has none to send).
      if (!isMobile)
        rest.push({
          ...common,
          path: url(fillPath(), baseQuery(0)),
          family: 'header',
          variant: 'no XSRF cookie nor header',
          session: deep[0] ?? 'none',
          ...withTemplate,
          noXsrf: true,
          expect: { label: 'XSRF refused: 403', ok: (status) => status === 403 },
          core: true,
        });
    }

    // Identical creates at once: one may take the unique name, the others get 409.
    if (method === 'POST' && template && ['name', 'email'].some((field) => typeof template[field] === 'string')) {
      const racing = Object.fromEntries(
        Object.entries(template).map(([field, value]) => [
          field,
          field === 'name' ? `${String(value)} race` : field === 'email' ? `race.${String(value)}` : value,
        ]),
      );
      rest.push({
        ...common,
        path: url(fillPath(), baseQuery(0)),
        family: 'race',
        variant: `${RACE} identical creates at once`,
        session: deep[0] ?? 'none',
        ...json(JSON.stringify(racing)),
        parallel: RACE,
        expect: { label: `at most one of ${RACE} identical creates succeeds`, ok: () => true },
        core: true,
      });
    }

    // Multipart uploads.
    if (isUpload(operation)) {
      const boundary = 'fuzzboundary1234';
      const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      const whole = multipart(boundary, 'file', 'a.png', 'image/png', PNG);
      const must4xx = { label: 'refused: 4xx', ok: (status: number) => status >= 400 && status < 500 };
      const uploads: { label: string; headers: Record<string, string>; body: Buffer; expect?: FuzzCase['expect'] }[] = [
        { label: 'a valid 1×1 PNG', headers: type, body: whole },
        {
          label: 'multipart without boundary',
          headers: { 'content-type': 'multipart/form-data' },
          body: whole,
          expect: { label: 'bad upload: 400', ok: (status) => status === 400 },
        },
        {
          label: 'multipart cut short',
          headers: type,
          body: whole.subarray(0, whole.length - 30),
          expect: { label: 'bad upload: 400', ok: (status) => status === 400 },
        },
        {
          label: 'empty multipart body',
          headers: type,
          body: Buffer.alloc(0),
          expect: { label: 'bad upload: 400', ok: (status) => status === 400 },
        },
        {
          label: 'PNG signature then HTML',
          headers: type,
          body: multipart(
            boundary,
            'file',
            'a.png',
            'image/png',
            Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]),
          ),
          expect: must4xx,
        },
        {
          label: 'PNG signature then SVG',
          headers: type,
          body: multipart(
            boundary,
            'file',
            'a.svg',
            'image/svg+xml',
            Buffer.concat([
              PNG.subarray(0, 8),
              Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
            ]),
          ),
          expect: must4xx,
        },
        {
          label: 'picture over the limit by 1000 B',
          headers: type,
          body: multipart(boundary, 'file', 'big.png', 'image/png', paddedPng(context.maxImageBytes + 1000)),
          expect: { label: 'too large: 413', ok: (status) => status === 413 },
        },
        {
          label: 'picture 3 times the limit',
          headers: type,
          body: multipart(boundary, 'file', 'big.png', 'image/png', paddedPng(3 * context.maxImageBytes)),
          expect: { label: 'too large: 413', ok: (status) => status === 413 },
        },
        {
          label: 'no file part',
          headers: type,
          body: Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
          ),
          expect: must4xx,
        },
        {
          label: 'file field with NUL in its name',
          headers: type,
          body: multipart(boundary, 'file', 'a\u0000.png', 'image/png', PNG),
          expect: must4xx,
        },
        { label: 'JSON instead of multipart', ...json('{"file":"x"}'), expect: must4xx },
      ];
      for (const upload of uploads)
        for (const session of upload.label.startsWith('a valid') ? sessions : deep.slice(0, 1))
          rest.push({
            ...common,
            path: fillPath(),
            family: 'upload',
            variant: `upload: ${upload.label}`,
            session,
            headers: upload.headers,
            body: upload.body,
            ...(upload.expect ? { expect: upload.expect } : {}),
            core: session !== 'none',
          });
    }

    // Query parameter names a plain object already has.
    if (method === 'GET')
      for (const session of deep.slice(0, 1))
        rest.push({
          ...common,
          path: url(fillPath(), [
            ...baseQuery(0),
            '__proto__=1',
            'constructor=1',
            'toString=x',
            'hasOwnProperty=1',
            '__proto__%5Ba%5D=1',
          ]),
          family: 'query',
          variant: 'query names __proto__, constructor, toString…',
          session,
          core: true,
        });

    // The language of the error message: on a request that fails (no session, or a bad body).
    ACCEPT_LANGUAGES.forEach((language, index) =>
      rest.push({
        ...common,
        path: url(fillPath(), baseQuery(0)),
        family: 'header',
        variant: `header accept-language=${language.slice(0, 30)}${language.length > 30 ? '…' : ''}`,
        session: 'none',
        ...(isPublic && method !== 'GET' ? json('{"email":') : withTemplate),
        headers: {
          ...(isPublic && method !== 'GET' ? json('').headers : withTemplate.headers),
          'accept-language': language,
        },
        core: index === operationIndex % ACCEPT_LANGUAGES.length,
      }),
    );

    // Hostile Authorization headers: every one of them on the first protected operation, one per operation after.
    if (!isPublic) {
      const first = !firstProtectedSeen;
      firstProtectedSeen = true;
      AUTHORIZATIONS.forEach((authorization, index) => {
        if (!first && index !== operationIndex % AUTHORIZATIONS.length) return;
        rest.push({
          ...common,
          path: url(fillPath(), baseQuery(0)),
          family: 'header',
          variant: `header authorization=${authorization.label}`,
          session: 'none',
          ...withTemplate,
          headers: { ...withTemplate.headers, authorization: authorization.value },
          expect: { label: 'not signed in: 401', ok: (status: number) => status === 401 },
          core: first || index === operationIndex % AUTHORIZATIONS.length,
        });
      });
    }

    // Before its first password change a web session may only change it (or sign out).
    if (!isPublic && !isMobile && !path.startsWith('/api/authentication/'))
      rest.push({
        ...common,
        path: url(fillPath(), baseQuery(0)),
        family: 'baseline',
        variant: 'first-access session',
        session: 'first',
        ...withTemplate,
        expect: { label: 'first access: refused (4xx)', ok: (status: number) => status >= 400 && status < 500 },
        core: true,
      });

    // HEAD of every GET.
    if (method === 'GET')
      rest.push({
        ...common,
        method: 'HEAD',
        path: url(fillPath(), baseQuery(0)),
        family: 'head',
        variant: 'HEAD',
        session: deep[0] ?? 'none',
        core: true,
      });
  }

  // A method the document does not list, once per path.
  for (const [path, methods] of seenPaths) {
    const method = ['DELETE', 'PUT', 'POST', 'PATCH'].find((candidate) => !methods.has(candidate));
    if (!method) continue;
    const validId = context.ids.get(collectionOf(path)) ?? '1';
    rest.push({
      operation: `${method} ${path}`,
      method,
      path: path.replace(/\{[^}]+\}/g, validId),
      family: 'method',
      variant: `undocumented method ${method}`,
      session: 'admin',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      expect: { label: 'not found: 404/405', ok: (status) => status === 404 || status === 405 || status === 403 },
      core: true,
    });
    for (const other of ['OPTIONS', 'TRACE'])
      rest.push({
        operation: `${other} ${path}`,
        method: other,
        path: path.replace(/\{[^}]+\}/g, validId),
        family: 'method',
        variant: `method ${other}`,
        session: 'admin',
      });
  }

  return [...baselines, ...rest, ...rawCases(context)];
}

/** Requests only a raw socket can send: Node's parser and the XSRF check by URL text. */
function rawCases(context: FuzzContext): FuzzCase[] {
  const body = JSON.stringify(
    context.bodies.get('POST /api/bases/') ?? { name: 'Fuzz raw', state: 'SP', isActive: true },
  );
  const post = (target: string) =>
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {{TOKEN}}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  const get = (target: string, extra = '') =>
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {{TOKEN}}\r\n${extra}Connection: close\r\n\r\n`;
  const xsrf = { label: 'XSRF refused: 403 (or 404)', ok: (status: number) => status === 403 || status === 404 };
  const cases: { variant: string; raw: string | Buffer; expect?: FuzzCase['expect'] }[] = [
    { variant: 'absolute-form request line, no XSRF', raw: post('http://localhost/api/bases'), expect: xsrf },
    {
      variant: 'absolute-form request line to 127.0.0.1, no XSRF',
      raw: post('http://127.0.0.1/api/bases/'),
      expect: xsrf,
    },
    { variant: '/%61pi/bases, no XSRF', raw: post('/%61pi/bases'), expect: xsrf },
    { variant: '//api/bases, no XSRF', raw: post('//api/bases'), expect: xsrf },
    { variant: '/api/./bases, no XSRF', raw: post('/api/./bases'), expect: xsrf },
    { variant: '/API/bases, no XSRF', raw: post('/API/bases'), expect: xsrf },
    {
      variant: '100 000-character URL',
      raw: get(`/api/bases/?search=${'x'.repeat(100_000)}`),
      expect: { label: 'too long: 414/431', ok: (status) => status === 414 || status === 431 },
    },
    {
      variant: 'header block over 16 KB',
      raw: get('/api/health', `X-Fill: ${'a'.repeat(17_000)}\r\n`),
      expect: { label: 'too large: 431', ok: (status) => status === 431 },
    },
    { variant: 'raw UTF-8 in the path', raw: Buffer.from(get('/api/bases/é€😀'), 'utf8') },
    { variant: 'NUL in a header value', raw: get('/api/health', 'X-Bad: a\u0000b\r\n') },
    { variant: 'space in a header name', raw: get('/api/health', 'Bad Header: 1\r\n') },
    {
      variant: 'Content-Length and Transfer-Encoding',
      raw:
        'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    },
    {
      variant: 'bad chunk size',
      raw:
        'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    },
    {
      variant: 'two different Content-Length',
      raw:
        'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}',
    },
    { variant: 'HTTP/9.9', raw: 'GET /api/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n' },
    { variant: 'Expect: an unknown expectation', raw: get('/api/health', 'Expect: fuzz\r\n') },
    {
      variant: 'Expect: 100-continue',
      raw:
        'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Expect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    },
    { variant: 'Upgrade: websocket', raw: get('/api/health', 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n') },
    { variant: 'HTTP/1.0 without Host', raw: 'GET /api/health HTTP/1.0\r\n\r\n' },
  ];
  return cases.map(({ variant, raw, expect }) => ({
    operation: `raw ${variant}`,
    method: 'RAW',
    path: '',
    family: 'raw' as const,
    variant,
    session: 'admin' as const,
    raw,
    ...(expect ? { expect } : {}),
    core: true,
  }));
}

/**
 * The test suite's sample: every baseline, and per operation and family the core variants,
 * each on one parameter or field and one session chosen by rotation (so across operations
 * every one is hit).
 */
export function quickSample(cases: FuzzCase[]): FuzzCase[] {
  const operations = [...new Set(cases.map((c) => c.operation))];
  const groups = new Map<string, FuzzCase[]>();
  const picked: FuzzCase[] = [];
  for (const c of cases) {
    if (!c.core) continue;
    if (c.family === 'baseline' || c.family === 'raw' || c.family === 'method' || c.family === 'head') {
      picked.push(c);
      continue;
    }
    // Group the core cases by operation, family and value; keep one of each group (its
    // parameter or field, and its session, chosen by rotation).
    const value = c.sampleGroup ?? c.variant.replace(/^(path|query|field) [^=]+=/, '$1 =');
    const key = `${c.operation}|${c.family}|${value}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  let rotation = 0;
  for (const [key, group] of groups) {
    const operationIndex = operations.indexOf(key.split('|')[0]!);
    picked.push(group[(operationIndex + rotation++) % group.length]!);
  }
  return picked;
}

// ---------------------------------------------------------------------------------------
// Sending

export interface Target {
  host: string;
  port: number;
}

interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  complete: boolean;
  error?: string;
}

const MAX_BODY = 8 * 1024 * 1024;

function send(
  target: Target,
  agent: http.Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let request: http.ClientRequest;
    try {
      request = http.request({
        host: target.host,
        port: target.port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: TIMEOUT_MS,
      });
    } catch (error) {
      done({ status: null, headers: {}, body: Buffer.alloc(0), complete: false, error: `client: ${String(error)}` });
      return;
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
      });
      const finish = (error?: string) =>
        done({
          status: response.statusCode ?? null,
          headers: response.headers,
          body: Buffer.concat(chunks),
          complete: response.complete,
          ...(error ? { error } : {}),
        });
      response.on('end', () => finish());
      response.on('error', (error) => finish(error.message));
      response.on('close', () => finish(response.complete ? undefined : 'connection closed mid-answer'));
    });
    request.on('timeout', () => {
      request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`));
    });
    request.on('error', (error) =>
      done({ status: null, headers: {}, body: Buffer.alloc(0), complete: false, error: error.message }),
    );
    request.end(body);
  });
}

/** A raw request over its own socket; the answer read until the server closes. */
function sendRaw(target: Target, bytes: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(target.port, target.host);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(parseRaw(Buffer.concat(chunks), error));
    };
    socket.setTimeout(TIMEOUT_MS, () => finish(`no answer in ${TIMEOUT_MS} ms`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // The server may answer and close before the whole request is written (a huge URL).
    socket.on('error', (error) => (chunks.length ? finish() : finish(error.message)));
    socket.write(bytes);
  });
}

function parseRaw(received: Buffer, error?: string): Answer {
  let data = received;
  // Interim answers (100 Continue) come before the real one.
  while (/^HTTP\/\d\.\d 1\d\d /.test(data.subarray(0, 16).toString('latin1')) && data.includes('\r\n\r\n'))
    data = data.subarray(data.indexOf('\r\n\r\n') + 4);
  const split = data.indexOf('\r\n\r\n');
  if (split < 0)
    return { status: null, headers: {}, body: data, complete: false, error: error ?? 'no answer (connection closed)' };
  const head = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head[0] ?? '')?.[1] ?? NaN);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(split + 4);
  let complete = true;
  if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) {
    const parts: Buffer[] = [];
    let rest = body;
    complete = false;
    for (;;) {
      const end = rest.indexOf('\r\n');
      if (end < 0) break;
      const size = parseInt(rest.subarray(0, end).toString('latin1'), 16);
      if (!Number.isFinite(size)) break;
      if (size === 0) {
        complete = true;
        break;
      }
      parts.push(rest.subarray(end + 2, end + 2 + size));
      rest = rest.subarray(end + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    complete = body.length >= Number(headers['content-length']);
  }
  return {
    status: Number.isFinite(status) ? status : null,
    headers,
    body,
    complete,
    ...(error && !complete ? { error } : {}),
  };
}

// ---------------------------------------------------------------------------------------
// Judging

const API_CODES = new Set<string>(ERROR_CODES);

/** The API's one error shape: a code of the shared catalogue (not Fastify's FST_ERR_…) and a message. */
const isErrorShape = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { code, message, fields } = value as { code?: unknown; message?: unknown; fields?: unknown };
  return (
    typeof code === 'string' &&
    API_CODES.has(code) &&
    typeof message === 'string' &&
    message !== '' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null && !Array.isArray(fields)))
  );
};

function pathOf(c: FuzzCase): string {
  if (c.family !== 'raw') return c.path;
  const line = (Buffer.isBuffer(c.raw) ? c.raw.toString('utf8') : (c.raw ?? '')).split('\r\n')[0] ?? '';
  return (line.split(' ')[1] ?? '').replace(/^https?:\/\/[^/]+/, '');
}

export function judge(c: FuzzCase, answer: Answer, ms: number): FailureKind[] {
  const failures: FailureKind[] = [];
  const { status } = answer;
  if (status === null || !answer.complete || answer.error) failures.push('cut');
  if (status !== null && status >= 500) failures.push('5xx');
  if (ms > SLOW_MS) failures.push('slow');
  if (status !== null && c.expect && !c.expect.ok(status)) failures.push('unexpected');
  if (status !== null && c.mustRefuse && status >= 200 && status < 300) failures.push('accepted');
  const bodyless = c.method === 'HEAD' || status === 204 || status === 304;
  if (status !== null && !bodyless && answer.complete) {
    const type = String(answer.headers['content-type'] ?? '');
    const api = /^\/+api(\/|$|\?)/i.test(pathOf(c)) || c.family === 'raw';
    let parsed: unknown;
    let parses = true;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      parses = false;
    }
    if (status >= 400 && api && !isErrorShape(parsed)) failures.push('malformed');
    else if (status < 400 && /json/i.test(type) && !parses) failures.push('malformed');
  }
  // No sniffing of any API answer, and no cache keeps the data of one.
  if (status !== null && c.family !== 'raw' && /^\/api\//.test(c.path)) {
    const nosniff = /nosniff/i.test(String(answer.headers['x-content-type-options'] ?? ''));
    const data = status >= 200 && status < 300 && /json/i.test(String(answer.headers['content-type'] ?? ''));
    const noStore = /no-store/i.test(String(answer.headers['cache-control'] ?? ''));
    if (!nosniff || (data && !noStore)) failures.push('headers');
  }
  return failures;
}

// ---------------------------------------------------------------------------------------
// Running

export interface Tokens {
  admin: string;
  contract: string;
  reporter: string;
  first: string;
  xsrf: string;
  /** Signs in a throw-away session for the operations that end it. */
  /** A throw-away session; a mobile one for the app's routes (a web one is refused there). */
  disposable: (mobile?: boolean) => Promise<string>;
}

async function post(target: Target, path: string, xsrf: string, body: unknown): Promise<Answer> {
  const agent = new http.Agent();
  try {
    return await send(
      target,
      agent,
      'POST',
      path,
      { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf },
      Buffer.from(JSON.stringify(body)),
    );
  } finally {
    agent.destroy();
  }
}

export async function signIn(target: Target, xsrf: string, email: string, fromWeb = true): Promise<string> {
  const answer = await post(target, '/api/authentication/login', xsrf, {
    email,
    password: 'demo1234',
    ...(fromWeb ? { from_web: true } : {}),
  });
  if (answer.status !== 200) throw new Error(`fuzz: sign-in of ${email} failed: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body.toString('utf8')) as { token: string }).token;
}

async function getJson(
  target: Target,
  path: string,
  token?: string,
): Promise<{ status: number | null; json: unknown }> {
  const agent = new http.Agent();
  try {
    const answer = await send(target, agent, 'GET', path, token ? { authorization: `Token ${token}` } : {});
    let json: unknown = null;
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      // not JSON
    }
    return { status: answer.status, json };
  } finally {
    agent.destroy();
  }
}

/** Sessions, the document, an id per collection and a valid body per write. */
export async function prepare(
  target: Target,
  maxImageBytes: number,
): Promise<{ tokens: Tokens; context: FuzzContext }> {
  const health = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ host: target.host, port: target.port, path: '/api/health' }, resolve).on('error', reject),
  );
  health.resume();
  const cookies = ([] as string[]).concat(health.headers['set-cookie'] ?? []);
  const xsrf = new RegExp(`${XSRF_COOKIE}=([^;]+)`).exec(cookies.join('\n'))?.[1];
  if (!xsrf) throw new Error('fuzz: no XSRF cookie from /api/health');
  const tokens: Tokens = {
    xsrf,
    admin: await signIn(target, xsrf, 'admin@canteiro.test'),
    contract: await signIn(target, xsrf, 'contract@canteiro.test'),
    reporter: await signIn(target, xsrf, 'reporter@canteiro.test', false),
    first: await signIn(target, xsrf, 'first@canteiro.test'),
    disposable: (mobile = false) => signIn(target, xsrf, 'base@canteiro.test', !mobile),
  };
  const docs = await getJson(target, '/api/docs/json');
  if (docs.status !== 200) throw new Error(`fuzz: /api/docs/json answered ${docs.status}`);
  const document = docs.json as OpenApi;

  // The accounts the fuzz signs in with are never the target of a write.
  const sessionEmails = new Set(
    ['admin', 'contract', 'reporter', 'first', 'base', 'work'].map((name) => `${name}@canteiro.test`),
  );
  const ids = new Map<string, string>();
  const others = new Map<string, Record<string, unknown>>();
  const bodies = new Map<string, Record<string, unknown>>();
  const operations = operationsOf(document);
  for (const collection of new Set(operations.map((o) => collectionOf(o.path)).filter((c) => c !== ''))) {
    if (!operations.some((o) => o.method === 'GET' && o.path === collection)) continue;
    const list = await getJson(target, `${collection}?pageSize=100`, tokens.admin);
    const items = ((list.json as { items?: Record<string, unknown>[] } | null)?.items ?? []).filter(
      (item) => typeof item.id === 'number' && !sessionEmails.has(String(item.email ?? '')),
    );
    const item = items.at(-1);
    if (item) ids.set(collection, String(item.id));
    if (items.length > 1) others.set(collection, items[0]!);
  }
  let unique = 0;
  for (const { key, path, method, operation } of operations) {
    if (!UNSAFE.has(method)) continue;
    const known = KNOWN_BODIES[path];
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (known) bodies.set(key, known);
    else if (schema?.properties && Object.keys(schema.properties).length)
      bodies.set(key, sample(schema) as Record<string, unknown>);
    else if (schema) {
      // Free-form in the document: an existing item as its form would send it.
      const collection = collectionOf(path);
      const id = ids.get(collection);
      if (!id) continue;
      const read = await getJson(target, `${collection}${id}`, tokens.admin);
      if (typeof read.json !== 'object' || read.json === null) continue;
      const body = Object.fromEntries(
        Object.entries(read.json as Record<string, unknown>).filter(([name]) => !READ_ONLY.has(name)),
      );
      // A person (it has an e-mail): creating one takes a password.
      if ('email' in body) body.password ??= 'Fuzz-pass-123';
      if (method === 'POST') {
        unique += 1;
        for (const name of ['name', 'prj'])
          if (typeof body[name] === 'string') body[name] = `${String(body[name]).slice(0, 100)} fuzz ${unique}`;
        if (typeof body.email === 'string') body.email = `fuzz${unique}@canteiro.test`;
      }
      bodies.set(key, body);
    }
  }
  return { tokens, context: { document, ids, bodies, others, maxImageBytes } };
}

export interface FuzzOptions {
  maxRequests: number;
  seconds: number;
  concurrency: number;
  /** Where the server's error log lines arrive (see `captureErrors`). */
  serverErrors?: { take(): string[] };
  progress?: (sent: number, total: number) => void;
}

export interface FuzzReport {
  planned: number;
  sent: number;
  seconds: number;
  statuses: Map<string, number>;
  operations: number;
  covered: number;
  uncovered: string[];
  outcomes: Outcome[];
  failures: Outcome[];
  stoppedBy: 'done' | 'requests' | 'time';
}

/**
 * At most `max` cases: one valid request per operation first, then the others evenly spread
 * (every k-th), so a small budget still reaches every operation and every kind of variant.
 */
export function bounded(cases: FuzzCase[], max: number): FuzzCase[] {
  const seen = new Set<string>();
  const first: FuzzCase[] = [];
  const others: FuzzCase[] = [];
  for (const c of cases) {
    if (!seen.has(c.operation)) {
      seen.add(c.operation);
      first.push(c);
    } else others.push(c);
  }
  const room = Math.max(0, max - first.length);
  const step = others.length / Math.max(1, room);
  const spread = others.length <= room ? others : Array.from({ length: room }, (_, i) => others[Math.floor(i * step)]!);
  return [...first, ...spread].slice(0, max);
}

export async function run(
  target: Target,
  tokens: Tokens,
  context: FuzzContext,
  all: FuzzCase[],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const raceAgent = new http.Agent({ keepAlive: true, maxSockets: RACE });
  const started = performance.now();
  const outcomes: Outcome[] = [];
  // A throw-away session per operation; logout gets a fresh one for every request.
  const disposable = new Map<string, string>();
  let next = 0;
  let stoppedBy: FuzzReport['stoppedBy'] = 'done';
  const planned = all.reduce((sum, c) => sum + (c.parallel ?? 1), 0);
  const cases = planned > options.maxRequests ? bounded(all, options.maxRequests) : all;
  if (cases !== all) stoppedBy = 'requests';
  const limit = cases.length;

  const tokenOf = async (c: FuzzCase): Promise<string | undefined> => {
    switch (c.session) {
      case 'none':
        return undefined;
      case 'disposable': {
        const key = LOGOUT.test(c.path) ? 'logout' : c.operation;
        const token =
          (key !== 'logout' && disposable.get(key)) || (await tokens.disposable(c.path.startsWith(MOBILE_PREFIX)));
        disposable.set(key, token);
        return token;
      }
      default:
        return tokens[c.session];
    }
  };

  const worker = async () => {
    for (;;) {
      if (next >= limit) return;
      if ((performance.now() - started) / 1000 > options.seconds) {
        stoppedBy = 'time';
        return;
      }
      const c = cases[next++]!;
      const token = await tokenOf(c);
      options.serverErrors?.take();
      const once = async (): Promise<Outcome> => {
        const begin = performance.now();
        let answer: Answer;
        if (c.raw !== undefined) {
          const raw = Buffer.isBuffer(c.raw) ? c.raw.toString('latin1') : c.raw;
          answer = await sendRaw(
            target,
            Buffer.from(raw.replace('{{TOKEN}}', token ?? ''), Buffer.isBuffer(c.raw) ? 'latin1' : 'utf8'),
          );
        } else {
          const headers: Record<string, string> = {
            ...(c.noXsrf ? {} : { cookie: `${XSRF_COOKIE}=${tokens.xsrf}`, [XSRF_HEADER]: tokens.xsrf }),
            ...(token ? { authorization: `Token ${token}` } : {}),
            ...c.headers,
          };
          answer = await send(target, c.parallel ? raceAgent : agent, c.method, c.path, headers, c.body);
        }
        const ms = performance.now() - begin;
        return {
          case: c,
          status: answer.status,
          ms,
          excerpt: excerptOf(answer),
          shape: shapeOf(answer),
          headersSeen: {
            'x-content-type-options': String(answer.headers['x-content-type-options'] ?? 'none'),
            'cache-control': String(answer.headers['cache-control'] ?? 'none'),
          },
          failures: judge(c, answer, ms),
          serverErrors: [],
        };
      };
      const results = await Promise.all(Array.from({ length: c.parallel ?? 1 }, once));
      const serverErrors = options.serverErrors?.take() ?? [];
      for (const result of results) result.serverErrors = serverErrors;
      // More than one of the identical creates taken: the unique rule does not hold under load.
      const created = results.filter((o) => o.status !== null && o.status >= 200 && o.status < 300);
      if (c.parallel && created.length > 1) for (const o of created) o.failures.push('unexpected');
      outcomes.push(...results);
      options.progress?.(outcomes.length, limit);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  agent.destroy();
  raceAgent.destroy();

  const statuses = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = outcome.status === null ? 'none' : String(outcome.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const documented = operationsOf(context.document).map((o) => o.key);
  const answered = new Set(outcomes.filter((o) => o.status !== null).map((o) => o.case.operation));
  const uncovered = documented.filter((key) => !answered.has(key));
  return {
    planned,
    sent: outcomes.length,
    seconds: (performance.now() - started) / 1000,
    statuses,
    operations: documented.length,
    covered: documented.length - uncovered.length,
    uncovered,
    outcomes,
    failures: outcomes.filter((o) => o.failures.length),
    stoppedBy,
  };
}

function shapeOf(answer: Answer): string {
  const type = String(answer.headers['content-type'] ?? 'no content-type');
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return `JSON ${JSON.stringify(body)?.slice(0, 40)}`;
    const { code } = body as { code?: unknown };
    return `{ ${Object.keys(body).join(', ')} }${code === undefined ? '' : ` code=${String(code)}`}`;
  } catch {
    return answer.body.length ? `not JSON (${type})` : `empty body (${type})`;
  }
}

function excerptOf(answer: Answer): string {
  const text = answer.body.subarray(0, 300).toString('utf8').replace(/\s+/g, ' ');
  const type = String(answer.headers['content-type'] ?? '');
  const parts = [
    answer.error ? `[${answer.error}]` : '',
    type && !/json/.test(type) ? `(${type})` : '',
    text.slice(0, 160),
  ];
  return parts.filter(Boolean).join(' ');
}

/** pino's JSON lines at level error or above, as `message (Type)` — the stack stays in the log. */
/**
 * One line per error: a failed query as its statement and table with the database's own
 * reason (drizzle appends it after the parameters), anything else as its first line.
 */
export function summariseError(message: string): string {
  const params = message.lastIndexOf('\nparams: ');
  if (message.startsWith('Failed query: ') && params >= 0) {
    const statement = /^Failed query: (\w+)/.exec(message)?.[1] ?? 'query';
    const table = /(?:into|update|from) "(\w+)"/.exec(message)?.[1] ?? '?';
    const tail = message.slice(params + 9);
    const reason = tail.includes(': ') ? tail.slice(tail.indexOf(': ') + 2) : 'no reason given';
    return `${statement} on ${table} failed: ${reason.replace(/\s+/g, ' ').slice(0, 120)}`;
  }
  return message.split('\n')[0]!.slice(0, 160);
}

export function captureErrors(): { stream: { write(line: string): void }; take(): string[] } {
  let pending: string[] = [];
  return {
    stream: {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { type?: string; message?: string } };
          if ((entry.level ?? 0) >= 50)
            pending.push(
              `${entry.err?.message ? summariseError(entry.err.message) : (entry.msg ?? '')}${entry.err?.type ? ` (${entry.err.type})` : ''}`,
            );
        } catch {
          // not a log line of ours
        }
      },
    },
    take() {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}

// ---------------------------------------------------------------------------------------
// Reporting

/** Failures grouped by kind, status and answer (server error), with the routes and variants. */
export function groupFailures(failures: Outcome[]) {
  const groups = new Map<string, { kind: FailureKind; status: string; what: string; outcomes: Outcome[] }>();
  for (const outcome of failures)
    for (const kind of outcome.failures) {
      const status = outcome.status === null ? 'none' : String(outcome.status);
      const what =
        kind === 'slow'
          ? ''
          : kind === 'unexpected'
            ? `expected ${outcome.case.expect?.label}`
            : kind === 'headers'
              ? `x-content-type-options: ${String(outcome.headersSeen['x-content-type-options'] ?? 'none')}, cache-control: ${String(outcome.headersSeen['cache-control'] ?? 'none')}`
              : kind === 'accepted'
                ? `taken: ${outcome.case.variant.replace(/^(\w+) [^=]+=/, '$1 …=')}`
                : (outcome.serverErrors[0] ??
                  (kind === 'cut' ? /^\[[^\]]*\]( \([^)]*\))?/.exec(outcome.excerpt)?.[0] : undefined) ??
                  (kind === 'malformed' ? outcome.shape : outcome.excerpt.replace(/\d{3,}/g, 'N').slice(0, 110)));
      const key = `${kind}|${status}|${what}`;
      const group = groups.get(key) ?? { kind, status, what, outcomes: [] };
      group.outcomes.push(outcome);
      groups.set(key, group);
    }
  return [...groups.values()].sort((a, b) => a.kind.localeCompare(b.kind) || b.outcomes.length - a.outcomes.length);
}

export function formatReport(report: FuzzReport, title: string, examples = 6): string {
  const lines: string[] = [];
  lines.push(`${title}`);
  lines.push(
    `requests: ${report.sent} sent of ${report.planned} planned in ${report.seconds.toFixed(1)} s` +
      (report.stoppedBy === 'done' ? '' : ` (stopped by the ${report.stoppedBy} limit)`),
  );
  lines.push(`operations: ${report.covered} of ${report.operations} in the OpenAPI document exercised`);
  if (report.uncovered.length) lines.push(`  not exercised: ${report.uncovered.join(', ')}`);
  const statuses = [...report.statuses].sort(([a], [b]) => a.localeCompare(b));
  lines.push('');
  lines.push('| status | count |');
  lines.push('| ------ | ----- |');
  for (const [status, count] of statuses) lines.push(`| ${status.padEnd(6)} | ${String(count).padStart(5)} |`);
  const kinds = new Map<FailureKind, number>();
  for (const outcome of report.failures)
    for (const kind of outcome.failures) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  lines.push('');
  lines.push(
    `failures: ${report.failures.length} requests` +
      (kinds.size ? ` (${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')})` : ''),
  );
  for (const group of groupFailures(report.failures)) {
    const routes = new Set(group.outcomes.map((o) => o.case.operation));
    lines.push('');
    lines.push(
      `[${group.kind}] ${group.status}${group.what ? ` — ${group.what}` : ''}: ${group.outcomes.length} requests, ${routes.size} operations`,
    );
    const seen = new Set<string>();
    for (const outcome of group.outcomes) {
      const line = `    ${outcome.case.operation} · ${outcome.case.variant} · ${outcome.case.session}`;
      if (seen.has(line)) continue;
      seen.add(line);
      if (seen.size > examples) break;
      lines.push(
        `${line}${group.kind === 'slow' ? ` · ${Math.round(outcome.ms)} ms` : ''}${
          group.kind === 'unexpected' || group.kind === 'accepted' || group.kind === 'malformed'
            ? ` → ${outcome.excerpt.slice(0, 120)}`
            : ''
        }`,
      );
    }
    if (group.outcomes.length > seen.size)
      lines.push(`    … and ${group.outcomes.length - Math.min(seen.size, examples)} more`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------
// The app under test

/** Sign-in limits out of the way: the fuzz signs in and fails sign-ins on purpose, many times. */
export function relaxLoginLimits(config: Config): Config {
  const limits = (config as unknown as { loginLimits?: Record<string, unknown> }).loginLimits;
  if (!limits) return config;
  const relaxed = Object.fromEntries(
    Object.entries(limits).map(([name, value]) =>
      typeof value === 'number' && !/window|minutes|seconds|delay|ms$/i.test(name) ? [name, 1_000_000] : [name, value],
    ),
  );
  return { ...config, loginLimits: relaxed } as unknown as Config;
}

export interface FuzzServer {
  app: FastifyInstance;
  db: Database;
  target: Target;
  config: Config;
  errors: ReturnType<typeof captureErrors>;
  close(): Promise<void>;
}

/** The app on `db` (already migrated and seeded), listening on 127.0.0.1 on a free port. */
export async function listen(db: Database, config: Config): Promise<FuzzServer> {
  const errors = captureErrors();
  const app = await buildApp({
    config: { ...relaxLoginLimits(config), logLevel: 'error' },
    db,
    logStream: errors.stream,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return {
    app,
    db,
    config,
    errors,
    target: { host: '127.0.0.1', port: address.port },
    close: () => app.close(),
  };
}

export const MIB = 1024 * 1024;

async function main(): Promise<number> {
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
  const maxRequests = Number(process.env.FUZZ_MAX_REQUESTS ?? 20_000);
  const seconds = Number(process.env.FUZZ_SECONDS ?? 180);
  const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 1);
  const where = databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (in memory)';
  console.log(`fuzz: building ${where} with the demo data …`);
  const db = await openDatabase({ databaseUrl, databaseReadUrl: null, dataDir: 'memory://' });
  let server: FuzzServer | undefined;
  try {
    await migrateFromScratch(db);
    await insertDemoData(db.orm);
    const config: Config = { ...loadConfig({}), dataDir: 'memory://', databaseUrl };
    server = await listen(db, config);
    const { tokens, context } = await prepare(server.target, config.maxImageMb * MIB);
    const all = buildCases(context);
    const cases = process.env.FUZZ_QUICK === '1' ? quickSample(all) : all;
    console.log(
      `fuzz: ${operationsOf(context.document).length} operations, ${cases.reduce((sum, c) => sum + (c.parallel ?? 1), 0)} requests planned ` +
        `(at most ${maxRequests}, ${seconds} s, ${concurrency} in flight) against http://127.0.0.1:${server.target.port}`,
    );
    let shown = 0;
    const report = await run(server.target, tokens, context, cases, {
      maxRequests,
      seconds,
      concurrency,
      serverErrors: server.errors,
      progress: (sent, total) => {
        if (sent - shown >= 2000 || sent === total) {
          shown = sent;
          console.log(`  … ${sent}/${total}`);
        }
      },
    });
    if (process.env.FUZZ_VERBOSE === '1')
      for (const o of report.outcomes)
        console.log(
          `${o.status ?? '---'} ${Math.round(o.ms)}ms ${o.case.operation} · ${o.case.variant} · ${o.case.session} → ${o.excerpt.slice(0, 100)}`,
        );
    console.log('');
    console.log(formatReport(report, `Fuzz of the OpenAPI document on ${where}`));
    return report.failures.length || report.uncovered.length ? 1 : 0;
  } finally {
    await server?.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(2);
    },
  );
}
