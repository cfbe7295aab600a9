import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { HIERARCHY, chainChecks, statusSchema } from '@canteiro/shared/domain';
import type { Entity, ErrorCode } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { databaseError } from '../db/driver.js';
import { ApiError, parseBody } from '../errors.js';
import { recordAudit } from '../audit.js';
import type { Caller } from '../scope.js';
import type { ReadModel } from './reads.js';
import { findItem } from './reads.js';

/**
 * Create, edit, status change and row actions, the same way for every resource: validate
 * with the shared schema, check the parents (in scope, in the chain, active with their
 * ancestors), write, record the audit line, all in one transaction; duplicates are the
 * database's unique indexes, mapped to codes. Parents and duplicate rules come from the
 * entity's declaration (shared/domain/hierarchy.ts, docs/hierarchy.md).
 */

export interface EntityTable extends PgTable {
  id: AnyPgColumn;
  isActive: AnyPgColumn;
}

export interface WriteModel<Input extends object> {
  table: EntityTable;
  createSchema: v.GenericSchema<unknown, Input>;
  updateSchema?: v.GenericSchema<unknown, Input>;
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

/** What a write needs to know of its resource: the declared entity, how it is read, how it is written. */
export interface WriteTarget<Input extends object> {
  entity: Entity;
  read: ReadModel;
  write: WriteModel<Input>;
  /**
   * Each entity's read model (resources/registry.ts): a parent is looked up through its own,
   * so "in the caller's scope" and "active with all its ancestors" mean for a parent exactly
   * what its own list shows.
   */
  readModelOf(entity: Entity): ReadModel;
}

type Row = Record<string, unknown>;

/** The unique index of a duplicate rule, by convention: `${endpoint}_${fields}_unique` (`areas_contract_name_unique`). */
export const duplicateIndexName = (entity: Entity, fields: readonly string[]): string =>
  `${HIERARCHY[entity].endpoint}_${fields.join('_')}_unique`;

/** Unique index → the code of spec §8 and the field it lands on, from the entity's duplicate rules. */
export function duplicateIndexes(entity: Entity): Record<string, { code: ErrorCode; field: string }> {
  return Object.fromEntries(
    HIERARCHY[entity].duplicates.map(({ fields, field, code }) => [
      duplicateIndexName(entity, fields),
      { code, field },
    ]),
  );
}

/**
 * 400 invalid_parent when a parent is unknown, out of scope or outside the chosen chain (a
 * work of another base, a local under another area, a discipline of another contract);
 * then 409 parent_inactive when one is inactive itself or through an ancestor. An edit that
 * keeps its parents may keep inactive ones: only a new parent must be active. A parent the
 * input leaves empty (a user's, by profile) is not looked up.
 */
async function checkParents(
  tx: Orm,
  caller: Caller,
  { entity, readModelOf }: Pick<WriteTarget<object>, 'entity' | 'readModelOf'>,
  input: Row,
  before: Row | null,
): Promise<void> {
  const chain = chainChecks(entity);
  const invalid: Record<string, string> = {};
  const inactive: Record<string, string> = {};
  for (const parent of HIERARCHY[entity].parents) {
    const id = input[parent];
    if (typeof id !== 'number') continue;
    const found = await findItem<Row>(tx, readModelOf(parent), caller, id);
    // The parents above it that the input names too must be the input's (`local.area` = the
    // input's area); the broken link is blamed once: while one of those is itself refused, a
    // mismatch is its doing (a block under the chosen local, when that local is under another area).
    const above = chain.filter((check) => check.parent === parent).map((check) => check.field);
    const outside =
      !above.some((field) => Object.hasOwn(invalid, field)) && above.some((field) => found?.[field] !== input[field]);
    if (!found || outside) invalid[parent] = 'invalid_parent';
    else if ((found.isActive !== true || found.parentInactive === true) && before?.[parent] !== id) {
      inactive[parent] = 'inactive_parent';
    }
  }
  if (Object.keys(invalid).length > 0) throw new ApiError(400, 'validation_failed', invalid);
  if (Object.keys(inactive).length > 0) throw new ApiError(409, 'parent_inactive', inactive);
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

async function writtenRow(tx: Orm, table: EntityTable, id: number, forUpdate = false): Promise<Row> {
  const query = tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  const [row] = (await (forUpdate ? query.for('update') : query)) as Row[];
  if (!row) throw notFound();
  return row;
}

/** The audit's entity: the table's name. */
const auditEntity = (entity: Entity): string => HIERARCHY[entity].endpoint;

export async function createItem<Input extends object>(
  orm: Orm,
  target: WriteTarget<Input>,
  caller: Caller,
  body: unknown,
): Promise<number> {
  const { entity, write } = target;
  const input = parseBody(write.createSchema, body);
  write.authorize?.(caller, input, null);
  const values = await write.values(input, caller);
  return inTransaction(orm, duplicateIndexes(entity), async (tx) => {
    await checkParents(tx, caller, target, input as Row, null);
    const [created] = (await tx
      .insert(write.table as PgTable)
      .values(values)
      .returning()) as Row[];
    const id = created?.id as number;
    await recordAudit(tx, {
      actorId: caller.id,
      action: 'create',
      entity: auditEntity(entity),
      entityId: id,
      changes: { after: auditable(created ?? {}, write) },
    });
    await write.afterWrite?.(tx, id, input, caller);
    return id;
  });
}

export async function updateItem<Input extends object>(
  orm: Orm,
  target: WriteTarget<Input>,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<void> {
  const { entity, read, write } = target;
  if (!(await findItem(orm, read, caller, id))) throw notFound();
  const input = parseBody(write.updateSchema ?? write.createSchema, body);
  write.authorize?.(caller, input, id);
  const values = await write.values(input, caller);
  await inTransaction(orm, duplicateIndexes(entity), async (tx) => {
    const before = await findItem<Row>(tx, read, caller, id);
    if (!before) throw notFound();
    await checkParents(tx, caller, target, input as Row, before);
    const old = await writtenRow(tx, write.table, id);
    await tx
      .update(write.table as PgTable)
      .set(values)
      .where(eq(write.table.id, id));
    const changes = difference(old, await writtenRow(tx, write.table, id), write);
    await recordAudit(tx, { actorId: caller.id, action: 'update', entity: auditEntity(entity), entityId: id, changes });
    await write.afterWrite?.(tx, id, input, caller);
  });
}

export async function changeStatus<Input extends object>(
  orm: Orm,
  { entity, read, write }: WriteTarget<Input>,
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
      entity: auditEntity(entity),
      entityId: id,
      changes: { before: { isActive: before.isActive }, after: { isActive } },
    });
    await write.afterStatus?.(tx, id, isActive, caller);
  });
}

