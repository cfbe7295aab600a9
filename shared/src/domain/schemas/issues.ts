import * as v from 'valibot';
import { FIELD_CODES } from '../errors.js';

/**
 * Turns valibot issues into `{ field: code }`, the first issue of each field winning. The
 * shared schemas word their issues as field codes; valibot's own ones become `required` (a
 * key left out) or `invalid_value`, so clients only ever see codes of the catalogue.
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    // Own keys only: a field named `constructor` or `toString` is a field like any other.
    if (!Object.hasOwn(fields, key)) fields[key] = fieldCode(issue);
  }
  return fields;
}

function fieldCode(issue: v.BaseIssue<unknown>): string {
  const object = issue.type === 'object' || issue.type === 'strict_object';
  if (object && issue.path?.length && issue.input === undefined) return 'required';
  return (FIELD_CODES as readonly string[]).includes(issue.message) ? issue.message : 'invalid_value';
}
