import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { MAX_REPORT_FUTURE_MINUTES, REPORT_SCHEMAS, fieldErrors, reportIdField } from '@canteiro/shared/domain';
import type { ErrorCode, ReportBatchAnswer, ReportKind } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { ownValue } from '../crud/list-query.js';
import { badTextPath } from '../plugins/input-text.js';
import type { Caller } from '../scope.js';
import type { BatchReferences, ReferenceKind } from './references.js';
import { INSERTS } from './report-inserts.js';
import type { Row } from './report-inserts.js';
import { emptyReferencedIds, loadReferences } from './references.js';

/**
 * POST /api/mobile/reports, exactly once (docs/ingestion.md):
 *
 * 1. Each row on its own: its id, its kind, its fields (the shared valibot schemas). A later
 *    row with an id an earlier row of the batch already carries is a duplicate.
 * 2. One query for everything the valid rows point at (references.ts), then each row's
 *    reportTime against the database's clock, contract, reportTime against its work's start,
 *    references and their chain.
 * 3. In one transaction committed before the answer: every id claimed in report_ids, all
 *    kinds in one statement, in id order (`on conflict (id) do nothing returning id`). Its
 *    primary key decides, across the three kinds: two batches bringing an id together, as
 *    one kind or two, store it once (the second waits for the first's claim, then finds it);
 *    both claim in id order, so they wait for each other instead of deadlocking. An id not
 *    claimed now was stored before: a duplicate as the same kind, duplicate_report_id as
 *    another. Then one `insert … select … from json_to_recordset(…) on conflict (id) do
 *    nothing returning id` per kind with the rows claimed: the ids returned are accepted.
 */

interface Valid {
  index: number;
  row: Row;
}

type Outcome =
  | { index: number; id: string; status: 'accepted' }
  | { index: number; id: string; status: 'duplicate' }
  | { index: number; id: string | null; status: 'rejected'; code: ErrorCode; fields?: Record<string, string> };

export interface IngestOptions {
  caller: Caller;
  /** IANA zone of the sites: local_date, local_minute and local_weekday are on its clock. */
  siteTimeZone: string;
  /** Rows per INSERT statement (EMBEDDED_INSERT_ROWS on PGlite); all of a kind at once by default. */
  rowsPerStatement?: number;
}

export async function ingestReports(
  orm: Orm,
  rows: readonly unknown[],
  options: IngestOptions,
): Promise<ReportBatchAnswer> {
  const outcomes: Outcome[] = [];
  const valid = checkRows(rows, outcomes);
  if (valid.length > 0) {
    for (let attempt = 1; ; attempt += 1) {
      // Each attempt starts from the rows alone: a transaction the database aborted left nothing.
      const attemptOutcomes: Outcome[] = [];
      try {
        await orm.transaction(async (tx) => {
          const stored = await storeRows(tx, valid, options, attemptOutcomes);
          attemptOutcomes.push(...stored);
        });
        outcomes.push(...attemptOutcomes);
        break;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(error)) throw error;
      }
    }
  }
  return answer(outcomes);
}

/**
 * Rows per INSERT statement on the embedded database: it has one session and computes a
 * statement without a break, so 1 000 rows in one statement (~230 ms with the dashboards'
 * triggers) kept its thread deaf for that long (`/api/health` p99 213–223 ms under four phones
 * of 1 000-row batches; 123–141 ms in statements of 500, for 4 % fewer observations/s). On
 * PostgreSQL the whole kind goes in one statement: there, statements of 500 cost 22 % of the
 * throughput (docs/embedded-database.md).
 */
export const EMBEDDED_INSERT_ROWS = 500;

/**
 * A batch the database chose to abort (deadlock, serialization) is run again, whole. So is one
 * whose insert a report key refused (23503): a parent went between the references' look and the
 * insert (a delete by hand; migration 0026), and the next attempt's look rejects that row alone,
 * `invalid_reference`, where the batch would otherwise fail whole.
 */
const MAX_ATTEMPTS = 3;
const TRANSIENT_CODES = new Set(['40P01', '40001', '23503']);
function isTransient(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return true;
  }
  return false;
}

