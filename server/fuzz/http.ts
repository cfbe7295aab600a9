import http from 'node:http';
import { connect } from 'node:net';
import { XSRF_COOKIE, XSRF_HEADER } from '@canteiro/shared/domain';

/** The fuzz's own HTTP client: requests sent as given (never normalised), answers read whole. */

export interface Target {
  host: string;
  port: number;
}

export interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  complete: boolean;
  error?: string;
}

const TIMEOUT_MS = 15_000;
/** Past this an answer's body is counted, not kept. */
const MAX_BODY = 8 * 1024 * 1024;

const noAnswer = (error: string): Answer => ({
  status: null,
  headers: {},
  body: Buffer.alloc(0),
  complete: false,
  error,
});

export function send(
  target: Target,
  agent: http.Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let request: http.ClientRequest;
    try {
      request = http.request({
        host: target.host,
        port: target.port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: TIMEOUT_MS,
      });
    } catch (error) {
      done(noAnswer(`client: ${String(error)}`));
      return;
    }
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // An event stream (GET /api/dashboards/live) never ends by design: it is whole once its
      // first event has come, and the client then leaves.
      const stream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY) chunks.push(chunk);
        if (stream && Buffer.concat(chunks).includes('\n\n')) {
          finish(undefined, true);
          request.destroy();
        }
      });
      const finish = (error?: string, whole = response.complete) =>
        done({
          status: response.statusCode ?? null,
          headers: response.headers,
          body: Buffer.concat(chunks),
          complete: whole,
          ...(error ? { error } : {}),
        });
      response.on('end', () => finish());
      response.on('error', (error) => finish(error.message));
      response.on('close', () => finish(response.complete ? undefined : 'connection closed mid-answer'));
    });
    request.on('timeout', () => {
      request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`));
    });
    request.on('error', (error) => done(noAnswer(error.message)));
    request.end(body);
  });
}

/** A raw request over its own socket; the answer read until the server closes. */
export function sendRaw(target: Target, bytes: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(target.port, target.host);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(parseRaw(Buffer.concat(chunks), error));
    };
    socket.setTimeout(TIMEOUT_MS, () => finish(`no answer in ${TIMEOUT_MS} ms`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // The server may answer and close before the whole request is written (a huge URL).
    socket.on('error', (error) => (chunks.length ? finish() : finish(error.message)));
    socket.write(bytes);
  });
}

/** A chunked body decoded; `complete` once its last (empty) chunk came. */
function unchunk(received: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let rest = received;
  for (;;) {
    const end = rest.indexOf('\r\n');
    if (end < 0) break;
    const size = parseInt(rest.subarray(0, end).toString('latin1'), 16);
    if (!Number.isFinite(size)) break;
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    parts.push(rest.subarray(end + 2, end + 2 + size));
    rest = rest.subarray(end + 2 + size + 2);
  }
  return { body: Buffer.concat(parts), complete: false };
}

/** The answer in the bytes a raw socket received (after any interim 1xx). */
export function parseRaw(received: Buffer, error?: string): Answer {
  let data = received;
  // Interim answers (100 Continue) come before the real one.
  while (/^HTTP\/\d\.\d 1\d\d /.test(data.subarray(0, 16).toString('latin1')) && data.includes('\r\n\r\n'))
    data = data.subarray(data.indexOf('\r\n\r\n') + 4);
  const split = data.indexOf('\r\n\r\n');
  if (split < 0)
    return { status: null, headers: {}, body: data, complete: false, error: error ?? 'no answer (connection closed)' };
  const head = data.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(head[0] ?? '')?.[1] ?? NaN);
  const headers: http.IncomingHttpHeaders = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(split + 4);
  const { body, complete } = /chunked/i.test(String(headers['transfer-encoding'] ?? ''))
    ? unchunk(rest)
    : {
        body: rest,
        complete: headers['content-length'] === undefined || rest.length >= Number(headers['content-length']),
      };
  return {
    status: Number.isFinite(status) ? status : null,
    headers,
    body,
    complete,
    ...(error && !complete ? { error } : {}),
  };
}

/** One request on an agent of its own, for the preparation (not a case). */
async function once(target: Target, method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  const agent = new http.Agent();
  try {
    return await send(target, agent, method, path, headers, body);
  } finally {
    agent.destroy();
  }
}

/** A JSON POST with the XSRF pair. */
export function postJson(target: Target, path: string, xsrf: string, body: unknown): Promise<Answer> {
  const headers = { 'content-type': 'application/json', cookie: `${XSRF_COOKIE}=${xsrf}`, [XSRF_HEADER]: xsrf };
  return once(target, 'POST', path, headers, Buffer.from(JSON.stringify(body)));
}

/** A GET, its body parsed (null when it is not JSON). */
export async function getJson(
  target: Target,
  path: string,
  token?: string,
): Promise<{ status: number | null; json: unknown }> {
  const answer = await once(target, 'GET', path, token ? { authorization: `Token ${token}` } : {});
  try {
    return { status: answer.status, json: JSON.parse(answer.body.toString('utf8')) };
  } catch {
    return { status: answer.status, json: null };
  }
}
