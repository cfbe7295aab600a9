import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { constants, crc32, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_IMAGE_MEGAPIXELS, errorMessage } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { userPictures, users } from '../src/db/schema/people.js';
import { adminSuite } from './admin-fixtures.js';
import { multipart } from './helpers.js';
import type { Client, Person } from './admin-fixtures.js';

/**
 * Pictures that are not what they claim, uploads that are not well-formed multipart, and
 * files over the limit: refused as a whole, in the API's error shape, with nothing stored.
 */

let db: Database;
let people: Record<Person, number>;
let admin: Client;

adminSuite((context) => ({ db, people, admin } = context));

const MiB = 1024 * 1024;

/** A PNG chunk: length, type, data and its CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/**
 * A PNG whose header says `width` × `height` (8-bit RGBA unless told) and whose IDAT chunks
 * hold `data` as given: what it inflates to need not match the header.
 */
function pngWith(
  width: number,
  height: number,
  data: Buffer | Buffer[],
  { colour = 6, interlace = 0, extra = [] as Buffer[] } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colour, 0, 0, interlace], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...[data].flat().map((part) => chunk('IDAT', part)),
    ...extra,
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real RGBA PNG of the given size (one colour), with `extra` chunks before IEND. */
function png(width: number, height: number, extra: Buffer[] = []): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x80)]);
  return pngWith(width, height, deflateSync(Buffer.concat(Array.from({ length: height }, () => row))), { extra });
}

/** A real 8-bit grey PNG, all black: its rows of zeros deflate to about a thousandth of their size. */
const blackPng = (width: number, height: number) =>
  pngWith(width, height, deflateSync(Buffer.alloc(height * (1 + width))), { colour: 0 });

/** A real 2×1 JPEG, as Chromium's canvas encodes it (JFIF, ICC profile, baseline). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=',
  'base64',
);

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

function post(body: Buffer | string, contentType: string | undefined, userId = people.contractA1) {
  return admin.browser.request(`/api/users/${userId}/picture`, {
    method: 'POST',
    token: admin.token,
    body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
}

function upload(file: Buffer, options: Parameters<typeof multipart>[1] = {}) {
  const { body, contentType } = multipart(file, options);
  return post(body, contentType);
}

/** Nothing about the picture changed: no stored file, no URL on the user, no audit line. */
async function assertNothingStored() {
  assert.equal((await db.orm.select({ n: count() }).from(userPictures))[0]!.n, 0);
  const [user] = await db.orm.select().from(users).where(eq(users.id, people.contractA1));
  assert.equal(user?.profilePicture, null);
  assert.equal((await db.orm.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'picture')))[0]!.n, 0);
}

function assertError(response: LightMyRequestResponse, status: number, code: string, fields?: Record<string, string>) {
  assert.equal(response.statusCode, status, response.body.slice(0, 300));
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json() as { code: string; message: string; fields?: unknown };
  assert.equal(body.code, code);
  assert.equal(
    body.message,
    errorMessage(code).replace('{{maxSize, number}}', '2').replace('{{maxMegapixels}}', String(MAX_IMAGE_MEGAPIXELS)),
  );
  if (fields) assert.deepEqual(body.fields, fields);
}

describe('a picture over the limit', () => {
  for (const [label, size] of [
    ['2 MiB + 1000 B', 2 * MiB + 1000],
    ['12 MiB', 12 * MiB],
  ] as const) {
    test(`(${label}) is 413 image_too_large with the {maxSize} message, and nothing is stored`, async () => {
      // A real PNG padded with a private chunk: only its size is wrong.
      const file = png(1, 1, [chunk('zzPd', Buffer.alloc(size))]);
      const response = await upload(file);
      assertError(response, 413, 'image_too_large', { file: 'image_too_large' });
      assert.equal((response.json() as { maxSize: number }).maxSize, 2);
      assert.equal((response.json() as { message: string }).message, 'A imagem deve ter no máximo 2 MB.');
      await assertNothingStored();
    });
  }

  test('a file of exactly the limit is taken whole', async () => {
    const bare = png(1, 1, [chunk('zzPd', Buffer.alloc(0))]);
    const file = png(1, 1, [chunk('zzPd', Buffer.alloc(2 * MiB - bare.length))]);
    assert.equal(file.length, 2 * MiB);
    const response = await upload(file);
    assert.equal(response.statusCode, 200, response.body);
    const [stored] = await db.orm.select().from(userPictures);
    assert.equal(stored?.content.length, 2 * MiB);
  });
});