/** Step 1: what can be told from the row alone. Answers the rows worth looking up. */
function checkRows(rows: readonly unknown[], outcomes: Outcome[]): Valid[] {
  const seen = new Set<string>();
  const valid: Valid[] = [];
  rows.forEach((input, index) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      outcomes.push({ index, id: null, status: 'rejected', code: 'validation_failed' });
      return;
    }
    const record = input as Record<string, unknown>;
    const parsedId = v.safeParse(reportIdField, ownValue(record, 'id'));
    const id = parsedId.success ? parsedId.output : null;
    if (id !== null) {
      if (seen.has(id)) {
        outcomes.push({ index, id, status: 'duplicate' });
        return;
      }
      seen.add(id);
    }
    const reject = (code: ErrorCode, fields?: Record<string, string>) =>
      outcomes.push({ index, id, status: 'rejected', code, ...(fields ? { fields } : {}) });

    // The body's global text check leaves the rows to this one, so a bad row stays alone.
    const badText = badTextPath(record);
    if (badText !== null) return reject('invalid_text', badText ? { [badText]: 'invalid_text' } : undefined);

    const kind = ownValue(record, 'kind');
    const schema = typeof kind === 'string' ? ownValue<v.GenericSchema<unknown, Row>>(REPORT_SCHEMAS, kind) : undefined;
    if (!schema)
      return reject('unknown_kind', { kind: kind === undefined || kind === null ? 'required' : 'invalid_value' });
    const parsed = v.safeParse(schema, record);
    if (!parsed.success) return reject('validation_failed', fieldErrors(parsed.issues));
    valid.push({ index, row: parsed.output });
  });
  return valid;
}

/** The references each kind names, with the row's field for each. */
const REFERENCE_FIELDS: Record<ReportKind, readonly ReferenceKind[]> = {
  activity: ['package', 'local', 'activity', 'function', 'occurrence'],
  equipment: ['package', 'area', 'activity', 'equipment'],
  quantity: ['package', 'area', 'activity'],
};

const referenceId = (row: Row, field: ReferenceKind): number =>
  (row as unknown as Record<ReferenceKind, number>)[field];

/** Steps 2 and 3, inside the transaction. */
async function storeRows(
  tx: Orm,
  valid: readonly Valid[],
  options: IngestOptions,
  outcomes: Outcome[],
): Promise<Outcome[]> {
  const ids = emptyReferencedIds();
  for (const { row } of valid) {
    ids.contract.add(row.contract);
    for (const field of REFERENCE_FIELDS[row.kind]) ids[field].add(referenceId(row, field));
  }
  const found = await loadReferences(tx, options.caller, ids, options.siteTimeZone);

  const byKind: Record<ReportKind, Valid[]> = { activity: [], equipment: [], quantity: [] };
  for (const entry of valid) {
    const refusal = checkRow(entry.row, found);
    if (refusal) outcomes.push({ index: entry.index, id: entry.row.id, status: 'rejected', ...refusal });
    else byKind[entry.row.kind].push(entry);
  }

  // A report's id is its identity across the three kinds, which each table's primary key alone
  // cannot keep: the database decides, in report_ids (step 3 above).
  const candidates = REPORT_KIND_LIST.flatMap((kind) => byKind[kind]).sort(byId);
  const claimed = await claimIds(tx, candidates);
  const lost = candidates.filter((entry) => !claimed.has(entry.row.id));
  const holders = await claimedKinds(tx, lost);
  const stored: Outcome[] = [];
  for (const { index, row } of lost) {
    const holder = holders.get(row.id);
    // No holder: the report was deleted between the claim and this look. It was stored.
    if (holder === undefined || holder === row.kind) stored.push({ index, id: row.id, status: 'duplicate' });
    else
      outcomes.push({
        index,
        id: row.id,
        status: 'rejected',
        code: 'duplicate_report_id',
        fields: { id: 'invalid_value' },
      });
  }

  for (const kind of REPORT_KIND_LIST) {
    // In id order, like the claims.
    const entries = candidates.filter((entry) => entry.row.kind === kind && claimed.has(entry.row.id));
    if (entries.length === 0) continue;
    // The table's own key still answers: an id it holds with no claim (e.g. stored twice as two
    // kinds before report_ids existed, one of them deleted since) is a duplicate, not an error.
    const accepted = new Set<string>();
    const perStatement = options.rowsPerStatement ?? entries.length;
    for (let start = 0; start < entries.length; start += perStatement) {
      const chunk = entries.slice(start, start + perStatement).map(({ row }) => row);
      for (const { id } of await selectRows<{ id: string }>(tx, INSERTS[kind](chunk, options))) accepted.add(id);
    }
    for (const { index, row } of entries)
      stored.push(
        accepted.has(row.id) ? { index, id: row.id, status: 'accepted' } : { index, id: row.id, status: 'duplicate' },
      );
  }
  return stored;
}

type Refusal = { code: ErrorCode; fields: Record<string, string> };

const REPORT_KIND_LIST = ['activity', 'equipment', 'quantity'] as const;

const byId = (a: Valid, b: Valid): number => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0);

/**
 * Validated UUIDs and kinds as a text array literal: the same parameter on both drivers,
 * whatever the number of rows.
 */
const arrayLiteral = (values: readonly string[]): string => `{${values.join(',')}}`;

