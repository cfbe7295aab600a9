import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { appWide } from './app-wide.js';

/**
 * Text the API never takes: a NUL character (PostgreSQL refuses the byte in text and in
 * JSON) or a lone UTF-16 surrogate (not text at all; the audit's jsonb refuses it). Checked
 * once, here, for every route, before anything reads the input: the query string, the path
 * parameters and the JSON body, values and keys at any depth. Multipart names are checked
 * where the upload is read (`assertCleanText`). A URL whose percent-encoding is not UTF-8
 * never gets this far: Fastify's router refuses it (FST_ERR_BAD_URL, see errors.ts).
 */

const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (text: string): boolean => !BAD_TEXT.test(text);

/**
 * Where in `value` the first bad text is (`name`, `items.0.name`), '' for the value itself or
 * a key of the top level, or null when all is clean. Walks with its own stack: a deeply
 * nested body cannot overflow the call stack.
 */
export function badTextPath(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        // A bad key is reported at its parent: the key itself is not printable.
        if (!isCleanText(key)) return path;
        pending.push({ value: child, path: path ? `${path}.${key}` : key });
      }
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

export const inputText = appWide(async (app: FastifyInstance) => {
  // preValidation: after the body is parsed, before any handler (or schema) reads it.
  app.addHook('preValidation', async (request) => {
    assertCleanText(request.query);
    assertCleanText(request.params);
    if (request.routeOptions.config.checksBodyText !== true) assertCleanText(request.body);
  });
});