describe('a file that only starts like an image', () => {
  const valid = png(3, 2);
  const cases: [string, Buffer][] = [
    ['a PNG signature, then HTML', Buffer.concat([SIGNATURE, HTML])],
    ['a PNG signature, then SVG', Buffer.concat([SIGNATURE, SVG])],
    ['a whole PNG with HTML after IEND', Buffer.concat([valid, HTML])],
    ['a PNG with a chunk whose CRC is wrong', Buffer.from(valid).fill(0, 29, 33)],
    ['a PNG cut in the middle', valid.subarray(0, valid.length - 20)],
    ['a PNG without IDAT', Buffer.concat([SIGNATURE, valid.subarray(8, 33), chunk('IEND', Buffer.alloc(0))])],
    [
      'a PNG whose IHDR is not first',
      Buffer.concat([SIGNATURE, chunk('tEXt', Buffer.from('a\0b')), valid.subarray(8)]),
    ],
    ['a PNG 0 pixels wide', png(0, 1)],
    ['a PNG 20 000 pixels high (a bomb in a small file)', png(1, 20_000)],
    ['a JPEG start (SOI, APP0), then HTML', Buffer.concat([JPEG.subarray(0, 20), HTML])],
    ['a JPEG start, then SVG', Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), SVG])],
    ['a whole JPEG with HTML after EOI', Buffer.concat([JPEG, HTML])],
    ['a JPEG without its EOI', JPEG.subarray(0, JPEG.length - 2)],
    [
      'a JPEG whose frame says 0×0',
      Buffer.from(JPEG).fill(0, JPEG.indexOf('ffc00011', 0, 'hex') + 5, JPEG.indexOf('ffc00011', 0, 'hex') + 9),
    ],
    [
      'a JPEG with a segment longer than the file',
      Buffer.concat([Buffer.from('ffd8ffe0ffff', 'hex'), Buffer.alloc(40)]),
    ],
  ];
  for (const [label, file] of cases) {
    test(`${label}: 400 image_type, nothing stored`, async () => {
      const response = await upload(file);
      assertError(response, 400, 'image_type', { file: 'image_type' });
      await assertNothingStored();
    });
  }

  test('real pictures still pass: a PNG built here and a JPEG from a browser', async () => {
    for (const [file, type] of [
      [valid, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const response = await upload(file, { type });
      assert.equal(response.statusCode, 200, response.body);
      const { profilePicture } = response.json() as { profilePicture: string };
      const served = await admin.get(profilePicture);
      assert.equal(served.headers['content-type'], type);
      assert.deepEqual(served.rawPayload, file);
    }
  });
});

/** The JPEG with its frame header (SOF0) declaring another size; the rest of the file unchanged. */
function jpegOf(width: number, height: number): Buffer {
  const frame = JPEG.indexOf('ffc00011', 0, 'hex');
  const resized = Buffer.from(JPEG);
  resized.writeUInt16BE(height, frame + 5);
  resized.writeUInt16BE(width, frame + 7);
  return resized;
}

describe(`a picture of more than ${MAX_IMAGE_MEGAPIXELS} megapixels: refused whatever its bytes`, () => {
  async function assertTooManyPixels(file: Buffer) {
    const response = await upload(file);
    assertError(response, 400, 'image_dimensions', { file: 'image_dimensions' });
    const body = response.json() as { message: string; maxMegapixels: number };
    assert.equal(body.maxMegapixels, 60);
    assert.equal(body.message, 'A imagem deve ter no máximo 60 megapixels.');
    await assertNothingStored();
  }

  test('a real 97 KB PNG of 10 000 × 10 000 pixels (400 MB in a browser): 400 image_dimensions, nothing stored', async () => {
    const file = blackPng(10_000, 10_000);
    assert.ok(file.length < 100_000, `${file.length} B`);
    await assertTooManyPixels(file);
  });

  test('a 68-byte PNG claiming 10 000 × 10 000: 400 image_dimensions, nothing stored', async () => {
    const file = pngWith(10_000, 10_000, deflateSync(Buffer.alloc(3)), { colour: 0 });
    assert.equal(file.length, 68);
    await assertTooManyPixels(file);
  });

  test('a JPEG whose frame header claims 10 000 × 10 000, or 8 000 × 7 501: 400 image_dimensions', async () => {
    await assertTooManyPixels(jpegOf(10_000, 10_000));
    await assertTooManyPixels(jpegOf(8000, 7501));
  });

  test('the English message names the limit too', async () => {
    const { body, contentType } = multipart(jpegOf(10_000, 10_000));
    const response = await admin.browser.request(`/api/users/${people.contractA1}/picture`, {
      method: 'POST',
      token: admin.token,
      body,
      headers: { 'content-type': contentType, 'accept-language': 'en-US' },
    });
    assert.equal(response.statusCode, 400);
    assert.equal((response.json() as { message: string }).message, 'The image must have at most 60 megapixels.');
    await assertNothingStored();
  });
});

