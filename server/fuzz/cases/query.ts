import type { FuzzCase } from '../types.js';
import type { Scope } from './scope.js';
import { url } from './scope.js';
import { QUERY_VALUES, textual } from './values.js';

/** Each query parameter at each hostile value, the others left out or at their required value. */
export function queryCases(scope: Scope): FuzzCase[] {
  const query = scope.parameters.filter((p) => p.in === 'query');
  return query.flatMap((parameter, parameterIndex) =>
    QUERY_VALUES.flatMap((value, valueIndex) => {
      const pairs = value.repeat ? [`${parameter.name}=1`, `${parameter.name}=2`] : [`${parameter.name}=${value.raw}`];
      return scope.deep.map((session) => ({
        ...scope.common,
        path: url(scope.fillPath(), [...scope.baseQuery(parameterIndex + valueIndex, parameter.name), ...pairs]),
        family: 'query' as const,
        variant: `query ${parameter.name}=${value.label}`,
        session,
        ...scope.withTemplate,
        mustRefuse: value.mustRefuse,
        core: value.core && (!textual(parameter) || value.text !== false),
        // Text parameters (search, sort…) each get the sample's values; numbers share them.
        ...(textual(parameter) ? { sampleGroup: `${parameter.name}=${value.label}` } : {}),
      }));
    }),
  );
}

/** Query parameter names a plain object already has. */
export function queryNameCases(scope: Scope): FuzzCase[] {
  if (scope.method !== 'GET') return [];
  return scope.deep.slice(0, 1).map((session) => ({
    ...scope.common,
    path: url(scope.fillPath(), [
      ...scope.baseQuery(0),
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
  }));
}
