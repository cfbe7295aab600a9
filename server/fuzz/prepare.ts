import http from 'node:http';
import { XSRF_COOKIE } from '@canteiro/shared/domain';
import { validBodies } from './bodies.js';
import { collectionOf, operationsOf } from './document.js';
import { getJson, postJson } from './http.js';
import type { Target } from './http.js';
import type { FuzzContext, OpenApi } from './types.js';

/** Before the cases: sessions, the document, an id per collection and a valid body per write. */

export interface Tokens {
  admin: string;
  contract: string;
  reporter: string;
  first: string;
  xsrf: string;
  /** A throw-away session; a mobile one for the app's routes (a web one is refused there). */
  disposable: (mobile?: boolean) => Promise<string>;
}

/** The accounts the fuzz signs in with: never the target of a write. */
const SESSION_EMAILS = new Set(
  ['admin', 'contract', 'reporter', 'first', 'base', 'work'].map((name) => `${name}@canteiro.test`),
);

export async function signIn(target: Target, xsrf: string, email: string, fromWeb = true): Promise<string> {
  const answer = await postJson(target, '/api/authentication/login', xsrf, {
    email,
    password: 'demo1234',
    ...(fromWeb ? { from_web: true } : {}),
  });
  if (answer.status !== 200) throw new Error(`fuzz: sign-in of ${email} failed: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body.toString('utf8')) as { token: string }).token;
}

/** The XSRF cookie any first answer hands out. */
async function xsrfOf(target: Target): Promise<string> {
  const health = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ host: target.host, port: target.port, path: '/api/health' }, resolve).on('error', reject),
  );
  health.resume();
  const cookies = ([] as string[]).concat(health.headers['set-cookie'] ?? []);
  const xsrf = new RegExp(`${XSRF_COOKIE}=([^;]+)`).exec(cookies.join('\n'))?.[1];
  if (!xsrf) throw new Error('fuzz: no XSRF cookie from /api/health');
  return xsrf;
}

async function openSessions(target: Target): Promise<Tokens> {
  const xsrf = await xsrfOf(target);
  return {
    xsrf,
    admin: await signIn(target, xsrf, 'admin@canteiro.test'),
    contract: await signIn(target, xsrf, 'contract@canteiro.test'),
    reporter: await signIn(target, xsrf, 'reporter@canteiro.test', false),
    first: await signIn(target, xsrf, 'first@canteiro.test'),
    disposable: (mobile = false) => signIn(target, xsrf, 'base@canteiro.test', !mobile),
  };
}

type Item = Record<string, unknown>;

/** A list's items, as `token` sees them; never a signed-in account. */
async function listed(target: Target, collection: string, token: string): Promise<Item[]> {
  const list = await getJson(target, `${collection}?pageSize=100`, token);
  return ((list.json as { items?: Item[] } | null)?.items ?? []).filter(
    (item) => typeof item.id === 'number' && !SESSION_EMAILS.has(String(item.email ?? '')),
  );
}

/**
 * Per listed collection, the last item the contract-level user sees too, else the last
 * (its id goes in every path), and, when there are two, the first (its values are tried
 * again on the other).
 */
async function existingItems(target: Target, document: OpenApi, tokens: Tokens) {
  const ids = new Map<string, string>();
  const others = new Map<string, Item>();
  const operations = operationsOf(document);
  for (const collection of new Set(operations.map((o) => collectionOf(o.path)).filter((c) => c !== ''))) {
    if (!operations.some((o) => o.method === 'GET' && o.path === collection)) continue;
    const items = await listed(target, collection, tokens.admin);
    const seen = new Set((await listed(target, collection, tokens.contract)).map((item) => item.id));
    const item = items.findLast((candidate) => seen.has(candidate.id)) ?? items.at(-1);
    if (item) ids.set(collection, String(item.id));
    if (items.length > 1) others.set(collection, items[0] === item ? items[1]! : items[0]!);
  }
  return { ids, others };
}

/** Sessions, the document, an id per collection and a valid body per write. */
export async function prepare(
  target: Target,
  maxImageBytes: number,
): Promise<{ tokens: Tokens; context: FuzzContext }> {
  const tokens = await openSessions(target);
  const docs = await getJson(target, '/api/docs/json');
  if (docs.status !== 200) throw new Error(`fuzz: /api/docs/json answered ${docs.status}`);
  const document = docs.json as OpenApi;
  const { ids, others } = await existingItems(target, document, tokens);
  const bodies = await validBodies(document, ids, (path) => getJson(target, path, tokens.admin));
  return { tokens, context: { document, ids, bodies, others, maxImageBytes } };
}