/**
 * Claims these rows' ids in report_ids (rows in id order, lower-case ids sort as UUIDs do):
 * answers the ids claimed now. One not answered is held by a committed report, or was held
 * by a concurrent batch that has committed since: the insert waited for it. The transaction
 * then says it claimed its rows (`canteiro.report_ids_claimed`, until it ends), so the report
 * tables' insert triggers, which claim the ids of rows written any other way, leave them be.
 */
async function claimIds(tx: Orm, entries: readonly Valid[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const ids = arrayLiteral(entries.map(({ row }) => row.id));
  const kinds = arrayLiteral(entries.map(({ row }) => row.kind));
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`with claimant as (select set_config('canteiro.report_ids_claimed', 'on', true))
      insert into report_ids (id, kind)
      select claim.id, claim.kind from unnest(${ids}::uuid[], ${kinds}::text[]) as claim(id, kind)
        cross join claimant
      order by claim.id
      on conflict (id) do nothing
      returning id::text as id`,
  );
  return new Set(rows.map(({ id }) => id));
}

/** The kind each of these ids is stored as (a primary-key probe of report_ids each). */
async function claimedKinds(tx: Orm, entries: readonly Valid[]): Promise<Map<string, ReportKind>> {
  if (entries.length === 0) return new Map();
  const ids = arrayLiteral(entries.map(({ row }) => row.id));
  const rows = await selectRows<{ id: string; kind: ReportKind }>(
    tx,
    sql`select id::text as id, kind from report_ids where id = any(${ids}::uuid[])`,
  );
  return new Map(rows.map(({ id, kind }) => [id, kind]));
}

/**
 * A device whose clock is wrong: ahead of the database's by more than the tolerance, or behind
 * the start of the row's work (a phone reset to 2000). Codes of their own, not validation_failed:
 * the app tells the reporter to fix the clock, and never resends the row as it is.
 */
const inFuture: Refusal = { code: 'report_time_in_future', fields: { reportTime: 'in_future' } };
const beforeWork: Refusal = { code: 'report_time_before_work', fields: { reportTime: 'before_work_start' } };

/**
 * Step 2 for one row, in the order docs/ingestion.md lists: its time against the clock, its
 * contract (in scope, active), its time against the work's start (only once the contract is
 * known to be the caller's), its references.
 */
function checkRow(row: Row, found: BatchReferences): Refusal | null {
  const reportTime = Date.parse(row.reportTime);
  if (reportTime > found.now + MAX_REPORT_FUTURE_MINUTES * 60_000) return inFuture;
  const contract = found.contracts.get(row.contract);
  if (!contract?.inScope) return { code: 'contract_out_of_scope', fields: { contract: 'invalid_parent' } };
  if (!contract.active) return { code: 'contract_out_of_scope', fields: { contract: 'inactive_parent' } };
  if (reportTime < contract.workStart) return beforeWork;
  return checkReferences(row, found);
}

/** Each reference of the row's contract, in its chain, active. */
function checkReferences(row: Row, found: BatchReferences): Refusal | null {
  const invalid: Record<string, string> = {};
  const inactive: Record<string, string> = {};
  for (const field of REFERENCE_FIELDS[row.kind]) {
    const reference = found.references[field].get(referenceId(row, field));
    // Occurrences are global; everything else must be of the row's contract.
    if (!reference || (field !== 'occurrence' && reference.contract !== row.contract))
      invalid[field] = 'invalid_parent';
    else if (!reference.active) inactive[field] = 'inactive_parent';
  }
  if (!invalid.activity && !invalid.package) {
    // The activity must sit in the chain the row names: its package, and its local (activity
    // rows) or area (equipment and quantity rows). The activity, picked last, is blamed.
    const activity = found.references.activity.get(row.activity)!;
    const place = row.kind === 'activity' ? activity.local === row.local : activity.area === row.area;
    if (activity.package !== row.package || !place) invalid.activity = 'invalid_parent';
  }
  if (Object.keys(invalid).length > 0) return { code: 'invalid_reference', fields: invalid };
  if (Object.keys(inactive).length > 0) return { code: 'inactive_reference', fields: inactive };
  return null;
}

/** The three lists, each in the batch's order. */
function answer(outcomes: Outcome[]): ReportBatchAnswer {
  outcomes.sort((a, b) => a.index - b.index);
  const result: ReportBatchAnswer = { accepted: [], duplicates: [], rejected: [] };
  for (const outcome of outcomes) {
    if (outcome.status === 'accepted') result.accepted.push(outcome.id);
    else if (outcome.status === 'duplicate') result.duplicates.push(outcome.id);
    else
      result.rejected.push({
        id: outcome.id,
        index: outcome.index,
        code: outcome.code,
        ...(outcome.fields && Object.keys(outcome.fields).length > 0 ? { fields: outcome.fields } : {}),
      });
  }
  return result;
}
