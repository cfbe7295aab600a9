import type { FuzzReport } from './run.js';
import type { FailureKind, Outcome } from './types.js';

/** The fuzz's report: statuses, failures grouped by kind and cause, a few examples of each. */

/** What a failure of `kind` is grouped by: the expectation, the headers, the server's error or the answer. */
function causeOf(kind: FailureKind, outcome: Outcome): string {
  switch (kind) {
    case 'slow':
      return '';
    case 'unexpected':
      return `expected ${outcome.case.expect?.label}`;
    case 'headers': {
      const seen = outcome.headersSeen;
      return `x-content-type-options: ${String(seen['x-content-type-options'] ?? 'none')}, cache-control: ${String(seen['cache-control'] ?? 'none')}`;
    }
    case 'accepted':
      return `taken: ${outcome.case.variant.replace(/^(\w+) [^=]+=/, '$1 …=')}`;
    default:
      return (
        outcome.serverErrors[0] ??
        (kind === 'cut' ? /^\[[^\]]*\]( \([^)]*\))?/.exec(outcome.excerpt)?.[0] : undefined) ??
        (kind === 'malformed' ? outcome.shape : outcome.excerpt.replace(/\d{3,}/g, 'N').slice(0, 110))
      );
  }
}

/** Failures grouped by kind, status and answer (server error), with the routes and variants. */
export function groupFailures(failures: Outcome[]) {
  const groups = new Map<string, { kind: FailureKind; status: string; what: string; outcomes: Outcome[] }>();
  for (const outcome of failures)
    for (const kind of outcome.failures) {
      const status = outcome.status === null ? 'none' : String(outcome.status);
      const what = causeOf(kind, outcome);
      const key = `${kind}|${status}|${what}`;
      const group = groups.get(key) ?? { kind, status, what, outcomes: [] };
      group.outcomes.push(outcome);
      groups.set(key, group);
    }
  return [...groups.values()].sort((a, b) => a.kind.localeCompare(b.kind) || b.outcomes.length - a.outcomes.length);
}

/** The header: requests sent, operations exercised, and a table of statuses. */
function summary(report: FuzzReport, title: string): string[] {
  const lines = [
    title,
    `requests: ${report.sent} sent of ${report.planned} planned in ${report.seconds.toFixed(1)} s` +
      (report.stoppedBy === 'done' ? '' : ` (stopped by the ${report.stoppedBy} limit)`),
    `operations: ${report.covered} of ${report.operations} in the OpenAPI document exercised`,
  ];
  if (report.uncovered.length) lines.push(`  not exercised: ${report.uncovered.join(', ')}`);
  lines.push('', '| status | count |', '| ------ | ----- |');
  const statuses = [...report.statuses].sort(([a], [b]) => a.localeCompare(b));
  for (const [status, count] of statuses) lines.push(`| ${status.padEnd(6)} | ${String(count).padStart(5)} |`);
  return lines;
}

/** One group of failures: its cause, then up to `examples` distinct requests. */
function groupLines(group: ReturnType<typeof groupFailures>[number], examples: number): string[] {
  const routes = new Set(group.outcomes.map((o) => o.case.operation));
  const lines = [
    '',
    `[${group.kind}] ${group.status}${group.what ? ` — ${group.what}` : ''}: ${group.outcomes.length} requests, ${routes.size} operations`,
  ];
  const seen = new Set<string>();
  for (const outcome of group.outcomes) {
    const line = `    ${outcome.case.operation} · ${outcome.case.variant} · ${outcome.case.session}`;
    if (seen.has(line)) continue;
    seen.add(line);
    if (seen.size > examples) break;
    const slow = group.kind === 'slow' ? ` · ${Math.round(outcome.ms)} ms` : '';
    const answered = ['unexpected', 'accepted', 'malformed'].includes(group.kind)
      ? ` → ${outcome.excerpt.slice(0, 120)}`
      : '';
    lines.push(`${line}${slow}${answered}`);
  }
  if (group.outcomes.length > seen.size)
    lines.push(`    … and ${group.outcomes.length - Math.min(seen.size, examples)} more`);
  return lines;
}

export function formatReport(report: FuzzReport, title: string, examples = 6): string {
  const kinds = new Map<FailureKind, number>();
  for (const outcome of report.failures)
    for (const kind of outcome.failures) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const counts = kinds.size ? ` (${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')})` : '';
  return [
    ...summary(report, title),
    '',
    `failures: ${report.failures.length} requests${counts}`,
    ...groupFailures(report.failures).flatMap((group) => groupLines(group, examples)),
  ].join('\n');
}
