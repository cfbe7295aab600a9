import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { auditLog } from '../src/db/schema/audit.js';
import { userPictures, users } from '../src/db/schema/people.js';
import { Browser, multipart, startApp } from './helpers.js';
import { Client, adminSuite } from './admin-fixtures.js';
import type { Person } from './admin-fixtures.js';

/** Profile pictures: JPEG/JPG/PNG by content (spec §5), up to MAX_IMAGE_MB, in scope. */

let db: Database;
let app: FastifyInstance;
let people: Record<Person, number>;
let admin: Client;

adminSuite((context) => ({ db, app, people, admin } = context));

/** A real 1×1 PNG and a real 2×1 JPEG (Chromium's canvas): the whole file is checked, not only its start. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=',
  'base64',
);

/** The PNG grown by `size` bytes of a private chunk before IEND: still a valid PNG. */
function paddedPng(size: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write('zzPd', 4, 'latin1');
  const data = Buffer.alloc(size);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([PNG.subarray(0, PNG.length - 12), head, data, crc, PNG.subarray(PNG.length - 12)]);
}

function upload(client: Client, userId: number, file: Buffer, filename: string, type: string, field = 'file') {
  const { body, contentType } = multipart(file, { field, filename, type });
  return client.browser.request(`/api/users/${userId}/picture`, {
    method: 'POST',
    token: client.token,
    body,
    headers: { 'content-type': contentType },
  });
}

describe('uploading a picture', () => {
  test('accepts a PNG even named .txt, serves it, and puts its URL on the user and the sign-in', async () => {
    const response = await upload(admin, people.contractA1, PNG, 'photo.txt', 'text/plain');
    assert.equal(response.statusCode, 200);
    const { profilePicture } = response.json() as { profilePicture: string };
    assert.match(profilePicture, new RegExp(`^/api/users/${people.contractA1}/picture\\?v=[0-9a-f]{16}$`));

    const served = await admin.get(profilePicture);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['cache-control'], 'private, max-age=31536000, immutable');
    assert.deepEqual(served.rawPayload, PNG);

    const item = (await admin.get(`/api/users/${people.contractA1}`)).json() as { profilePicture: string };
    assert.equal(item.profilePicture, profilePicture);
    const login = (await new Browser(app).login('contractA1@t.test')).json() as LoginResponse;
    assert.equal(login.user.profile_picture, profilePicture);
  });

  test('accepts a JPEG, and a new picture replaces the old one under a new URL', async () => {
    const first = (await upload(admin, people.workA1, PNG, 'a.png', 'image/png')).json() as { profilePicture: string };
    const second = await upload(admin, people.workA1, JPEG, 'b.jpg', 'image/jpeg');
    const { profilePicture } = second.json() as { profilePicture: string };
    assert.notEqual(profilePicture, first.profilePicture);
    const served = await admin.get(profilePicture);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    assert.equal((await db.orm.select().from(userPictures)).length, 1);
    assert.equal((await admin.get(first.profilePicture)).headers['cache-control'], 'private, no-cache');
  });

  test('refuses a text file named .png, with the type message of spec §5', async () => {
    const response = await upload(
      admin,
      people.contractA1,
      Buffer.from('not an image at all'),
      'evil.png',
      'image/png',
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      code: 'image_type',
      message: 'A imagem deve ser JPEG, JPG ou PNG de até 2 MB.',
      fields: { file: 'image_type' },
      maxSize: 2,
    });
    const [user] = await db.orm.select().from(users).where(eq(users.id, people.contractA1));
    assert.equal(user?.profilePicture, null);
  });

  test('refuses a file over MAX_IMAGE_MB with 413 and the size in the message', async () => {
    const big = paddedPng(2 * 1024 * 1024);
    const response = await upload(admin, people.contractA1, big, 'big.png', 'image/png');
    assert.equal(response.statusCode, 413);
    assert.deepEqual(response.json(), {
      code: 'image_too_large',
      message: 'A imagem deve ter no máximo 2 MB.',
      fields: { file: 'image_too_large' },
      maxSize: 2,
    });
    assert.equal((await db.orm.select().from(userPictures)).length, 0);
  });

  test('the limit is a setting, and the English message says it too', async () => {
    const small = await startApp(db, { maxImageMb: 0.5 });
    try {
      const client = await Client.of(small, 'admin', 'en-US');
      const file = paddedPng(600 * 1024);
      const response = await upload(client, people.contractA1, file, 'a.png', 'image/png');
      assert.equal(response.statusCode, 413);
      assert.equal((response.json() as { message: string }).message, 'The image must be at most 0.5 MB.');
      // The screens read the same setting before they upload, without a session.
      assert.deepEqual((await small.inject({ url: '/api/settings' })).json(), { maxImageMb: 0.5 });
      assert.deepEqual((await app.inject({ url: '/api/settings' })).json(), { maxImageMb: 2 });
      assert.equal((await upload(admin, people.contractA1, file, 'a.png', 'image/png')).statusCode, 200);
    } finally {
      await small.close();
    }
  });

  test('needs a file in the field `file`', async () => {
    const wrongField = await upload(admin, people.contractA1, PNG, 'a.png', 'image/png', 'picture');
    assert.deepEqual((wrongField.json() as { fields: unknown }).fields, { file: 'required' });
    const json = await admin.post(`/api/users/${people.contractA1}/picture`, { file: 'x' });
    assert.equal(json.statusCode, 400);
  });

  test('is written to the audit trail, without the bytes', async () => {
    await upload(admin, people.contractA1, PNG, 'a.png', 'image/png');
    const [row] = await db.orm.select().from(auditLog).where(eq(auditLog.action, 'picture'));
    assert.deepEqual([row?.actorId, row?.entity, row?.entityId], [people.admin, 'users', people.contractA1]);
    assert.deepEqual((row?.changes as { after: { bytes: number } }).after.bytes, PNG.length);
  });
});

