import { collectionOf } from '../document.js';
import type { FuzzCase, FuzzContext } from '../types.js';
import type { Scope } from './scope.js';

/** HEAD of every GET. */
export function headCases(scope: Scope): FuzzCase[] {
  if (scope.method !== 'GET') return [];
  return [
    {
      ...scope.common,
      method: 'HEAD',
      path: scope.target,
      family: 'head',
      variant: 'HEAD',
      session: scope.deep[0] ?? 'none',
      core: true,
    },
  ];
}

/** A write the document does not list, then OPTIONS and TRACE, once per path (`methods`: the listed ones). */
export function methodCases(context: FuzzContext, path: string, methods: Set<string>): FuzzCase[] {
  const method = ['DELETE', 'PUT', 'POST', 'PATCH'].find((candidate) => !methods.has(candidate));
  if (!method) return [];
  const target = path.replace(/\{[^}]+\}/g, context.ids.get(collectionOf(path)) ?? '1');
  return [
    {
      operation: `${method} ${path}`,
      method,
      path: target,
      family: 'method',
      variant: `undocumented method ${method}`,
      session: 'admin',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{}'),
      expect: { label: 'not found: 404/405', ok: (status) => status === 404 || status === 405 || status === 403 },
      core: true,
    },
    ...['OPTIONS', 'TRACE'].map((other) => ({
      operation: `${other} ${path}`,
      method: other,
      path: target,
      family: 'method' as const,
      variant: `method ${other}`,
      session: 'admin' as const,
    })),
  ];
}
