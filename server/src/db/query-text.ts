import { Column, Name, Param, SQL, StringChunk, Table } from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A statement's text, built once per shape (docs/benchmarks.md). It reads drizzle's query
 * chunks (`StringChunk`, `Param`, `Name`…), which is why drizzle-orm is pinned exactly
 * (pnpm-workspace.yaml); test/query-text.test.ts holds it to drizzle's own text.
 */

const dialect = new PgDialect();
/** Distinct statement shapes whose text is kept; past it, new shapes are built every time. */
const MAX_SHAPES = 2000;
/** Shape → text: a shape is the query's text with its values left out (see buildQuery). */
const texts = new Map<string, string>();
/** A number per table and column met, so a shape names them without building their text. */
const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
const buildStats = { cached: 0, built: 0 };

/**
 * Collects a query's shape (its text chunks, tables and columns, `?` for each value) and its
 * values in the order drizzle numbers them ($1, $2, …). False when a chunk is anything else
 * (a placeholder, an array value, a subquery, a value drizzle maps to SQL…): drizzle builds those.
 */
function collectShape(chunks: readonly unknown[], shape: string[], params: unknown[]): boolean {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean') {
      shape.push('?');
      params.push(chunk);
    } else if (chunk instanceof StringChunk) {
      shape.push(`s${chunk.value.join('')}`);
    } else if (chunk instanceof SQL) {
      if (
        (chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams ||
        !collectShape(chunk.queryChunks, shape, params)
      )
        return false;
    } else if (chunk instanceof Param) {
      if (chunk.value === null) {
        params.push(null);
      } else if (typeof chunk.value === 'object') {
        return false;
      } else {
        const value: unknown = chunk.encoder.mapToDriverValue(chunk.value);
        if (typeof value === 'object' && value !== null) return false;
        params.push(value);
      }
      shape.push('?');
    } else if (Array.isArray(chunk)) {
      // A list (`in ${[…]}`, drizzle's inArray): drizzle writes it as (a, b, c), each element
      // a chunk of its own. Its length is in the shape: one `?` (or more) per element.
      shape.push('(');
      if (!collectShape(chunk, shape, params)) return false;
      shape.push(')');
    } else if (chunk instanceof Name) {
      shape.push(`n${chunk.value}`);
    } else if (chunk instanceof Column || chunk instanceof Table) {
      let id = objectIds.get(chunk);
      if (id === undefined) {
        id = nextObjectId += 1;
        objectIds.set(chunk, id);
      }
      shape.push(`o${id}`);
    } else {
      return false;
    }
  }
  return true;
}

/**
 * The query's text and values, as drizzle's `sqlToQuery` gives them, with the text built once
 * per shape: a list's SQL differs between requests only by its values (scope ids, search
 * pattern, filters, page), and drizzle rebuilding ~3 KB of text cost ~0.5 ms a request on
 * the activity list (docs/benchmarks.md). Only the text is reused: values are
 * always this query's own, numbered in the same order drizzle numbers them.
 */
export function buildQuery(query: SQL): Query {
  const shape: string[] = [];
  const params: unknown[] = [];
  if (collectShape([query], shape, params)) {
    const key = shape.join('\u0000');
    const text = texts.get(key);
    if (text !== undefined) {
      buildStats.cached += 1;
      return { sql: text, params };
    }
    const built = dialect.sqlToQuery(query);
    if (texts.size < MAX_SHAPES) texts.set(key, built.sql);
    buildStats.built += 1;
    return { sql: built.sql, params: built.params };
  }
  buildStats.built += 1;
  const built = dialect.sqlToQuery(query);
  return { sql: built.sql, params: built.params };
}

/** How often buildQuery reused a text (tests). */
export function queryBuildStats(): Readonly<typeof buildStats> {
  return { ...buildStats };
}
