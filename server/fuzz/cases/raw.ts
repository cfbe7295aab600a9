import type { Expectation, FuzzCase, FuzzContext } from '../types.js';

const XSRF: Expectation = { label: 'XSRF refused: 403 (or 404)', ok: (status) => status === 403 || status === 404 };

type RawRequest = { variant: string; raw: string | Buffer; expect?: Expectation };

const get = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {{TOKEN}}\r\n${extra}Connection: close\r\n\r\n`;

/** A valid create sent to spellings of its URL the XSRF check must still recognise. */
function xsrfByUrlText(context: FuzzContext): RawRequest[] {
  const body = JSON.stringify(
    context.bodies.get('POST /api/bases') ?? { name: 'Fuzz raw', state: 'SP', isActive: true },
  );
  const post = (target: string) =>
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {{TOKEN}}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
  return [
    { variant: 'absolute-form request line, no XSRF', raw: post('http://localhost/api/bases'), expect: XSRF },
    {
      variant: 'absolute-form request line to 127.0.0.1, no XSRF',
      raw: post('http://127.0.0.1/api/bases/'),
      expect: XSRF,
    },
    { variant: '/%61pi/bases, no XSRF', raw: post('/%61pi/bases'), expect: XSRF },
    { variant: '//api/bases, no XSRF', raw: post('//api/bases'), expect: XSRF },
    { variant: '/api/./bases, no XSRF', raw: post('/api/./bases'), expect: XSRF },
    { variant: '/API/bases, no XSRF', raw: post('/API/bases'), expect: XSRF },
  ];
}

/** Oversized or malformed requests for Node's own HTTP parser. */
const FRAMING: RawRequest[] = [
  {
    variant: '100 000-character URL',
    raw: get(`/api/bases/?search=${'x'.repeat(100_000)}`),
    expect: { label: 'too long: 414/431', ok: (status) => status === 414 || status === 431 },
  },
  {
    variant: 'header block over 16 KB',
    raw: get('/api/health', `X-Fill: ${'a'.repeat(17_000)}\r\n`),
    expect: { label: 'too large: 431', ok: (status) => status === 431 },
  },
  { variant: 'raw UTF-8 in the path', raw: Buffer.from(get('/api/bases/é€😀'), 'utf8') },
  { variant: 'NUL in a header value', raw: get('/api/health', 'X-Bad: a\u0000b\r\n') },
  { variant: 'space in a header name', raw: get('/api/health', 'Bad Header: 1\r\n') },
  {
    variant: 'Content-Length and Transfer-Encoding',
    raw:
      'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n' +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
  },
  {
    variant: 'bad chunk size',
    raw:
      'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
  {
    variant: 'two different Content-Length',
    raw:
      'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}',
  },
  { variant: 'HTTP/9.9', raw: 'GET /api/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n' },
  { variant: 'Expect: an unknown expectation', raw: get('/api/health', 'Expect: fuzz\r\n') },
  {
    variant: 'Expect: 100-continue',
    raw:
      'POST /api/authentication/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Expect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
  },
  { variant: 'Upgrade: websocket', raw: get('/api/health', 'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n') },
  { variant: 'HTTP/1.0 without Host', raw: 'GET /api/health HTTP/1.0\r\n\r\n' },
];

/** Requests only a raw socket can send: Node's parser and the XSRF check by URL text. */
export function rawCases(context: FuzzContext): FuzzCase[] {
  return [...xsrfByUrlText(context), ...FRAMING].map(({ variant, raw, expect }) => ({
    operation: `raw ${variant}`,
    method: 'RAW',
    path: '',
    family: 'raw' as const,
    variant,
    session: 'admin' as const,
    raw,
    ...(expect ? { expect } : {}),
    core: true,
  }));
}
