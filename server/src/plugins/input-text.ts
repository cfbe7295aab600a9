import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { appWide } from './app-wide.js';

/**
 * Text the API never takes: a character XML 1.0 cannot carry, so that every export opens
 * (docs/exports.md, "Characters"). That is a NUL (PostgreSQL refuses it in text and in JSON),
 * the other C0 controls but tab, line feed and carriage return (U+0001, U+000B… vanish or
 * break an XLSX), U+FFFE and U+FFFF (one in a note made a whole XLSX unreadable: openpyxl
 * refused it, LibreOffice showed 1 of 7 rows) and a lone UTF-16 surrogate (not text at all;
 * the audit's jsonb refuses it). Checked once, here, for every route, before anything reads
 * the input: the headers, the query string, the path parameters and the JSON body, values
 * and keys at any depth. Multipart names are checked where the upload is read
 * (`assertCleanText`), report rows of the mobile app row by row (mobile/ingest.ts). A URL
 * whose percent-encoding is not UTF-8 never gets this far: Fastify's router refuses it
 * (FST_ERR_BAD_URL, see errors.ts).
 */

export const NOT_XML_TEXT =
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (text: string): boolean => !NOT_XML_TEXT.test(text);

/** A value still to look at, and where it sits: its key under its parent's. */
interface Pending {
  value: unknown;
  key: string;
  parent: Pending | null;
}

/** `items.0.name`: the keys from the top down ('' for the value itself). */
function pathOf(entry: Pending | null): string {
  const keys: string[] = [];
  for (let at = entry; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Where in `value` the first bad text is (`name`, `items.0.name`), '' for the value itself or
 * a key of the top level, or null when all is clean. Walks with its own stack: a deeply
 * nested body cannot overflow the call stack. A path is spelled only for the bad text: a
 * batch of 500 report rows spelled 6 500 clean ones for nothing (docs/ingestion.md).
 */
export function badTextPath(value: unknown): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : '';
  const pending: Pending[] = [{ value, key: '', parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (current === null || typeof current !== 'object') continue;
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      // A bad key is reported at its parent: the key itself is not printable.
      if (!isCleanText(key)) return pathOf(next);
      const child = record[key];
      // Text is looked at here; only objects and arrays wait their turn (a row's numbers and
      // flags cost nothing).
      if (typeof child === 'string') {
        if (!isCleanText(child)) return pathOf({ value: child, key, parent: next });
      } else if (child !== null && typeof child === 'object') pending.push({ value: child, key, parent: next });
    }
  }
  return null;
}

/** 400 invalid_text, with the field when it has a name. */
export function invalidText(field: string): ApiError {
  return new ApiError(400, 'invalid_text', field ? { [field]: 'invalid_text' } : undefined);
}

/** Throws 400 invalid_text when `value` holds bad text anywhere; `field` names it in `fields`. */
export function assertCleanText(value: unknown, field = ''): void {
  const path = badTextPath(value);
  if (path === null) return;
  throw invalidText(field && path ? `${field}.${path}` : field || path);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks its body's text itself, part by part: a batch of reports refuses
     * only the row holding bad text, not the whole batch (mobile/ingest.ts).
     */
    checksBodyText?: boolean;
  }
}

/**
 * The headers' values: Node's parser already refuses control characters in them and reads
 * their bytes as Latin-1, but a header that reaches a handler any other way is held to the
 * same rule. Answers the first bad header's name.
 */
function badHeader(headers: Record<string, string | string[] | undefined>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (badTextPath(value) !== null) return name;
  }
  return null;
}

export const inputText = appWide(async (app: FastifyInstance) => {
  // onRequest: before authentication, the XSRF check or the language of an answer read one.
  app.addHook('onRequest', async (request) => {
    const header = badHeader(request.headers);
    if (header !== null) throw invalidText(header);
  });
  // preValidation: after the body is parsed, before any handler (or schema) reads it.
  app.addHook('preValidation', async (request) => {
    assertCleanText(request.query);
    assertCleanText(request.params);
    if (request.routeOptions.config.checksBodyText !== true) assertCleanText(request.body);
  });
});
