import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ReportKind, ReportRowInput } from '@canteiro/shared/domain';
import type { IngestOptions } from './ingest.js';

/**
 * The statements that store a batch's rows (mobile/ingest.ts, step 3): one per kind, the rows
 * as one JSON parameter.
 */

/** A report row as the shared schemas give it back. */
export type Row = ReportRowInput;

/** The site clock's date, minute of the day and ISO weekday of `s.t` (report_time there). */
const siteClock = sql.raw(
  `s.t::date, (extract(hour from s.t) * 60 + extract(minute from s.t))::smallint, extract(isodow from s.t)::smallint`,
);

/**
 * One statement per kind: the rows travel as one JSON parameter (the same on both drivers,
 * whatever the number of rows), the database fills the site-clock columns, and the
 * primary key keeps every id once in the table (report_ids, across the three: claimIds).
 */
function insertStatement(table: string, columns: string, recordset: string, values: string) {
  return (records: readonly Row[], { caller, siteTimeZone }: IngestOptions): SQL =>
    sql`insert into ${sql.raw(table)} (id, contract_id, report_time, local_date, local_minute, local_weekday, user_id, ${sql.raw(columns)})
      select r.id, r.c, r.t, ${siteClock}, ${caller.id}::int, ${sql.raw(values)}
      from json_to_recordset(${JSON.stringify(records.map(toRecord))}::json)
        as r(id uuid, c int, t timestamptz, ${sql.raw(recordset)})
      cross join lateral (select r.t at time zone ${siteTimeZone}::text as t) s
      on conflict (id) do nothing
      returning id::text as id`;
}

/**
 * A row as its recordset names it (short keys: the JSON of 1 000 rows stays small). Each kind
 * is one object literal: spreading shared keys into a literal with more keys took V8's slow
 * path, 5 µs a row, 12 % of the node's time under ingestion (docs/ingestion.md).
 */
function toRecord(row: Row): Record<string, unknown> {
  switch (row.kind) {
    case 'activity':
      return {
        id: row.id,
        c: row.contract,
        t: row.reportTime,
        p: row.package,
        ac: row.activity,
        l: row.local,
        f: row.function,
        o: row.occurrence,
        q: row.quantity,
        n: row.notes,
        ri: row.reportInfo,
        sc: row.isScheduled,
      };
    case 'equipment':
      return {
        id: row.id,
        c: row.contract,
        t: row.reportTime,
        p: row.package,
        ac: row.activity,
        ar: row.area,
        e: row.equipment,
        cl: row.classification,
        n: row.notes,
      };
    case 'quantity':
      return {
        id: row.id,
        c: row.contract,
        t: row.reportTime,
        p: row.package,
        ac: row.activity,
        ar: row.area,
        q: row.quantity,
        u: row.unity,
      };
  }
}

export const INSERTS: Record<ReportKind, (records: readonly Row[], options: IngestOptions) => SQL> = {
  activity: insertStatement(
    'activity_reports',
    'package_id, local_id, activity_id, function_id, occurrence_id, quantity, notes, report_info, is_scheduled',
    'p int, l int, ac int, f int, o int, q smallint, n text, ri text, sc boolean',
    'r.p, r.l, r.ac, r.f, r.o, r.q, r.n, r.ri, r.sc',
  ),
  equipment: insertStatement(
    'equipment_reports',
    'package_id, area_id, activity_id, equipment_id, classification, notes',
    'p int, ar int, ac int, e int, cl text, n text',
    'r.p, r.ar, r.ac, r.e, r.cl, r.n',
  ),
  quantity: insertStatement(
    'quantity_reports',
    'package_id, area_id, activity_id, quantity, unity',
    'p int, ar int, ac int, q numeric, u text',
    'r.p, r.ar, r.ac, r.q, r.u',
  ),
};
