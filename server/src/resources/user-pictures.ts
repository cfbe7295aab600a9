import { createHash } from 'node:crypto';
import { createInflate } from 'node:zlib';
import { MAX_IMAGE_MEGAPIXELS, imageInfo, imageLimitBytes, tooManyPixels } from '@canteiro/shared/domain';
import type { ImageContentType, PngData } from '@canteiro/shared/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database } from '../db/connection.js';
import { userPictures, users } from '../db/schema/people.js';
import { ApiError } from '../errors.js';
import { assertCleanText } from '../plugins/input-text.js';
import { ID_PARAM, operation } from '../openapi/operation.js';
import { recordAudit } from '../audit.js';
import { signedInUser } from '../plugins/authentication.js';
import { usersScope } from '../scope.js';
import { anyWebLevel } from '../crud/access.js';
import { allOf } from '../crud/list-query.js';
import { allowedCaller, pathId } from '../crud/resource.js';

/**
 * Profile pictures: POST /api/users/:id/picture (multipart, one field `file`) and GET of
 * the same path. JPEG or PNG only, recognised by the file's content (a name or a declared
 * type proves nothing): the signature, then the whole structure and the dimensions
 * (`imageInfo`), at most MAX_IMAGE_MEGAPIXELS, and a PNG's data inflated to exactly what its
 * header says. Up to MAX_IMAGE_MB, whole or not at all. Stored in the database (user_pictures).
 */

export interface UserPictureRoutesOptions extends Record<string, unknown> {
  db: Database;
  maxImageMb: number;
}

const VERSION_LENGTH = 16;
const pictureUrl = (id: number, digest: string) => `/api/users/${id}/picture?v=${digest.slice(0, VERSION_LENGTH)}`;

/** A picture is data, never a document: nothing in it may run, load or frame anything. */
const PICTURE_CSP = "default-src 'none'; sandbox";

const imageTooLarge = (maxSize: number) =>
  new ApiError(413, 'image_too_large', { file: 'image_too_large' }, { maxSize });

/**
 * Whether a PNG's image data inflates to exactly the length its header implies: not more (a
 * small file unpacking into a huge bitmap), not less (data too short for the size it claims).
 * Streamed and counted, never kept: inflating stops at the first output chunk past the
 * length, so a 1×1 PNG whose data would inflate to 2 GB costs 16 KB and a few milliseconds,
 * and a real photo's data is never held whole. zlib runs off the event loop.
 */
function inflatesWhole({ chunks, inflatedLength }: PngData): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let inflated = 0;
    const settle = (whole: boolean) => {
      inflate.destroy();
      resolve(whole);
    };
    inflate.on('data', (output: Buffer) => {
      inflated += output.length;
      if (inflated > inflatedLength) settle(false);
    });
    inflate.on('end', () => settle(inflated === inflatedLength));
    // A cut stream, a wrong checksum, anything that is not zlib: a malformed PNG.
    inflate.on('error', () => settle(false));
    for (const chunk of chunks) inflate.write(chunk);
    inflate.end();
  });
}

/**
 * The picture's type, once its content is known to be one: 400 image_type for anything but a
 * whole, well-formed JPEG or PNG (a PNG bomb included), 400 image_dimensions over
 * MAX_IMAGE_MEGAPIXELS (read from the header, before anything is inflated).
 */
async function pictureType(content: Buffer, maxImageMb: number): Promise<ImageContentType> {
  const info = imageInfo(content);
  const imageTypeError = () => new ApiError(400, 'image_type', { file: 'image_type' }, { maxSize: maxImageMb });
  if (!info) throw imageTypeError();
  if (tooManyPixels(info)) {
    throw new ApiError(400, 'image_dimensions', { file: 'image_dimensions' }, { maxMegapixels: MAX_IMAGE_MEGAPIXELS });
  }
  if (info.pngData && !(await inflatesWhole(info.pngData))) throw imageTypeError();
  return info.contentType;
}

/** The upload itself is malformed (no boundary, cut short, not multipart): 400, never a 500. */
const badUpload = () => new ApiError(400, 'validation_failed', { file: 'invalid_value' });

/**
 * Errors of @fastify/multipart and busboy, by what the client did wrong. Anything else (and
 * our own ApiErrors) passes through unchanged.
 */
function uploadError(error: unknown, maxSize: number): unknown {
  if (error instanceof ApiError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageTooLarge(maxSize);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(400, 'validation_failed', { file: 'required' });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'ERR_STREAM_PREMATURE_CLOSE': // the body ended before the multipart did (cut short)
      return badUpload();
  }
  // busboy's own words for a body that is not the multipart it announced.
  const text = typeof message === 'string' ? message : '';
  if (/boundary|unexpected end|malformed|multipart|terminated early|part header/i.test(text)) return badUpload();
  return error;
}

/**
 * The one uploaded file, whole, read to its end; refuses anything but a single file named
 * `file` within the limit. A file over the limit is refused as a whole (413): busboy stops
 * keeping bytes at the limit and marks the stream `truncated`, which is checked here, so a
 * cut file is never taken for the picture.
 */
