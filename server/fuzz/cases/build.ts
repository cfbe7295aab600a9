import { isPublic, operationsOf } from '../document.js';
import type { FuzzCase, FuzzContext } from '../types.js';
import { baselineCases, firstAccessCases } from './baseline.js';
import { raceCases, wholeBodyCases } from './body.js';
import { fieldCases } from './field.js';
import { authorizationCases, headerParameterCases, languageCases, missingXsrfCases } from './header.js';
import { headCases, methodCases } from './method.js';
import { pathCases } from './path.js';
import { queryCases, queryNameCases } from './query.js';
import { rawCases } from './raw.js';
import { scopeOf } from './scope.js';
import { uploadCases } from './upload.js';

/**
 * Every case for the document, in a fixed order: the baselines of every operation first,
 * then each operation's variants family by family, the undocumented methods, the raw
 * requests. The order is the sample's: its rotations pick by position.
 */
export function buildCases(context: FuzzContext): FuzzCase[] {
  const operations = operationsOf(context.document);
  const firstProtected = operations.findIndex(({ operation }) => !isPublic(operation));
  const baselines: FuzzCase[] = [];
  const rest: FuzzCase[] = [];
  const methodsOfPath = new Map<string, Set<string>>();
  for (const [index, documented] of operations.entries()) {
    methodsOfPath.set(documented.path, (methodsOfPath.get(documented.path) ?? new Set()).add(documented.method));
    const scope = scopeOf(context, documented, index);
    baselines.push(...baselineCases(scope));
    rest.push(
      ...pathCases(scope),
      ...queryCases(scope),
      ...headerParameterCases(scope),
      ...fieldCases(scope),
      ...wholeBodyCases(scope),
      ...missingXsrfCases(scope),
      ...raceCases(scope),
      ...uploadCases(scope),
      ...queryNameCases(scope),
      ...languageCases(scope),
      ...authorizationCases(scope, index === firstProtected),
      ...firstAccessCases(scope),
      ...headCases(scope),
    );
  }
  for (const [path, methods] of methodsOfPath) rest.push(...methodCases(context, path, methods));
  return [...baselines, ...rest, ...rawCases(context)];
}
