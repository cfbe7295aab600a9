import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { HIERARCHY, ITEM_SCHEMAS, pickLocale } from '@canteiro/shared/domain';
import type { Entity, Locale } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { ApiError } from '../errors.js';
import { signedInUser } from '../plugins/authentication.js';
import type { Caller } from '../scope.js';
import { declaredAccess } from './access.js';
import type { Access } from './access.js';
import { resourceDocs } from './docs.js';
import type { ExportColumn, ExportFormat } from './export.js';
import { CONTENT_TYPES, EXPORT_FORMATS, csvStream, xlsxStream } from './export.js';
import { idText, parseListQuery } from './list-query.js';
import type { ReadModel } from './reads.js';
import { exportItems, findItem, listOptions, listPage } from './reads.js';
import type { RowAction, WriteModel } from './writes.js';
import { changeStatus, createItem, runRowAction, updateItem } from './writes.js';

/**
 * One resource, declared once: which entity of the hierarchy it is (its path, parents,
 * access and duplicate rules come from shared/domain/hierarchy.ts), how it is read (and
 * scoped), written and exported. `resourceRoutes` turns it into the routes of
 * ARCHITECTURE.md §4: GET / (list), /options, /export, /:id; POST /; PUT /:id;
 * PATCH /:id/status; POST /:id/<action> for its row actions.
 */

export interface ApiResource<Item, Input extends object> {
  /** The declared entity; its endpoint is the path under /api and the OpenAPI tag (`works`). */
  entity: Entity;
  read: ReadModel;
  /** Defaults to the declaration's (crud/access.ts `declaredAccess`). */
  access?: Access;
  /** Absent for a read-only list (surveys). */
  write?: WriteModel<Input>;
  /** Changes of state beyond edit and status, each `POST /:id/<name>` (needs `write`). */
  actions?: readonly RowAction[];
  export: ExportDefinition<Item>;
}

/** A download: its file name (before today's date) and its columns. */
export interface ExportDefinition<Item> {
  fileName: Record<Locale, string>;
  columns: readonly ExportColumn<Item>[];
}

export interface ResourceRoutesOptions extends Record<string, unknown> {
  db: Database;
  /** The sites' time zone (SITE_TIME_ZONE): the clock an export's instants are written on. */
  siteTimeZone: string;
}

/** An id of the path; anything else names no record. */
export function pathId(request: FastifyRequest): number {
  const parsed = v.safeParse(idText, (request.params as { id?: string }).id ?? '');
  if (!parsed.success) throw new ApiError(404, 'not_found');
  return parsed.output;
}

