import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { statusSchema } from '@canteiro/shared/domain';
import type { ErrorCode } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import { ApiError, parseBody } from '../errors.js';
import { recordAudit } from '../audit.js';
import type { Caller } from '../scope.js';
import { basesScope, contractsScope, worksScope } from '../scope.js';
import { allOf } from './list-query.js';
import type { ReadModel } from './reads.js';
import { findItem } from './reads.js';

/**
 * Create, edit and status change, the same way for every resource: validate with the shared
 * schema, check the parents (in scope, in the chain, active), write, record the audit line,
 * all in one transaction; duplicates are the database's unique indexes, mapped to codes.
 */

export type ParentField = 'base' | 'work' | 'contract';

export interface EntityTable extends PgTable {
  id: AnyPgColumn;
  isActive: AnyPgColumn;
}

export interface WriteModel<Input extends object> {
  table: EntityTable;
  /** Name in audit_log.entity: the table's name. */
  entity: string;
  createSchema: v.GenericSchema<unknown, Input>;
  updateSchema?: v.GenericSchema<unknown, Input>;
  /** Parent ids of the input, top down; each must be in the caller's scope and chained to the one above. */
  parents?: readonly ParentField[];
  /** Unique index → the code of spec §8 and the field it is about. */
  duplicates: Record<string, { code: ErrorCode; field: keyof Input & string }>;
  /** The columns to write (computed before the transaction: hashing a password takes a while). */
  values(input: Input, caller: Caller): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Throws when the caller may not write this input to this record (null: a new one). */
  authorize?(caller: Caller, input: Input, id: number | null): void;
  /** Throws when the caller may not give a record this status (e.g. deactivate itself). */
  authorizeStatus?(caller: Caller, id: number, isActive: boolean): void;
  /** More writes in the same transaction. */
  afterWrite?(tx: Orm, id: number, input: Input, caller: Caller): Promise<void>;
  /** More writes in the transaction of a status change. */
  afterStatus?(tx: Orm, id: number, isActive: boolean, caller: Caller): Promise<void>;
  /** Columns the audit records only as changed, never by value. */
  secrets?: readonly string[];
  /** Columns computed from others (generated), left out of the audit. */
  derived?: readonly string[];
}

type Row = Record<string, unknown>;

/** Parent rows as the checks need them, looked up within the caller's scope. */
const parentLookups: Record<ParentField, (caller: Caller, id: number) => SQL> = {
  base: (caller, id) =>
    sql`select ${bases.isActive} as "isActive", null::int as "above" from ${bases}
        where ${allOf([eq(bases.id, id), basesScope(caller)])}`,
  work: (caller, id) =>
    sql`select ${works.isActive} as "isActive", ${works.baseId} as "above" from ${works}
        where ${allOf([eq(works.id, id), worksScope(caller)])}`,
  contract: (caller, id) =>
    sql`select ${contracts.isActive} as "isActive", ${contracts.workId} as "above" from ${contracts}
        where ${allOf([eq(contracts.id, id), contractsScope(caller)])}`,
};

/**
 * 400 invalid_parent when a parent is unknown, out of scope or not under the one above it
 * (a work of another base); then 409 parent_inactive when one is inactive. An edit that
 * keeps its parents may keep inactive ones: only a new parent must be active.
 */
async function checkParents(
  tx: Orm,
  caller: Caller,
  fields: readonly ParentField[],
  input: Partial<Record<ParentField, number>>,
  before: Partial<Record<ParentField, number>> | null,
): Promise<void> {
  const invalid: Record<string, string> = {};
  const inactive: Record<string, string> = {};
  for (const [index, field] of fields.entries()) {
    const id = input[field];
    if (id === undefined) continue;
    const [parent] = await selectRows<{ isActive: boolean; above: number | null }>(
      tx,
      parentLookups[field](caller, id),
    );
    const upper = fields[index - 1];
    if (!parent || (upper !== undefined && parent.above !== input[upper])) invalid[field] = 'invalid_parent';
    else if (!parent.isActive && before?.[field] !== id) inactive[field] = 'inactive_parent';
  }
  if (Object.keys(invalid).length > 0) throw new ApiError(400, 'validation_failed', invalid);
  if (Object.keys(inactive).length > 0) throw new ApiError(409, 'parent_inactive', inactive);
}

/** The driver's error behind drizzle's wrapper: SQLSTATE and constraint name. */
function databaseError(error: unknown): { code?: string; constraint?: string } | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : '' };
    }
    current = candidate.cause;
  }
  return null;
}

