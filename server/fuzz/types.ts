/** The fuzz's vocabulary: the OpenAPI document as it reads it, a case, and what came of it. */

/** `first`: a contract user that still holds its temporary password (first access). */
export type Session = 'admin' | 'contract' | 'reporter' | 'first' | 'none' | 'disposable';
export type Family =
  'baseline' | 'path' | 'query' | 'header' | 'field' | 'body' | 'upload' | 'method' | 'head' | 'race' | 'raw';

/** What the API must answer a request (its status class). */
export interface Expectation {
  label: string;
  ok: (status: number) => boolean;
}

export interface FuzzCase {
  /** The OpenAPI operation (`GET /api/bases/{id}`), or the raw request's own name. */
  operation: string;
  method: string;
  /** The request target, sent as is (never normalised). */
  path: string;
  family: Family;
  /** What was changed: `query search=%00`, `field name=null`, `multipart: no boundary`… */
  variant: string;
  session: Session;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Leave out the XSRF cookie and header. */
  noXsrf?: boolean;
  /** Whole request bytes for a raw socket (`{{TOKEN}}` is the admin token). */
  raw?: string | Buffer;
  expect?: Expectation;
  /** NUL, lone surrogate…: a 2xx means the input was taken. */
  mustRefuse?: boolean;
  /** Part of the test suite's smaller sample. */
  core?: boolean;
  /** The sample keeps one case per operation, family and group (by default the variant's value). */
  sampleGroup?: string;
  /** Sent this many times at once (identical creates racing for one unique name). */
  parallel?: number;
}

export type FailureKind = '5xx' | 'malformed' | 'cut' | 'slow' | 'accepted' | 'unexpected' | 'headers';

export interface Outcome {
  case: FuzzCase;
  /** null when no answer came (connection closed or timed out). */
  status: number | null;
  ms: number;
  excerpt: string;
  /** The body's shape: `{ error, code, message } code=FST_ERR_…`, or `not JSON (text/html)`. */
  shape: string;
  /** The answer's caching and sniffing headers. */
  headersSeen: { 'x-content-type-options'?: string; 'cache-control'?: string };
  failures: FailureKind[];
  /** Error lines the server logged while the request was in flight. */
  serverErrors: string[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
}

export interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  /** A route's own body limit when it is not the API's 1 MiB (POST /api/mobile/reports). */
  'x-body-limit'?: number;
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** Everything the cases need to know about the running server, gathered before they are built. */
export interface FuzzContext {
  document: OpenApi;
  /** An existing id per collection (`/api/bases` → '3'), not one of the signed-in users. */
  ids: Map<string, string>;
  /** A valid body per operation (`POST /api/bases`). */
  bodies: Map<string, Record<string, unknown>>;
  /** Another existing item per collection: its values are taken again, in other case or padded. */
  others: Map<string, Record<string, unknown>>;
  maxImageBytes: number;
}

export const MIB = 1024 * 1024;