describe('a PNG whose data does not inflate to what its header says', () => {
  const MB = 1000 * 1000;
  const cases: [string, Buffer][] = [
    [
      'a 68-byte PNG claiming 7 000 × 7 000 (49 MP, within the limit): data far too short',
      pngWith(7000, 7000, deflateSync(Buffer.alloc(3)), { colour: 0 }),
    ],
    ['a 1×1 PNG whose data inflates to 50 MB (a bomb)', pngWith(1, 1, deflateSync(Buffer.alloc(50 * MB)))],
    [
      'a 1×1 PNG under 2 MiB whose data inflates to 2 GB (about the largest bomb the limit lets in)',
      pngWith(1, 1, zeroBomb(1900)),
    ],
    ['a 3×2 PNG with one byte of data too many', pngWith(3, 2, deflateSync(Buffer.alloc(2 * 13 + 1)))],
    ['a 3×2 PNG with one byte of data too few', pngWith(3, 2, deflateSync(Buffer.alloc(2 * 13 - 1)))],
    ['a 3×2 PNG whose zlib stream is cut (no checksum)', pngWith(3, 2, deflateSync(Buffer.alloc(26)).subarray(0, -4))],
    ['a 3×2 PNG whose data is not zlib at all', pngWith(3, 2, Buffer.from('<html></html>'))],
  ];
  test('(the bomb is a valid zlib stream: a small one inflates to exactly its size)', () => {
    assert.equal(inflateSync(zeroBomb(3)).length, 3 * MiB);
  });

  for (const [label, file] of cases) {
    test(`${label}: 400 image_type, nothing stored`, async () => {
      assert.ok(file.length < 2 * MiB);
      assertError(await upload(file), 400, 'image_type', { file: 'image_type' });
      await assertNothingStored();
    });
  }
});

describe('photo-sized pictures still pass the pixel and data checks', () => {
  const cases: [string, Buffer][] = [
    ['a 12 MP PNG (4032 × 3024, a phone photo)', blackPng(4032, 3024)],
    ['a 48 MP PNG (8064 × 6048, a phone at full resolution)', blackPng(8064, 6048)],
    [
      'an interlaced (Adam7) 3×2 PNG: seven passes, four of them with rows',
      pngWith(3, 2, deflateSync(Buffer.alloc(3 * (4 + 1) + (12 + 1))), { interlace: 1 }),
    ],
    ['a PNG whose data is split over several IDAT chunks', pngWith(3, 2, [Buffer.alloc(0), ...splitDeflate(26)])],
  ];
  for (const [label, file] of cases) {
    test(`${label}: taken and stored as sent`, async () => {
      const response = await upload(file);
      assert.equal(response.statusCode, 200, response.body);
      const [stored] = await db.orm.select().from(userPictures);
      assert.deepEqual(stored?.content, file);
    });
  }
});

/**
 * A valid zlib stream of `mebibytes` MiB of zeros, built without inflating anything: one
 * sync-flushed deflate block of 1 MiB of zeros (about 1 KB) repeated, then an empty final
 * block and the Adler-32 of that many zeros (a = 1, b = the count mod 65521).
 */
function zeroBomb(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { finishFlush: constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mebibytes * MiB) % 65521) * 65536 + 1) >>> 0);
  const blocks = Array.from({ length: mebibytes }, () => block);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...blocks, deflateRawSync(Buffer.alloc(0)), adler]);
}

/** `length` zero bytes deflated, cut into three IDAT-sized parts. */
function splitDeflate(length: number): Buffer[] {
  const whole = deflateSync(Buffer.alloc(length));
  return [whole.subarray(0, 3), whole.subarray(3, 7), whole.subarray(7)];
}

describe('serving a picture', () => {
  test('inline, never sniffed, under a CSP that lets nothing run', async () => {
    const { profilePicture } = (await upload(png(1, 1))).json() as { profilePicture: string };
    const served = await admin.get(profilePicture);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-disposition'], 'inline');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    const csp = String(served.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /sandbox/);
  });
});

describe('an upload that is not well-formed multipart', () => {
  const file = png(1, 1);

  test('no boundary: 400, not 500', async () => {
    const { body } = multipart(file);
    assertError(await post(body, 'multipart/form-data'), 400, 'validation_failed');
    assertError(await post(body, 'multipart/form-data; boundary='), 400, 'validation_failed');
    await assertNothingStored();
  });

  test('a boundary that is not the one used: 400', async () => {
    const { body } = multipart(file);
    assertError(await post(body, 'multipart/form-data; boundary=somethingelse'), 400, 'validation_failed');
    await assertNothingStored();
  });

  test('cut short, in the part headers or in the file: 400, nothing stored', async () => {
    const { body, contentType } = multipart(file);
    for (const length of [10, 60, body.length - 30, body.length - 5]) {
      assertError(await post(body.subarray(0, length), contentType), 400, 'validation_failed');
    }
    await assertNothingStored();
  });

  test('not multipart at all: 400 (or 415 for a type no parser takes) in the API shape', async () => {
    assertError(await post(file, 'image/png'), 415, 'validation_failed');
    assertError(await post('x', 'text/plain'), 400, 'validation_failed', { file: 'required' });
    assertError(await post('{}', 'application/json'), 400, 'validation_failed', { file: 'required' });
    // A content type no parser takes: Fastify's 415, in the API's shape.
    assertError(await post(Buffer.alloc(0), 'application/octet-stream'), 415, 'validation_failed');
    await assertNothingStored();
  });

  // (A lone surrogate cannot arrive here: part headers are bytes, and no UTF-8 decodes to one.)
  test('a NUL in the file name or the field name: 400 invalid_text', async () => {
    assertError(await upload(file, { filename: 'a\u0000.png' }), 400, 'invalid_text', { file: 'invalid_text' });
    assertError(await upload(file, { field: 'fi\u0000le' }), 400, 'invalid_text', { file: 'invalid_text' });
    await assertNothingStored();
  });
});
