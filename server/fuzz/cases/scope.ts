import { MOBILE_PREFIX, collectionOf, isJsonBodyOperation, isPublic, sample } from '../document.js';
import type { DocumentedOperation } from '../document.js';
import type { FuzzContext, Parameter, Session } from '../types.js';

/** Operations that would end or change the session they run under: only a throw-away one. */
const SESSION_ENDING = /\/(authentication\/(logout|change-password)|mobile\/logout)$/;

/** A request's headers and body, both optional (a GET has neither). */
export interface Payload {
  headers?: Record<string, string>;
  body?: Buffer;
}

/** What every generator of one operation's cases shares: its sessions, a valid URL and body. */
export interface Scope extends DocumentedOperation {
  context: FuzzContext;
  /** The operation's position in the document: rotations pick a variant by it. */
  index: number;
  parameters: Parameter[];
  isPublic: boolean;
  isMobile: boolean;
  sessions: Session[];
  /** The sessions that get past authentication (a public operation has only 'none'). */
  deep: Session[];
  /** The path with every parameter at a valid id, but `raw.name` at `raw.value`. */
  fillPath: (raw?: { name: string; value: string }) => string;
  /** The required query parameters (and `format`) at a valid value; choices taken by `index`. */
  baseQuery: (index: number, except?: string) => string[];
  /** The valid request target: `fillPath()` with `baseQuery(0)`. */
  target: string;
  /** The valid body, when the operation takes one. */
  template?: Record<string, unknown>;
  templateText?: string;
  /** Whether the operation reads a JSON body. */
  jsonBody: boolean;
  /** The valid body as a payload (`{}` for a write that documents none, nothing for a GET). */
  withTemplate: Payload;
  common: { operation: string; method: string };
}

export const url = (pathPart: string, query: string[]) => (query.length ? `${pathPart}?${query.join('&')}` : pathPart);
export const json = (text: string) => ({ headers: { 'content-type': 'application/json' }, body: Buffer.from(text) });

/** The valid body with one more entry in front. */
export const before = (scope: Scope, entry: string) =>
  !scope.templateText || scope.templateText === '{}' ? `{${entry}}` : `{${entry},${scope.templateText.slice(1)}`;

function sessionsOf(path: string, publicOperation: boolean): Session[] {
  if (publicOperation) return ['none'];
  if (SESSION_ENDING.test(path)) return ['disposable', 'none'];
  return path.startsWith(MOBILE_PREFIX) ? ['reporter', 'admin', 'none'] : ['admin', 'contract', 'none'];
}

export function scopeOf(context: FuzzContext, documented: DocumentedOperation, index: number): Scope {
  const { key, method, path, operation } = documented;
  const parameters = operation.parameters ?? [];
  const publicOperation = isPublic(operation);
  const sessions = sessionsOf(path, publicOperation);
  const validId = context.ids.get(collectionOf(path)) ?? '1';
  const fillPath = (raw?: { name: string; value: string }) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => (raw?.name === name ? raw.value : validId));
  const baseQuery = (choice: number, except?: string) =>
    parameters
      .filter((p) => p.in === 'query' && p.name !== except && (p.required || p.name === 'format'))
      .map((p) => {
        const options = p.schema?.enum ?? [];
        const value = options.length ? options[choice % options.length] : sample(p.schema);
        return `${p.name}=${encodeURIComponent(String(value))}`;
      });
  const template = context.bodies.get(key);
  const templateText = template ? JSON.stringify(template) : method === 'GET' ? undefined : '{}';
  return {
    ...documented,
    context,
    index,
    parameters,
    isPublic: publicOperation,
    isMobile: path.startsWith(MOBILE_PREFIX),
    sessions,
    deep: sessions.length > 1 ? sessions.filter((session) => session !== 'none') : sessions,
    fillPath,
    baseQuery,
    target: url(fillPath(), baseQuery(0)),
    template,
    templateText,
    jsonBody: isJsonBodyOperation(operation) || template !== undefined,
    withTemplate: templateText === undefined ? {} : json(templateText),
    common: { operation: key, method },
  };
}
