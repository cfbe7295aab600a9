import type { FuzzCase } from '../types.js';
import type { Scope } from './scope.js';

/** The valid request under every session the operation knows: what the hostile ones are compared to. */
export function baselineCases(scope: Scope): FuzzCase[] {
  return scope.sessions.map((session) => ({
    ...scope.common,
    path: scope.target,
    family: 'baseline',
    variant: 'valid request',
    session,
    ...scope.withTemplate,
    core: true,
  }));
}

/** Before its first password change a web session may only change it (or sign out). */
export function firstAccessCases(scope: Scope): FuzzCase[] {
  if (scope.isPublic || scope.isMobile || scope.path.startsWith('/api/authentication/')) return [];
  return [
    {
      ...scope.common,
      path: scope.target,
      family: 'baseline',
      variant: 'first-access session',
      session: 'first',
      ...scope.withTemplate,
      expect: { label: 'first access: refused (4xx)', ok: (status) => status >= 400 && status < 500 },
      core: true,
    },
  ];
}
