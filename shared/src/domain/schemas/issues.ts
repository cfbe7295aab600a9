import * as v from 'valibot';

/** Turns valibot issues into `{ field: code }`, the first issue of each field winning. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
