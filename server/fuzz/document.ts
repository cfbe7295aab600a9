import type { JsonSchema, OpenApi, Operation } from './types.js';

/** How the fuzz reads the OpenAPI document: its operations, their collections and bodies. */

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MOBILE_PREFIX = '/api/mobile/';

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

/** `/api/users/{id}/picture` → `/api/users`: the list its ids come from (a create's is its own path). */
export const collectionOf = (path: string) => path.replace(/\/?\{[^}]+\}.*$/, '');

export const isJsonBodyOperation = (operation: Operation) =>
  Boolean(operation.requestBody?.content?.['application/json']);
export const isUpload = (operation: Operation) =>
  Boolean(operation.requestBody?.content?.['multipart/form-data']) || /multipart/i.test(operation.summary ?? '');

/** Public: no requirement names the token (the web sign-in asks only for the XSRF pair). */
export const isPublic = (operation: Operation) =>
  !operation.security?.some((requirement) => Object.hasOwn(requirement as object, 'token'));

/** A valid value for a documented schema. */
export function sample(schema: JsonSchema | undefined): unknown {
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
      // An id as text (`contract=^\d{1,10}$`): the first item's, which every demo session sees.
      if (schema.pattern && new RegExp(schema.pattern).test('1')) return '1';
      return 'fuzz text'.padEnd(schema.minLength ?? 0, 'x');
  }
}
