import type { FuzzCase } from '../types.js';

/**
 * The test suite's sample: every baseline, and per operation and family the core variants,
 * each on one parameter or field and one session chosen by rotation (so across operations
 * every one is hit).
 */
export function quickSample(cases: FuzzCase[]): FuzzCase[] {
  const operations = [...new Set(cases.map((c) => c.operation))];
  const groups = new Map<string, FuzzCase[]>();
  const picked: FuzzCase[] = [];
  for (const c of cases) {
    if (!c.core) continue;
    if (c.family === 'baseline' || c.family === 'raw' || c.family === 'method' || c.family === 'head') {
      picked.push(c);
      continue;
    }
    // Group the core cases by operation, family and value; keep one of each group (its
    // parameter or field, and its session, chosen by rotation).
    const value = c.sampleGroup ?? c.variant.replace(/^(path|query|field) [^=]+=/, '$1 =');
    const key = `${c.operation}|${c.family}|${value}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  let rotation = 0;
  for (const [key, group] of groups) {
    const operationIndex = operations.indexOf(key.split('|')[0]!);
    picked.push(group[(operationIndex + rotation++) % group.length]!);
  }
  return picked;
}
