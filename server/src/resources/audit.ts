import type { FastifyInstance, FastifySchema } from 'fastify';
import { sql } from 'drizzle-orm';
import { AUDIT_ENTITIES, auditDatesSchema, auditEntryItemSchema } from '@canteiro/shared/domain';
import type { AuditEntryItem } from '@canteiro/shared/domain';
import type { Database } from '../db/connection.js';
import { auditLog } from '../db/schema/audit.js';
import { users } from '../db/schema/people.js';
import { ApiError, parseBody } from '../errors.js';
import { adminOnly } from '../crud/access.js';
import { resourceDocs } from '../crud/docs.js';
import type { ListQuery } from '../crud/list-query.js';
import { parseListQuery, textSort, valueSort } from '../crud/list-query.js';
import type { ReadModel } from '../crud/reads.js';
import { columnList, exportItems, isoTimestamp, listPage } from '../crud/reads.js';
import type { ExportDefinition } from '../crud/resource.js';
import { allowedCaller, exportFormat, sendExport } from '../crud/resource.js';

/**
 * The audit trail, read (/api/audit, admins only; docs/server.md): every write of the
 * back-office with its author, newest first, filterable by entity (`?entity=packages`), author
 * (`?actor=`, a user's id) and site days (`?from=&to=`, `to` included), searchable by author.
 */

const actorName = sql`coalesce(${users.firstName}, ${users.email})`;

export const auditReadModel: ReadModel = {
  table: { id: auditLog.id },
  from: sql`${auditLog} left join ${users} on ${users.id} = ${auditLog.actorId}`,
  columns: columnList({
    id: auditLog.id,
    at: isoTimestamp(auditLog.at),
    actor: auditLog.actorId,
    actorName,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    // Both sides named, null when the entry has none (a creation has no before).
    changes: sql`case when ${auditLog.changes} is null then null
      else jsonb_build_object('before', ${auditLog.changes}->'before', 'after', ${auditLog.changes}->'after') end`,
  }),
  search: [users.firstName, users.email],
  sorts: {
    at: valueSort(auditLog.at, 'timestamptz'),
    actorName: textSort(actorName),
    // The lists' generic `sort=name`: the author.
    name: textSort(actorName),
    entity: textSort(auditLog.entity),
    action: textSort(auditLog.action),
  },
  defaultSort: { key: 'at', order: 'desc' },
  filters: { entity: { column: auditLog.entity, values: AUDIT_ENTITIES }, actor: auditLog.actorId },
  scope: () => undefined,
};

const AUDIT_EXPORT: ExportDefinition<AuditEntryItem> = {
  fileName: { 'pt-BR': 'auditoria', 'en-US': 'audit' },
  columns: [
    { header: 'id', value: (entry) => entry.id },
    { header: 'createdAt', value: (entry) => entry.at, format: 'datetime' },
    { header: 'user', value: (entry) => entry.actorName },
    { header: 'action', value: (entry) => entry.action },
    { header: 'entity', value: (entry) => entry.entity },
    { header: 'entityId', value: (entry) => entry.entityId },
    { header: 'before', value: (entry) => (entry.changes?.before ? JSON.stringify(entry.changes.before) : null) },
    { header: 'after', value: (entry) => (entry.changes?.after ? JSON.stringify(entry.changes.after) : null) },
  ],
};

const DATE_PARAMETERS = {
  from: { type: 'string', format: 'date', description: 'First site day (YYYY-MM-DD).' },
  to: {
    type: 'string',
    format: 'date',
    description: 'Last site day, included. Not before `from` (from_after_to on from).',
  },
};

/** The kit's list query, plus the days as conditions on the site's clock; every bad parameter at once. */
function auditQuery(raw: unknown, timeZone: string): ListQuery {
  const fields: Record<string, string> = {};
  let list: ListQuery | undefined;
  let days: { from?: string; to?: string } | undefined;
  try {
    list = parseListQuery(auditReadModel, raw);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fields, error.fields);
  }
  try {
    days = parseBody(auditDatesSchema, raw);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(fields, error.fields);
  }
  if (!list || !days) throw new ApiError(400, 'validation_failed', fields);
  const dayStart = (day: string) => sql`((${day}::date)::timestamp at time zone ${timeZone})`;
  const conditions = [
    ...list.filters,
    ...(days.from ? [sql`${auditLog.at} >= ${dayStart(days.from)}`] : []),
    ...(days.to ? [sql`${auditLog.at} < ((${days.to}::date + 1)::timestamp at time zone ${timeZone})`] : []),
  ];
  return { ...list, filters: conditions };
}

function withDates(schema: FastifySchema | undefined): FastifySchema {
  const query = (schema?.querystring ?? { type: 'object', properties: {} }) as { properties: Record<string, unknown> };
  const { includeInactive: _ignored, ...properties } = query.properties;
  return { ...schema, querystring: { ...query, properties: { ...properties, ...DATE_PARAMETERS } } };
}

export interface AuditRoutesOptions extends Record<string, unknown> {
  db: Database;
  siteTimeZone: string;
}

export async function auditRoutes(app: FastifyInstance, { db, siteTimeZone }: AuditRoutesOptions): Promise<void> {
  const docs = resourceDocs({
    endpoint: 'audit',
    singular: 'audit-entry',
    shape: auditReadModel,
    item: auditEntryItemSchema,
  });
  app.get('/', { schema: withDates(docs.list) }, async (request) => {
    const caller = allowedCaller(request, adminOnly);
    return listPage(db.orm, auditReadModel, caller, auditQuery(request.query, siteTimeZone));
  });
  app.get('/export', { schema: withDates(docs.export) }, async (request, reply) => {
    const caller = allowedCaller(request, adminOnly);
    const format = exportFormat(request);
    const items = exportItems<AuditEntryItem>(db.orm, auditReadModel, caller, auditQuery(request.query, siteTimeZone));
    return sendExport(request, reply, format, AUDIT_EXPORT, items, siteTimeZone);
  });
}
