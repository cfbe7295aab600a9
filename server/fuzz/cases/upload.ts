import { isUpload } from '../document.js';
import type { Expectation, FuzzCase } from '../types.js';
import { PNG, multipart, paddedPng } from './png.js';
import type { Scope } from './scope.js';
import { json } from './scope.js';

interface Upload {
  label: string;
  headers: Record<string, string>;
  body: Buffer;
  expect?: Expectation;
}

const BOUNDARY = 'fuzzboundary1234';
const TYPE = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const MUST_4XX: Expectation = { label: 'refused: 4xx', ok: (status) => status >= 400 && status < 500 };
const BAD_UPLOAD: Expectation = { label: 'bad upload: 400', ok: (status) => status === 400 };
const TOO_LARGE: Expectation = { label: 'too large: 413', ok: (status) => status === 413 };

const file = (filename: string, type: string, content: Buffer) => multipart(BOUNDARY, 'file', filename, type, content);

/** Files that are no picture: HTML or SVG behind a PNG signature. */
const disguised = (filename: string, type: string, text: string) =>
  file(filename, type, Buffer.concat([PNG.subarray(0, 8), Buffer.from(text)]));

function uploads(maxImageBytes: number): Upload[] {
  const whole = file('a.png', 'image/png', PNG);
  return [
    { label: 'a valid 1×1 PNG', headers: TYPE, body: whole },
    {
      label: 'multipart without boundary',
      headers: { 'content-type': 'multipart/form-data' },
      body: whole,
      expect: BAD_UPLOAD,
    },
    { label: 'multipart cut short', headers: TYPE, body: whole.subarray(0, whole.length - 30), expect: BAD_UPLOAD },
    { label: 'empty multipart body', headers: TYPE, body: Buffer.alloc(0), expect: BAD_UPLOAD },
    {
      label: 'PNG signature then HTML',
      headers: TYPE,
      body: disguised('a.png', 'image/png', '<html><script>alert(1)</script></html>'),
      expect: MUST_4XX,
    },
    {
      label: 'PNG signature then SVG',
      headers: TYPE,
      body: disguised('a.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      expect: MUST_4XX,
    },
    {
      label: 'picture over the limit by 1000 B',
      headers: TYPE,
      body: file('big.png', 'image/png', paddedPng(maxImageBytes + 1000)),
      expect: TOO_LARGE,
    },
    {
      label: 'picture 3 times the limit',
      headers: TYPE,
      body: file('big.png', 'image/png', paddedPng(3 * maxImageBytes)),
      expect: TOO_LARGE,
    },
    {
      label: 'no file part',
      headers: TYPE,
      body: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
      ),
      expect: MUST_4XX,
    },
    {
      label: 'file field with NUL in its name',
      headers: TYPE,
      body: file('a\u0000.png', 'image/png', PNG),
      expect: MUST_4XX,
    },
    { label: 'JSON instead of multipart', ...json('{"file":"x"}'), expect: MUST_4XX },
  ];
}

/** Multipart uploads: the valid picture under every session, the hostile ones under the first that gets in. */
export function uploadCases(scope: Scope): FuzzCase[] {
  if (!isUpload(scope.operation)) return [];
  return uploads(scope.context.maxImageBytes).flatMap((upload) =>
    (upload.label.startsWith('a valid') ? scope.sessions : scope.deep.slice(0, 1)).map((session) => ({
      ...scope.common,
      path: scope.fillPath(),
      family: 'upload' as const,
      variant: `upload: ${upload.label}`,
      session,
      headers: upload.headers,
      body: upload.body,
      ...(upload.expect ? { expect: upload.expect } : {}),
      core: session !== 'none',
    })),
  );
}