/** The caller, when its level may use this action; 403 forbidden otherwise. */
export function allowedCaller(request: FastifyRequest, allowed: ((caller: Caller) => boolean) | undefined): Caller {
  const caller = signedInUser(request);
  if (!allowed?.(caller)) throw new ApiError(403, 'forbidden');
  return caller;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The same batches, once the first has been read. Whatever fails later, once the download
 * has started, makes the stream fail, and Fastify then destroys the connection: the browser
 * sees a failed download, never a clean end of a truncated file.
 */
async function startedBatches<Batch>(batches: AsyncGenerator<Batch>): Promise<AsyncGenerator<Batch>> {
  const first = await batches.next();
  return (async function* rest() {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

/** `?format=csv|xlsx` of an export; 400 validation_failed otherwise. */
export function exportFormat(request: FastifyRequest): ExportFormat {
  const format = (request.query as { format?: unknown }).format ?? '';
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new ApiError(400, 'validation_failed', { format: format ? 'invalid_value' : 'required' });
  }
  return format as ExportFormat;
}

/** The language of a download: Accept-Language's, pt-BR by default. */
export const exportLocale = (request: FastifyRequest): Locale => pickLocale(request.headers['accept-language']);

/** Sends `body` as a download named `<name>-<today>.<format>` (crud/export.ts conventions). */
export function sendDownload(
  reply: FastifyReply,
  format: ExportFormat,
  name: string,
  body: Readable | Buffer | string,
): FastifyReply {
  return reply
    .type(CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}-${today()}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Sends `batches` as a CSV or XLSX download named after the export and today. The first
 * batch is read before any header or byte leaves: a query the database refuses is still an
 * ordinary error answer, never a 200 with half a file.
 */
export async function sendExport<Item>(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ExportFormat,
  { fileName, columns }: ExportDefinition<Item>,
  items: AsyncGenerator<Item[]>,
  timeZone: string,
): Promise<FastifyReply> {
  const locale = exportLocale(request);
  const reader = { locale, timeZone };
  const batches = await startedBatches(items);
  const body =
    format === 'csv'
      ? csvStream(columns, batches, reader)
      : xlsxStream(columns, batches, { ...reader, sheetName: fileName[locale] }, (error) =>
          request.log.error({ err: error }, 'export failed'),
        );
  return sendDownload(reply, format, fileName[locale], body);
}

/**
 * The routes of `resource`; `readModelOf` gives each entity's read model, through which its
 * parents are checked on writes (resources/registry.ts registers every resource with it).
 */
export function resourceRoutes<Item, Input extends object>(
  resource: ApiResource<Item, Input>,
  readModelOf: (entity: Entity) => ReadModel,
) {
  const { entity, read, write, actions = [] } = resource;
  const access = resource.access ?? declaredAccess(entity);
  const docs = resourceDocs({
    endpoint: HIERARCHY[entity].endpoint,
    singular: entity,
    shape: read,
    item: ITEM_SCHEMAS[entity],
    createSchema: write?.createSchema,
    updateSchema: write?.updateSchema,
    actions,
  });

  return async function routes(app: FastifyInstance, { db, siteTimeZone }: ResourceRoutesOptions): Promise<void> {
    const { orm } = db;

    async function foundItem(caller: Caller, id: number): Promise<Item> {
      const item = await findItem<Item>(orm, read, caller, id);
      if (!item) throw new ApiError(404, 'not_found');
      return item;
    }

    app.get('/', { schema: docs.list }, async (request) =>
      listPage<Item>(orm, read, allowedCaller(request, access.read), parseListQuery(read, request.query)),
    );

    const { optionLabel } = read;
    if (optionLabel) {
      app.get('/options', { schema: docs.options }, async (request) => {
        const caller = allowedCaller(request, access.options ?? access.read);
        const { filters } = parseListQuery(read, request.query);
        return listOptions(orm, { ...read, optionLabel }, caller, filters);
      });
    }

    app.get('/export', { schema: docs.export }, async (request, reply) => {
      const caller = allowedCaller(request, access.read);
      const format = exportFormat(request);
      const query = parseListQuery(read, request.query);
      const items = exportItems<Item>(orm, read, caller, query);
      return sendExport(request, reply, format, resource.export, items, siteTimeZone);
    });

    app.get('/:id', { schema: docs.read }, async (request) =>
      foundItem(allowedCaller(request, access.read), pathId(request)),
    );

    if (!write || !docs.create) return;
    const target = { entity, read, write, readModelOf };

    app.post('/', { schema: docs.create }, async (request, reply) => {
      const caller = allowedCaller(request, access.create);
      const id = await createItem(orm, target, caller, request.body);
      return reply.code(201).send(await foundItem(caller, id));
    });

    app.put('/:id', { schema: docs.update }, async (request) => {
      const caller = allowedCaller(request, access.update);
      const id = pathId(request);
      await updateItem(orm, target, caller, id, request.body);
      return foundItem(caller, id);
    });

    app.patch('/:id/status', { schema: docs.status }, async (request) => {
      const caller = allowedCaller(request, access.status);
      const id = pathId(request);
      await changeStatus(orm, target, caller, id, request.body);
      return foundItem(caller, id);
    });

    for (const action of actions) {
      app.post(`/:id/${action.name}`, { schema: docs[`action:${action.name}`] }, async (request) => {
        const caller = allowedCaller(request, (candidate) => action.access(candidate));
        const id = pathId(request);
        await runRowAction(orm, target, caller, id, action);
        return foundItem(caller, id);
      });
    }
  };
}