describe('pictures and scope', () => {
  test('a user outside the scope can neither upload nor see the picture', async () => {
    const { profilePicture } = (await upload(admin, people.contractA1, PNG, 'a.png', 'image/png')).json() as {
      profilePicture: string;
    };
    const other = await Client.of(app, 'baseB');
    assert.equal((await other.get(profilePicture)).statusCode, 404);
    assert.equal((await upload(other, people.contractA1, JPEG, 'b.jpg', 'image/jpeg')).statusCode, 404);
    const sameContract = await Client.of(app, 'contractA1b');
    assert.equal((await sameContract.get(profilePicture)).statusCode, 404);
    assert.equal((await admin.get(profilePicture)).headers['content-type'], 'image/png', 'unchanged');
  });

  test('every user sees its own picture, and the picture needs a session', async () => {
    const { profilePicture } = (await upload(admin, people.reporterA1, PNG, 'a.png', 'image/png')).json() as {
      profilePicture: string;
    };
    const browser = new Browser(app);
    const { token } = (await browser.login('reporterA1@t.test', 'demo1234', false)).json() as { token: string };
    assert.equal((await browser.request(profilePicture, { token })).statusCode, 200);
    assert.equal((await browser.request(profilePicture)).statusCode, 401);
  });

  test('a reporter on its temporary password sees it from the app, which has no password change', async () => {
    const { profilePicture } = (await upload(admin, people.reporterA1, PNG, 'a.png', 'image/png')).json() as {
      profilePicture: string;
    };
    await db.orm.update(users).set({ firstAccess: true }).where(eq(users.id, people.reporterA1));
    // As the app signs in: /api/mobile/login, no cookie, no XSRF header.
    const phone = new Browser(app);
    const signedIn = (
      await app.inject({
        method: 'POST',
        url: '/api/mobile/login',
        payload: { email: 'reporterA1@t.test', password: 'demo1234' },
      })
    ).json() as LoginResponse;
    assert.equal(signedIn.user.permission_set.first_access, true);
    assert.equal(signedIn.user.profile_picture, profilePicture);
    const served = await phone.request(profilePicture, { token: signedIn.token });
    assert.equal(served.statusCode, 200, served.body);
    assert.deepEqual(served.rawPayload, PNG);

    // A back-office session on its temporary password still changes it first.
    await upload(admin, people.contractA1, PNG, 'a.png', 'image/png');
    await db.orm.update(users).set({ firstAccess: true }).where(eq(users.id, people.contractA1));
    const browser = new Browser(app);
    const token = await browser.signIn('contractA1@t.test');
    const refused = await browser.request(`/api/users/${people.contractA1}/picture`, { token });
    assert.equal(refused.statusCode, 409);
    assert.equal((refused.json() as { code: string }).code, 'password_change_required');
  });
});
