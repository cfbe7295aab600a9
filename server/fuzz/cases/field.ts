import { collectionOf } from '../document.js';
import type { FuzzCase } from '../types.js';
import type { Scope } from './scope.js';
import { json } from './scope.js';
import { FIELD_VALUES, valuesLike } from './values.js';
import type { FieldValue } from './values.js';

/**
 * The valid body with `field` at `value`, replaced in the JSON text (so a lone surrogate
 * stays one on the wire), or left out.
 */
function withField(template: Record<string, unknown>, templateText: string, field: string, value: FieldValue) {
  if (value.json === '')
    return JSON.stringify(Object.fromEntries(Object.entries(template).filter(([name]) => name !== field)));
  return templateText.replace(
    `${JSON.stringify(field)}:${JSON.stringify(template[field])}`,
    () => `${JSON.stringify(field)}:${value.json}`,
  );
}

/** Each field of a valid body replaced in turn by each hostile value and each value shaped like its own. */
export function fieldCases(scope: Scope): FuzzCase[] {
  const { template, templateText } = scope;
  if (!template || !templateText || !Object.keys(template).length) return [];
  const other = scope.context.others.get(collectionOf(scope.path));
  return Object.keys(template).flatMap((field) =>
    [...FIELD_VALUES, ...valuesLike(template[field], other?.[field])].flatMap((value) => {
      const text = withField(template, templateText, field, value);
      return scope.deep.map((session) => ({
        ...scope.common,
        path: scope.target,
        family: 'field' as const,
        variant: `field ${field}=${value.label}`,
        session,
        ...json(text),
        mustRefuse: value.mustRefuse,
        core: value.core,
      }));
    }),
  );
}
