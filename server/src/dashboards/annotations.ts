import type { FastifyInstance, FastifySchema } from 'fastify';
import { desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  ANNOTATIONS_LISTED,
  annotationChangeSchema,
  annotationInputSchema,
  annotationListSchema,
  annotationSchema,
  annotationWindows,
  mayChangeAnnotation,
  shareDifference,
  weekDays,
} from '@canteiro/shared/domain';
import type { Annotation, AnnotationList, ClassTotals } from '@canteiro/shared/domain';
import type { Config } from '../config.js';
import type { Database, Orm } from '../db/connection.js';
import { annotations } from '../db/schema/dashboards.js';
import { contracts } from '../db/schema/organisation.js';
import { users } from '../db/schema/people.js';
import { recordAudit } from '../audit.js';
import { anyWebLevel } from '../crud/access.js';
import { allOf } from '../crud/list-query.js';
import { allowedCaller, pathId } from '../crud/resource.js';
import { ApiError, parseBody } from '../errors.js';
import { ID_PARAM, operation } from '../openapi/operation.js';
import { filterProperties } from '../reports/docs.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';
import type { DashboardContext } from './context.js';
import { dashboardContext } from './context.js';
import { totalsOver } from './fragments.js';

/**
 * Annotations (docs/dashboards.md, "Annotations"): events a user marks on a contract's time
 * axis. Scoped like the contract: whoever may open the contract's dashboards reads and adds
 * them; only the author or a higher level (`mayChangeAnnotation`) changes or removes one.
 * Every write is in the audit log. Each listed annotation carries the before/after
 * comparison of DOMAIN.md §5 under the request's filters.
 */

const tags = ['annotations'];

/** The first and last days the filters keep (`from`–`to` crossed with the week), each end optional. */
function filterDays(filters: DashboardContext['filters']): { first?: string; last?: string } {
  const week = filters.week ? weekDays(filters.week) : null;
  const firsts = [filters.from, week?.from].filter((day): day is string => day !== undefined).sort();
  const lasts = [filters.to, week?.to].filter((day): day is string => day !== undefined).sort();
  return { first: firsts.at(-1), last: lasts[0] };
}

const shareOf = (totals: ClassTotals) => totals.index.valueAdding;

interface AnnotationRow {
  id: number;
  contract: number;
  from: string;
  to: string;
  label: string;
  authorId: number;
  authorName: string;
  authorProfile: Annotation['author']['profile'];
  createdAt: Date;
  updatedAt: Date;
}

const annotationColumns = {
  id: annotations.id,
  contract: annotations.contractId,
  from: annotations.fromDate,
  to: annotations.toDate,
  label: annotations.label,
  authorId: annotations.authorId,
  authorName: sql<string>`coalesce(${users.firstName}, ${users.username})`,
  authorProfile: sql<Annotation['author']['profile']>`${users.profile}`,
  createdAt: annotations.createdAt,
  updatedAt: annotations.updatedAt,
};

/** An annotation as the API answers it: its row and its before/after comparison under `context`'s filters. */
async function withComparison(context: DashboardContext, row: AnnotationRow): Promise<Annotation> {
  const windows = annotationWindows(row);
  const [before, after] = await Promise.all([totalsOver(context, windows.before), totalsOver(context, windows.after)]);
  const [was, is] = [before.intervals.valueAdding, after.intervals.valueAdding];
  const [share, now] = [shareOf(before), shareOf(after)];
  return {
    id: row.id,
    contract: row.contract,
    from: row.from,
    to: row.to,
    label: row.label,
    author: { id: row.authorId, name: row.authorName, profile: row.authorProfile },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    comparison: {
      days: windows.days,
      before: { ...windows.before, share, workers: before.workers },
      after: { ...windows.after, share: now, workers: after.workers },
      change:
        was === null || is === null || share === null || now === null
          ? null
          : shareDifference({ share, variance: was.variance }, { share: now, variance: is.variance }),
    },
  };
}

/**
 * The annotations of the context's contract that meet its days (all of them without dates),
 * by `from` (the newest {@link ANNOTATIONS_LISTED} when there are more), each with its
 * comparison; none out of scope. Project health lists these in its answer.
 */
