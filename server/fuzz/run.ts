import http from 'node:http';
import { XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';
import { RACE } from './cases/body.js';
import { MOBILE_PREFIX, operationsOf } from './document.js';
import { send, sendRaw } from './http.js';
import type { Answer, Target } from './http.js';
import { excerptOf, judge, shapeOf } from './judge.js';
import type { Tokens } from './prepare.js';
import type { FuzzCase, FuzzContext, Outcome } from './types.js';

/** Sending the cases one after another (or a few at once), within a budget of requests and time. */

export interface FuzzOptions {
  maxRequests: number;
  seconds: number;
  concurrency: number;
  /** Where the server's error log lines arrive (see `captureErrors`). */
  serverErrors?: { take(): string[] };
  /** After each case: requests sent, and requests to send (a race counts each of its requests). */
  progress?: (sent: number, total: number) => void;
}

export interface FuzzReport {
  planned: number;
  sent: number;
  seconds: number;
  statuses: Map<string, number>;
  operations: number;
  covered: number;
  uncovered: string[];
  outcomes: Outcome[];
  failures: Outcome[];
  stoppedBy: 'done' | 'requests' | 'time';
}

const LOGOUT = /\/(authentication|mobile)\/logout(\?|$)/;

/**
 * At most `max` cases: one valid request per operation first, then the others evenly spread
 * (every k-th), so a small budget still reaches every operation and every kind of variant.
 */
export function bounded(cases: FuzzCase[], max: number): FuzzCase[] {
  const seen = new Set<string>();
  const first: FuzzCase[] = [];
  const others: FuzzCase[] = [];
  for (const c of cases) {
    if (!seen.has(c.operation)) {
      seen.add(c.operation);
      first.push(c);
    } else others.push(c);
  }
  const room = Math.max(0, max - first.length);
  const step = others.length / Math.max(1, room);
  const spread = others.length <= room ? others : Array.from({ length: room }, (_, i) => others[Math.floor(i * step)]!);
  return [...first, ...spread].slice(0, max);
}

/** The token a case is sent with: a throw-away session per operation, a fresh one for every logout. */
function sessionTokens(tokens: Tokens) {
  const disposable = new Map<string, string>();
  return async (c: FuzzCase): Promise<string | undefined> => {
    switch (c.session) {
      case 'none':
        return undefined;
      case 'disposable': {
        const key = LOGOUT.test(c.path) ? 'logout' : c.operation;
        const token =
          (key !== 'logout' && disposable.get(key)) || (await tokens.disposable(c.path.startsWith(MOBILE_PREFIX)));
        disposable.set(key, token);
        return token;
      }
      default:
        return tokens[c.session];
    }
  };
}

/** One request of a case, over a raw socket or `agent`, and its judgement. */
async function sendCase(target: Target, agent: http.Agent, xsrf: string, c: FuzzCase, token?: string) {
  const begin = performance.now();
  let answer: Answer;
  if (c.raw !== undefined) {
    const encoding = Buffer.isBuffer(c.raw) ? 'latin1' : 'utf8';
    const raw = Buffer.isBuffer(c.raw) ? c.raw.toString('latin1') : c.raw;
    answer = await sendRaw(target, Buffer.from(raw.replace('{{TOKEN}}', token ?? ''), encoding));
  } else {
    const headers: Record<string, string> = {
      ...(c.noXsrf ? {} : { cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf }),
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...c.headers,
    };
    answer = await send(target, agent, c.method, c.path, headers, c.body);
  }
  const ms = performance.now() - begin;
  return {
    case: c,
    status: answer.status,
    ms,
    excerpt: excerptOf(answer),
    shape: shapeOf(answer),
    headersSeen: {
      'x-content-type-options': String(answer.headers['x-content-type-options'] ?? 'none'),
      'cache-control': String(answer.headers['cache-control'] ?? 'none'),
    },
    failures: judge(c, answer, ms),
    serverErrors: [],
  } satisfies Outcome;
}

/** Statuses counted, and the documented operations no answer came for. */
function tally(context: FuzzContext, outcomes: Outcome[]) {
  const statuses = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = outcome.status === null ? 'none' : String(outcome.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const documented = operationsOf(context.document).map((o) => o.key);
  const answered = new Set(outcomes.filter((o) => o.status !== null).map((o) => o.case.operation));
  const uncovered = documented.filter((key) => !answered.has(key));
  return { statuses, operations: documented.length, covered: documented.length - uncovered.length, uncovered };
}

export async function run(
  target: Target,
  tokens: Tokens,
  context: FuzzContext,
  all: FuzzCase[],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const raceAgent = new http.Agent({ keepAlive: true, maxSockets: RACE });
  const tokenOf = sessionTokens(tokens);
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const planned = all.reduce((sum, c) => sum + (c.parallel ?? 1), 0);
  const cases = planned > options.maxRequests ? bounded(all, options.maxRequests) : all;
  const requests = cases === all ? planned : cases.reduce((sum, c) => sum + (c.parallel ?? 1), 0);
  let stoppedBy: FuzzReport['stoppedBy'] = cases === all ? 'done' : 'requests';
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      if ((performance.now() - started) / 1000 > options.seconds) {
        stoppedBy = 'time';
        return;
      }
      const c = cases[next++]!;
      const token = await tokenOf(c);
      options.serverErrors?.take();
      const sending = () => sendCase(target, c.parallel ? raceAgent : agent, tokens.xsrf, c, token);
      const results: Outcome[] = await Promise.all(Array.from({ length: c.parallel ?? 1 }, sending));
      const serverErrors = options.serverErrors?.take() ?? [];
      for (const result of results) result.serverErrors = serverErrors;
      // More than one of the identical creates taken: the unique rule does not hold under load.
      const created = results.filter((o) => o.status !== null && o.status >= 200 && o.status < 300);
      if (c.parallel && created.length > 1) for (const o of created) o.failures.push('unexpected');
      outcomes.push(...results);
      options.progress?.(outcomes.length, requests);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  agent.destroy();
  raceAgent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const failures = outcomes.filter((o) => o.failures.length);
  return { planned, sent: outcomes.length, seconds, ...tally(context, outcomes), outcomes, failures, stoppedBy };
}
