import { createHash } from 'node:crypto';
import { imageLimitBytes, imageType } from '@canteiro/shared/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection.js';
import { userPictures, users } from '../db/schema/people.js';
import { ApiError } from '../errors.js';
import { recordAudit } from '../audit.js';
import { signedInUser } from '../plugins/authentication.js';
import { usersScope } from '../scope.js';
import { anyWebLevel } from '../crud/access.js';
import { allOf } from '../crud/list-query.js';
import { allowedCaller, pathId } from '../crud/resource.js';

/**
 * Profile pictures: POST /api/users/:id/picture (multipart, one field `file`) and GET of
 * the same path. JPEG or PNG only, recognised by the file's first bytes (a name or a
 * declared type proves nothing), up to MAX_IMAGE_MB. Stored in the database (user_pictures).
 */

export interface UserPictureRoutesOptions extends Record<string, unknown> {
  db: Database;
  maxImageMb: number;
}

const VERSION_LENGTH = 16;
const pictureUrl = (id: number, digest: string) => `/api/users/${id}/picture?v=${digest.slice(0, VERSION_LENGTH)}`;

const imageTooLarge = (maxSize: number) =>
  new ApiError(413, 'image_too_large', { file: 'image_too_large' }, { maxSize });

/** The one uploaded file, whole; refuses anything but a single file within the limit. */
async function readUpload(request: FastifyRequest, maxSize: number): Promise<Buffer> {
  const missing = new ApiError(400, 'validation_failed', { file: 'required' });
  let file;
  try {
    file = await request.file();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw missing;
    throw error;
  }
  if (!file || file.fieldname !== 'file') throw missing;
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(maxSize);
    throw error;
  }
}

export async function userPictureRoutes(
  app: FastifyInstance,
  { db, maxImageMb }: UserPictureRoutesOptions,
): Promise<void> {
  const { orm } = db;
  await app.register(multipart, {
    limits: { fileSize: imageLimitBytes(maxImageMb), files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/:id/picture',
    {
      schema: {
        summary: "Upload a user's profile picture (multipart/form-data, field `file`)",
        tags: ['users'],
        security: [{ token: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: { description: 'Saved.', type: 'object', properties: { profilePicture: { type: 'string' } } },
          400: { description: 'image_type (not a JPEG or PNG), or validation_failed.', $ref: 'ApiError#' },
          404: { description: 'not_found (or out of scope).', $ref: 'ApiError#' },
          413: { description: 'image_too_large; `maxSize` (MB) in the body.', $ref: 'ApiError#' },
        },
      },
    },
    async (request) => {
      const caller = allowedCaller(request, anyWebLevel);
      const id = pathId(request);
      const inScope = allOf([eq(users.id, id), usersScope(caller)]);
      const [target] = await orm.select({ picture: users.profilePicture }).from(users).where(inScope);
      if (!target) throw new ApiError(404, 'not_found');

      const content = await readUpload(request, maxImageMb);
      const contentType = imageType(content);
      if (!contentType) throw new ApiError(400, 'image_type', { file: 'image_type' }, { maxSize: maxImageMb });
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
      schema: {
        summary: "A user's profile picture (the caller's own, or a user in its scope)",
        tags: ['users'],
        security: [{ token: [] }],
        response: {
          200: { description: 'image/jpeg or image/png.' },
          404: { description: 'not_found (none, or out of scope).', $ref: 'ApiError#' },
        },
      },
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
      return reply
        .type(picture.contentType)
        .header('cache-control', cached ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(picture.content);
    },
  );
}
