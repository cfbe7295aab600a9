import { ERROR_CODES } from '@canteiro/shared/domain';
import type { Answer } from './http.js';
import type { FailureKind, FuzzCase } from './types.js';

/** What makes an answer a failure, and how one is described in the report. */

const SLOW_MS = 2000;

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

/** The request target, also of a raw request (its request line's, without scheme and host). */
function pathOf(c: FuzzCase): string {
  if (c.family !== 'raw') return c.path;
  const line = (Buffer.isBuffer(c.raw) ? c.raw.toString('utf8') : (c.raw ?? '')).split('\r\n')[0] ?? '';
  return (line.split(' ')[1] ?? '').replace(/^https?:\/\/[^/]+/, '');
}

/** An answer with a body must parse when it says JSON; an API error must have the one error shape. */
function malformed(c: FuzzCase, answer: Answer, status: number): boolean {
  const type = String(answer.headers['content-type'] ?? '');
  const api = /^\/+api(\/|$|\?)/i.test(pathOf(c)) || c.family === 'raw';
  let parsed: unknown;
  let parses = true;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    parses = false;
  }
  if (status >= 400 && api) return !isErrorShape(parsed);
  return status < 400 && /json/i.test(type) && !parses;
}

/** No sniffing of any API answer, and no cache keeps the data of one. */
function unsafeHeaders(answer: Answer, status: number): boolean {
  const nosniff = /nosniff/i.test(String(answer.headers['x-content-type-options'] ?? ''));
  const data = status >= 200 && status < 300 && /json/i.test(String(answer.headers['content-type'] ?? ''));
  const noStore = /no-store/i.test(String(answer.headers['cache-control'] ?? ''));
  return !nosniff || (data && !noStore);
}

export function judge(c: FuzzCase, answer: Answer, ms: number): FailureKind[] {
  const failures: FailureKind[] = [];
  const { status } = answer;
  if (status === null || !answer.complete || answer.error) failures.push('cut');
  if (status !== null && status >= 500) failures.push('5xx');
  if (ms > SLOW_MS) failures.push('slow');
  if (status === null) return failures;
  if (c.expect && !c.expect.ok(status)) failures.push('unexpected');
  if (c.mustRefuse && status >= 200 && status < 300) failures.push('accepted');
  const bodyless = c.method === 'HEAD' || status === 204 || status === 304;
  if (!bodyless && answer.complete && malformed(c, answer, status)) failures.push('malformed');
  if (c.family !== 'raw' && /^\/api\//.test(c.path) && unsafeHeaders(answer, status)) failures.push('headers');
  return failures;
}

/** The body's shape, for grouping failures: its keys and code, or its content type. */
export function shapeOf(answer: Answer): string {
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

/** The body's start on one line, with the client's error and a non-JSON content type. */
export function excerptOf(answer: Answer): string {
  const text = answer.body.subarray(0, 300).toString('utf8').replace(/\s+/g, ' ');
  const type = String(answer.headers['content-type'] ?? '');
  const parts = [
    answer.error ? `[${answer.error}]` : '',
    type && !/json/.test(type) ? `(${type})` : '',
    text.slice(0, 160),
  ];
  return parts.filter(Boolean).join(' ');
}