export async function annotationsOf(context: DashboardContext): Promise<Annotation[]> {
  if (!context.inScope) return [];
  const { first, last } = filterDays(context.filters);
  const rows = await context.orm
    .select(annotationColumns)
    .from(annotations)
    .innerJoin(users, eq(users.id, annotations.authorId))
    .where(
      allOf([
        eq(annotations.contractId, context.filters.contract),
        first === undefined ? undefined : gte(annotations.toDate, first),
        last === undefined ? undefined : lte(annotations.fromDate, last),
      ]),
    )
    .orderBy(desc(annotations.fromDate), desc(annotations.id))
    .limit(ANNOTATIONS_LISTED);
  rows.sort((a, b) => a.from.localeCompare(b.from) || a.id - b.id);
  // One after the other: a pool's connections are for the other readers too (PGlite has one).
  const listed: Annotation[] = [];
  for (const row of rows) listed.push(await withComparison(context, row));
  return listed;
}

/** The contract if the caller may open it (in scope), else 400 contract_out_of_scope. */
async function openableContract(orm: Orm, caller: Caller, contract: number): Promise<void> {
  const [row] = await orm
    .select({ id: contracts.id })
    .from(contracts)
    .where(allOf([eq(contracts.id, contract), contractsScope(caller)]));
  if (!row) throw new ApiError(400, 'contract_out_of_scope', { contract: 'invalid_parent' });
}