/** Runs a write in a transaction; constraint violations become the API's codes, never a 500. */
async function inTransaction<Result>(
  orm: Orm,
  duplicates: Record<string, { code: ErrorCode; field: string }>,
  work: (tx: Orm) => Promise<Result>,
): Promise<Result> {
  try {
    return await orm.transaction(work);
  } catch (error) {
    const cause = databaseError(error);
    const duplicate = cause?.code === '23505' ? duplicates[cause.constraint ?? ''] : undefined;
    if (duplicate) throw new ApiError(409, duplicate.code, { [duplicate.field]: duplicate.code });
    // A parent changed between the check and the write (foreign key), or a CHECK the schema missed.
    if (cause?.code === '23503' || cause?.code === '23514') throw new ApiError(400, 'validation_failed');
    throw error;
  }
}

type AuditRules = Pick<WriteModel<object>, 'secrets' | 'derived'>;

function auditable(row: Row, { secrets = [], derived = [] }: AuditRules): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !secrets.includes(key) && !derived.includes(key)));
}

/** Only what changed, before and after; a secret shows as changed, never its value. */
function difference(before: Row, after: Row, { secrets = [], derived = [] }: AuditRules): { before: Row; after: Row } {
  const changed = Object.keys(after).filter(
    (key) => !derived.includes(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const pick = (row: Row) =>
    Object.fromEntries(changed.map((key) => [key, secrets.includes(key) ? '[redacted]' : row[key]]));
  return { before: pick(before), after: pick(after) };
}

const notFound = () => new ApiError(404, 'not_found');

async function writtenRow(tx: Orm, table: EntityTable, id: number): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))) as Row[];
  if (!row) throw notFound();
  return row;
}

export async function createItem<Input extends object>(
  orm: Orm,
  write: WriteModel<Input>,
  caller: Caller,
  body: unknown,
): Promise<number> {
  const input = parseBody(write.createSchema, body);
  write.authorize?.(caller, input, null);
  const values = await write.values(input, caller);
  return inTransaction(orm, write.duplicates, async (tx) => {
    await checkParents(tx, caller, write.parents ?? [], input as Record<ParentField, number>, null);
    const [created] = (await tx
      .insert(write.table as PgTable)
      .values(values)
      .returning()) as Row[];
    const id = created?.id as number;
    await recordAudit(tx, {
      actorId: caller.id,
      action: 'create',
      entity: write.entity,
      entityId: id,
      changes: { after: auditable(created ?? {}, write) },
    });
    await write.afterWrite?.(tx, id, input, caller);
    return id;
  });
}

export async function updateItem<Input extends object>(
  orm: Orm,
  read: ReadModel,
  write: WriteModel<Input>,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<void> {
  if (!(await findItem(orm, read, caller, id))) throw notFound();
  const input = parseBody(write.updateSchema ?? write.createSchema, body);
  write.authorize?.(caller, input, id);
  const values = await write.values(input, caller);
  await inTransaction(orm, write.duplicates, async (tx) => {
    const before = await findItem(tx, read, caller, id);
    if (!before) throw notFound();
    await checkParents(
      tx,
      caller,
      write.parents ?? [],
      input as Record<ParentField, number>,
      before as unknown as Record<ParentField, number>,
    );
    const old = await writtenRow(tx, write.table, id);
    await tx
      .update(write.table as PgTable)
      .set(values)
      .where(eq(write.table.id, id));
    const changes = difference(old, await writtenRow(tx, write.table, id), write);
    await recordAudit(tx, { actorId: caller.id, action: 'update', entity: write.entity, entityId: id, changes });
    await write.afterWrite?.(tx, id, input, caller);
  });
}

export async function changeStatus<Input extends object>(
  orm: Orm,
  read: ReadModel,
  write: WriteModel<Input>,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<void> {
  if (!(await findItem(orm, read, caller, id))) throw notFound();
  const { isActive } = parseBody(statusSchema, body);
  write.authorizeStatus?.(caller, id, isActive);
  await orm.transaction(async (tx) => {
    const before = await findItem<{ isActive: boolean }>(tx, read, caller, id);
    if (!before) throw notFound();
    await tx
      .update(write.table as PgTable)
      .set({ isActive })
      .where(eq(write.table.id, id));
    await recordAudit(tx, {
      actorId: caller.id,
      action: 'status',
      entity: write.entity,
      entityId: id,
      changes: { before: { isActive: before.isActive }, after: { isActive } },
    });
    await write.afterStatus?.(tx, id, isActive, caller);
  });
}