async function readUpload(request: FastifyRequest, maxSize: number, limitBytes: number): Promise<Buffer> {
  try {
    const file = await request.file();
    assertCleanText(file?.fieldname, 'file');
    assertCleanText(file?.filename, 'file');
    if (!file || file.fieldname !== 'file') throw new ApiError(400, 'validation_failed', { file: 'required' });
    const content = await file.toBuffer();
    if (file.file.truncated || content.length > limitBytes) throw imageTooLarge(maxSize);
    return content;
  } catch (error) {
    throw uploadError(error, maxSize);
  }
}

export async function userPictureRoutes(
  app: FastifyInstance,
  { db, maxImageMb }: UserPictureRoutesOptions,
): Promise<void> {
  const { orm } = db;
  const limitBytes = imageLimitBytes(maxImageMb);
  await app.register(multipart, {
    limits: { fileSize: limitBytes, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/:id/picture',
    {
      schema: operation({
        operationId: 'uploadUserPicture',
        summary: "Upload a user's profile picture (multipart/form-data, field `file`)",
        tags: ['users'],
        params: ID_PARAM,
        consumes: ['multipart/form-data'],
        rawBody: {
          type: 'object',
          properties: { file: { type: 'string', format: 'binary', description: 'A JPEG or PNG.' } },
          required: ['file'],
        },
        answers: { 200: { description: 'Saved.', schema: v.object({ profilePicture: v.string() }) } },
        errors: {
          400: 'image_type (not a whole, well-formed JPEG or PNG; `maxSize` in the body), image_dimensions (over `maxMegapixels` megapixels, in the body), validation_failed (no file, not well-formed multipart) or invalid_text.',
          403: 'forbidden: a reporter never manages pictures.',
          404: 'not_found (or out of scope).',
          413: 'image_too_large; `maxSize` (MB) in the body.',
        },
      }),
    },
    async (request) => {
      const caller = allowedCaller(request, anyWebLevel);
      const id = pathId(request);
      const inScope = allOf([eq(users.id, id), usersScope(caller)]);
      const [target] = await orm.select({ picture: users.profilePicture }).from(users).where(inScope);
      if (!target) throw new ApiError(404, 'not_found');

      const content = await readUpload(request, maxImageMb, limitBytes);
      // The whole file's structure and dimensions, not only its first bytes.
      const contentType = await pictureType(content, maxImageMb);
      const digest = createHash('sha256').update(content).digest('hex');
      const profilePicture = pictureUrl(id, digest);

      await orm.transaction(async (tx) => {
        const [updated] = await tx.update(users).set({ profilePicture }).where(inScope).returning({ id: users.id });
        if (!updated) throw new ApiError(404, 'not_found');
        await tx
          .insert(userPictures)
          .values({ userId: id, contentType, content, digest })
          .onConflictDoUpdate({
            target: userPictures.userId,
            set: { contentType, content, digest, updatedAt: sql`now()` },
          });
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'picture',
          entity: 'users',
          entityId: id,
          changes: {
            before: { profilePicture: target.picture },
            after: { profilePicture, contentType, bytes: content.length },
          },
        });
      });
      return { profilePicture };
    },
  );

  app.get(
    '/:id/picture',
    {
      // The sign-in answer's profile_picture points here, for the mobile app as for the web.
      config: { anyChannel: true },
      schema: operation({
        operationId: 'getUserPicture',
        summary: "A user's profile picture (the caller's own, or a user in its scope)",
        tags: ['users'],
        params: ID_PARAM,
        query: {
          type: 'object',
          properties: {
            v: { type: 'string', description: "The picture's version, as profile_picture names it: kept a year." },
          },
        },
        answers: {
          200: {
            description: "The picture: inline, nosniff, CSP default-src 'none'; sandbox.",
            files: ['image/jpeg', 'image/png'],
          },
        },
        errors: { 404: 'not_found (none, or out of scope).' },
      }),
    },
    async (request, reply) => {
      const caller = signedInUser(request);
      const id = pathId(request);
      const scope = usersScope(caller);
      const [picture] = await orm
        .select({ contentType: userPictures.contentType, content: userPictures.content, digest: userPictures.digest })
        .from(userPictures)
        .innerJoin(users, eq(users.id, userPictures.userId))
        .where(and(eq(users.id, id), scope && or(eq(users.id, caller.id), scope)));
      if (!picture) throw new ApiError(404, 'not_found');
      // The URL carries the content's digest: that exact URL never changes, any other revalidates.
      const version = (request.query as { v?: string }).v;
      const cached = version === picture.digest.slice(0, VERSION_LENGTH);
      return (
        reply
          .type(picture.contentType)
          .header('cache-control', cached ? 'private, max-age=31536000, immutable' : 'private, no-cache')
          // Shown in place, never sniffed as another type, and inert even if opened on its own.
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', PICTURE_CSP)
          .send(picture.content)
      );
    },
  );
}