/**
 * A change of state beyond edit and status (an activity's finish and reopen), declared by
 * its resource: `POST /:id/<name>`, the audit's action.
 */
export interface RowAction {
  name: string;
  /** Which levels may use it at all (403 otherwise), like the other actions. */
  access(caller: Caller): boolean;
  /** The record must be in this state, or 409 with `code` (finishing a finished activity). */
  precondition: { holds(item: Row): boolean; code: ErrorCode };
  /** The columns it writes. */
  values: Record<string, unknown>;
}

/** The same path as a status change: scoped 404, precondition 409, one transaction with its audit line. */
export async function runRowAction<Input extends object>(
  orm: Orm,
  { entity, read, write }: WriteTarget<Input>,
  caller: Caller,
  id: number,
  action: RowAction,
): Promise<void> {
  if (!(await findItem(orm, read, caller, id))) throw notFound();
  await orm.transaction(async (tx) => {
    // Locked first: of two finishes at once, the second sees the first's work and gets its 409.
    const old = await writtenRow(tx, write.table, id, true);
    const before = await findItem<Row>(tx, read, caller, id);
    if (!before) throw notFound();
    if (!action.precondition.holds(before)) throw new ApiError(409, action.precondition.code);
    await tx
      .update(write.table as PgTable)
      .set(action.values)
      .where(eq(write.table.id, id));
    const changes = difference(old, await writtenRow(tx, write.table, id), write);
    await recordAudit(tx, {
      actorId: caller.id,
      action: action.name,
      entity: auditEntity(entity),
      entityId: id,
      changes,
    });
  });
}