/** The annotation `id` if its contract is in the caller's scope (404 otherwise: it does not exist for them). */
async function visibleAnnotation(orm: Orm, caller: Caller, id: number): Promise<AnnotationRow> {
  const [row] = await orm
    .select(annotationColumns)
    .from(annotations)
    .innerJoin(users, eq(users.id, annotations.authorId))
    .innerJoin(contracts, eq(contracts.id, annotations.contractId))
    .where(allOf([eq(annotations.id, id), contractsScope(caller)]));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The one annotation `id` with its comparison over the whole contract (no dimension filter). */
async function answerOf(db: Database, caller: Caller, row: AnnotationRow, siteTimeZone: string): Promise<Annotation> {
  const context = await dashboardContext(db.orm, caller, { contract: String(row.contract) }, siteTimeZone);
  return withComparison(context, row);
}

const notYours = 'annotation_not_yours: only its author or a higher level (an admin: anyone’s) changes or removes it.';

const listDocs: FastifySchema = operation({
  operationId: 'listAnnotations',
  tags,
  summary: "A contract's annotations that meet the filters' days, each with its before/after comparison",
  description:
    'The query is the dashboards’ (contract required): the annotations whose days meet `from`–`to` (and the week), ' +
    'ordered by their first day, at most 50 (the newest). Each compares the value-adding share of the ' +
    'annotation’s days rounded up to whole weeks, from its first day, with as many days just before (DOMAIN.md §5), ' +
    'under the other filters. A contract outside your scope answers none.',
  query: { type: 'object', properties: filterProperties('activity'), required: ['contract'] },
  answers: { 200: { description: 'The annotations.', schema: annotationListSchema } },
  errors: {
    400: 'validation_failed, with a code per parameter (as the dashboards).',
    403: 'forbidden: a reporter never reads dashboards.',
  },
});

const createDocs: FastifySchema = operation({
  operationId: 'createAnnotation',
  tags,
  summary: "Mark an event on a contract's time axis",
  body: annotationInputSchema,
  answers: { 201: { description: 'The annotation, compared over the whole contract.', schema: annotationSchema } },
  errors: {
    400:
      'validation_failed (contract, from, to: required, invalid_value, from_after_to — at most 366 days; label: ' +
      'required, too_long) or contract_out_of_scope.',
    403: 'forbidden: a reporter never reads dashboards.',
  },
});

const changeDocs: FastifySchema = operation({
  operationId: 'updateAnnotation',
  tags,
  summary: "Change an annotation's days or label",
  params: ID_PARAM,
  body: annotationChangeSchema,
  answers: { 200: { description: 'The annotation, compared over the whole contract.', schema: annotationSchema } },
  errors: {
    400: 'validation_failed (from, to, label: as on creation).',
    403: notYours,
    404: 'not_found: no such annotation in your scope.',
  },
});

const removeDocs: FastifySchema = operation({
  operationId: 'deleteAnnotation',
  tags,
  summary: 'Remove an annotation',
  params: ID_PARAM,
  answers: { 204: { description: 'Removed.' } },
  errors: { 403: notYours, 404: 'not_found: no such annotation in your scope.' },
});

export interface AnnotationRoutesOptions extends Record<string, unknown> {
  config: Config;
  db: Database;
}

export async function annotationRoutes(app: FastifyInstance, { config, db }: AnnotationRoutesOptions): Promise<void> {
  app.get('/', { schema: listDocs }, async (request): Promise<AnnotationList> => {
    const caller = allowedCaller(request, anyWebLevel);
    const context = await dashboardContext(db.orm, caller, request.query, config.siteTimeZone);
    return { items: await annotationsOf(context) };
  });

  app.post('/', { schema: createDocs }, async (request, reply): Promise<Annotation> => {
    const caller = allowedCaller(request, anyWebLevel);
    const input = parseBody(annotationInputSchema, request.body);
    await openableContract(db.orm, caller, input.contract);
    const id = await db.orm.transaction(async (tx) => {
      const [created] = await tx
        .insert(annotations)
        .values({
          contractId: input.contract,
          fromDate: input.from,
          toDate: input.to,
          label: input.label,
          authorId: caller.id,
        })
        .returning({ id: annotations.id });
      await recordAudit(tx, {
        actorId: caller.id,
        action: 'create',
        entity: 'annotations',
        entityId: created!.id,
        changes: {
          before: null,
          after: { contract: input.contract, from: input.from, to: input.to, label: input.label },
        },
      });
      return created!.id;
    });
    reply.code(201);
    return answerOf(db, caller, await visibleAnnotation(db.orm, caller, id), config.siteTimeZone);
  });

  app.put('/:id', { schema: changeDocs }, async (request): Promise<Annotation> => {
    const caller = allowedCaller(request, anyWebLevel);
    const id = pathId(request);
    const input = parseBody(annotationChangeSchema, request.body);
    const row = await visibleAnnotation(db.orm, caller, id);
    if (!mayChangeAnnotation(caller, { id: row.authorId, profile: row.authorProfile }))
      throw new ApiError(403, 'annotation_not_yours');
    await db.orm.transaction(async (tx) => {
      await tx
        .update(annotations)
        .set({ fromDate: input.from, toDate: input.to, label: input.label, updatedAt: sql`now()` })
        .where(eq(annotations.id, id));
      const changed = (['from', 'to', 'label'] as const).filter((name) => row[name] !== input[name]);
      const changes = {
        before: Object.fromEntries(changed.map((name) => [name, row[name]])),
        after: Object.fromEntries(changed.map((name) => [name, input[name]])),
      };
      await recordAudit(tx, { actorId: caller.id, action: 'update', entity: 'annotations', entityId: id, changes });
    });
    return answerOf(db, caller, await visibleAnnotation(db.orm, caller, id), config.siteTimeZone);
  });

  app.delete('/:id', { schema: removeDocs }, async (request, reply) => {
    const caller = allowedCaller(request, anyWebLevel);
    const id = pathId(request);
    const row = await visibleAnnotation(db.orm, caller, id);
    if (!mayChangeAnnotation(caller, { id: row.authorId, profile: row.authorProfile }))
      throw new ApiError(403, 'annotation_not_yours');
    await db.orm.transaction(async (tx) => {
      await tx.delete(annotations).where(eq(annotations.id, id));
      await recordAudit(tx, {
        actorId: caller.id,
        action: 'delete',
        entity: 'annotations',
        entityId: id,
        changes: { before: { contract: row.contract, from: row.from, to: row.to, label: row.label }, after: null },
      });
    });
    return reply.code(204).send();
  });
}
