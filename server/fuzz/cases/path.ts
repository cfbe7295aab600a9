import type { FuzzCase } from '../types.js';
import type { Scope } from './scope.js';
import { url } from './scope.js';
import { PATH_VALUES } from './values.js';

/** Each path parameter at each hostile value, under every session. */
export function pathCases(scope: Scope): FuzzCase[] {
  return scope.parameters
    .filter((p) => p.in === 'path')
    .flatMap((parameter) =>
      PATH_VALUES.flatMap((value) =>
        scope.sessions.map((session) => ({
          ...scope.common,
          path: url(scope.fillPath({ name: parameter.name, value: value.raw }), scope.baseQuery(0)),
          family: 'path' as const,
          variant: `path ${parameter.name}=${value.label}`,
          session,
          ...scope.withTemplate,
          mustRefuse: value.mustRefuse,
          core: value.core && session !== 'none',
        })),
      ),
    );
}
