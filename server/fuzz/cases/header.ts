import { XSRF_HEADER } from '@canteiro/shared/domain';
import { UNSAFE, isUpload } from '../document.js';
import type { Expectation, FuzzCase } from '../types.js';
import type { Scope } from './scope.js';
import { json } from './scope.js';
import { ACCEPT_LANGUAGES, AUTHORIZATIONS } from './values.js';

const XSRF_REFUSED: Expectation = { label: 'XSRF refused: 403', ok: (status) => status === 403 };

/** Header parameters (the XSRF header): empty, wrong, very long. */
export function headerParameterCases(scope: Scope): FuzzCase[] {
  const values = [
    ['empty', ''],
    ['wrong', 'x'.repeat(43)],
    ['10 000 chars', 'x'.repeat(10_000)],
  ] as const;
  return scope.parameters
    .filter((p) => p.in === 'header')
    .flatMap((parameter) =>
      values.flatMap(([label, value]) =>
        scope.deep.slice(0, 1).map((session) => ({
          ...scope.common,
          path: scope.target,
          family: 'header' as const,
          variant: `header ${parameter.name}=${label}`,
          session,
          ...scope.withTemplate,
          headers: { ...scope.withTemplate.headers, [parameter.name]: value },
          ...(parameter.name.toLowerCase() === XSRF_HEADER.toLowerCase() && label !== 'empty'
            ? { expect: XSRF_REFUSED }
            : {}),
          core: label === 'wrong',
        })),
      ),
    );
}

/** No XSRF token on a web write: refused before anything else (the mobile app has none to send). */
export function missingXsrfCases(scope: Scope): FuzzCase[] {
  if (!UNSAFE.has(scope.method) || isUpload(scope.operation) || scope.isMobile) return [];
  return [
    {
      ...scope.common,
      path: scope.target,
      family: 'header',
      variant: 'no XSRF cookie nor header',
      session: scope.deep[0] ?? 'none',
      ...scope.withTemplate,
      noXsrf: true,
      expect: XSRF_REFUSED,
      core: true,
    },
  ];
}

/** The language of the error message: on a request that fails (no session, or a bad body). */
export function languageCases(scope: Scope): FuzzCase[] {
  const failing = scope.isPublic && scope.method !== 'GET';
  return ACCEPT_LANGUAGES.map((language, index) => ({
    ...scope.common,
    path: scope.target,
    family: 'header',
    variant: `header accept-language=${language.slice(0, 30)}${language.length > 30 ? '…' : ''}`,
    session: 'none',
    ...(failing ? json('{"email":') : scope.withTemplate),
    headers: {
      ...(failing ? json('').headers : scope.withTemplate.headers),
      'accept-language': language,
    },
    core: index === scope.index % ACCEPT_LANGUAGES.length,
  }));
}

/**
 * Hostile Authorization headers: every one of them on the first protected operation
 * (`first`), one per operation after.
 */
export function authorizationCases(scope: Scope, first: boolean): FuzzCase[] {
  if (scope.isPublic) return [];
  const chosen = scope.index % AUTHORIZATIONS.length;
  return AUTHORIZATIONS.flatMap((authorization, index) =>
    first || index === chosen
      ? [
          {
            ...scope.common,
            path: scope.target,
            family: 'header' as const,
            variant: `header authorization=${authorization.label}`,
            session: 'none' as const,
            ...scope.withTemplate,
            headers: { ...scope.withTemplate.headers, authorization: authorization.value },
            expect: { label: 'not signed in: 401', ok: (status: number) => status === 401 },
            core: true,
          },
        ]
      : [],
  );
}
