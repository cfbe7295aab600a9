import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

/**
 * The server suite's contract check: every answer a test receives is held against the
 * OpenAPI description the server publishes (GET /api/docs/json, generated from the valibot
 * schemas): its status must be declared for the operation, its media type declared for
 * that status, and a JSON body must match the declared schema. A violation is recorded
 * (and the answer turned into a 500, so the test that met it fails where it stands);
 * serverSuite fails the file if any was recorded.
 */

export interface Violation {
  route: string;
  status: number;
  problem: string;
}

export const violations: Violation[] = [];

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
};

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** `/api/works/:id/status` (Fastify) → `/api/works/{id}/status` (OpenAPI); no trailing slash. */
export const openApiPath = (url: string): string =>
  (url.length > 1 ? url.replace(/\/$/, '') : url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class ContractChecker {
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv.addSchema(document as object, 'openapi');
  }

  /** What is wrong with this answer, or null. */
  problem(method: string, url: string, status: number, contentType: string, body: string | null): string | null {
    const path = openApiPath(url);
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) return `${method} ${path} is not described`;
    const answer = operation.responses[String(status)];
    if (!answer) return `status ${status} is not declared`;
    const type = contentType.split(';')[0]!.trim().toLowerCase();
    if (!answer.content) return body ? `a body (${type || 'no type'}) where none is declared` : null;
    if (!Object.hasOwn(answer.content, type)) return `media type ${type || '(none)'} is not declared`;
    if (type !== 'application/json' || body === null) return null;
    const key = pointer(path, method.toLowerCase(), 'responses', String(status), 'content', type, 'schema');
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi#/paths/${key}`);
      if (!validate) return `no schema at ${key}`;
      this.validators.set(key, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return 'a body that is not JSON';
    }
    if (validate(value)) return null;
    return this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }
}

function bodyText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.length ? payload.toString('utf8') : null;
  // A stream (a download): its bytes are not read here, its media type is checked.
  return '(stream)';
}

const CHECKED = Symbol('contract checked');

/** One checker per description: the apps of a test file share it, and its compiled validators. */
const checkers = new Map<string, ContractChecker>();
function checkerOf(document: Document): ContractChecker {
  const key = JSON.stringify(document);
  let checker = checkers.get(key);
  if (!checker) checkers.set(key, (checker = new ContractChecker(document)));
  return checker;
}

/** The onSend hook for buildApp's `answerCheck`, reading the description of `app()` once ready. */
export function answerCheck(app: () => FastifyInstance) {
  let checker: ContractChecker | undefined;
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    const marked = request as FastifyRequest & { [CHECKED]?: boolean };
    // Unmatched paths (404), HEAD, the description's own pages, and the 500 a violation made.
    if (!url || request.method === 'HEAD' || url.startsWith('/api/docs') || marked[CHECKED]) return payload;
    if (!url.startsWith('/api/') && url !== '/remotes.json') return payload;
    marked[CHECKED] = true;
    checker ??= checkerOf(app().swagger() as unknown as Document);
    // A body the route compressed itself (the mobile catalogue): its status and type are checked.
    const body = reply.getHeader('content-encoding') ? '(stream)' : bodyText(payload);
    const type = String(reply.getHeader('content-type') ?? '');
    const problem = checker.problem(request.method, url, reply.statusCode, type, body === '(stream)' ? null : body);
    if (problem === null) return payload;
    const violation = { route: `${request.method} ${openApiPath(url)}`, status: reply.statusCode, problem };
    violations.push(violation);
    throw new Error(`answer outside the OpenAPI description: ${JSON.stringify(violation)}`);
  };
}
