import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { ReportKind } from '@canteiro/shared/domain';
import { activities, areas, equipment, functions, locals, occurrences, packages } from '../db/schema/catalogue.js';
import { users } from '../db/schema/people.js';
import { activityReports, equipmentReports, quantityReports } from '../db/schema/reports.js';
import type { SearchColumn, SortKey } from '../crud/list-query.js';
import { containsPattern, valueSort } from '../crud/list-query.js';
import { sortKey } from '../db/schema/columns.js';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { activityLabel, packageLabel } from '../db/catalogue-labels.js';
import type { ReadModel } from '../crud/reads.js';
import { exportedFields } from './exports.js';
import { columnList, isoDate, isoTimestamp } from '../crud/reads.js';

/**
 * How each kind of report row is listed (docs/reports.md; exported: exports.ts): the spec's field
 * names (§3), each reference's id and name, the instant in UTC and its site day and time.
 *
 * - The references are `left join`ed: a count or a page that neither shows nor sorts by a
 *   name lets the planner drop the join (each is on a primary key).
 * - Search looks a name up in its small catalogue table (`package_id in (…)`), not in a
 *   join to every row, and only the names that matched something (`searchedNamesFound`);
 *   notes and report info are searched where they are.
 * - No scope here: the route checks the one contract of the filters (filters.ts
 *   `scopedReportConditions`) before any row is read.
 */

type ReportTable = typeof activityReports | typeof equipmentReports | typeof quantityReports;
type Named = { id: AnyColumn };
type Records = 'contract' | 'reporters' | 'all';

/** A sort by a stored code (classification): plain bytes, the same on both databases. */
const codeSort = (column: AnyColumn): SortKey => ({ expression: sql`${column} collate "C"`, type: 'text' });

/** Minutes since midnight as `HH:MM`. */
const clockTime = (minute: AnyColumn): SQL =>
  sql`lpad((${minute} / 60)::text, 2, '0') || ':' || lpad((${minute} % 60)::text, 2, '0')`;

/** What every kind has: the row's identity, contract, instant (UTC and site clock) and reporter. */
const observedColumns = (table: ReportTable) => ({
  id: table.id,
  contract: table.contractId,
  reportTime: isoTimestamp(table.reportTime),
  localDate: isoDate(table.localDate),
  localTime: clockTime(table.localMinute),
  user: table.userId,
  userName: users.firstName,
});

/** `left join <table> on <table>.id = <reference>`: a referenced record, shown by name. */
const reference = (target: Named, column: AnyColumn): SQL => sql`left join ${target} on ${target.id} = ${column}`;

/**
 * A sort by a referenced name. `canteiro_sort_key` (accents and case folded) costs ~5 µs a
 * call: over a million rows' joined names that was 5 s a page. So each referenced record's
 * key is computed once, in a small derived table of the contract's records, and the rows
 * sort by it (≈ 0.2 s for 1 M rows, docs/reports.md). `group by id` tells the planner the
 * table has one row per id, so a count or a page that does not sort by it drops the join.
 */
interface NameSort {
  join: SQL;
  sort: SortKey;
}
function nameSort(alias: string, target: Named, name: AnyColumn | SQL, column: AnyColumn, records: SQL): NameSort {
  const derived = sql.identifier(alias);
  return {
    join: sql`left join (select ${target.id} as id, ${sortKey(name)} as sort_name from ${target} where ${records} group by ${target.id}) ${derived} on ${derived}.id = ${column}`,
    // Collated here too: the export's keyset compares it with a parameter (list-query.ts afterCursor).
    sort: { expression: sql`${derived}.sort_name collate "C"`, type: 'text' },
  };
}

/** Which records of a referenced table the contract's rows can point at. */
function recordsOf(records: Records, target: Named, contract: number): SQL {
  switch (records) {
    case 'contract':
      return sql`${(target as Named & { contractId: AnyColumn }).contractId} = ${contract}`;
    case 'reporters':
      // Who can report in the contract (its scope, ARCHITECTURE.md §5): its own users, and
      // the levels above a contract. Reading the reporters off a million rows cost 0.45 s.
      return sql`(${users.contractId} = ${contract} or ${users.profile} in ('admin', 'base', 'work'))`;
    default:
      return sql`true`;
  }
}

/**
 * A referenced name the search looks at: the row matches when its `column` is one of the
 * records (of `target`) whose name `matches` the pattern.
 */
interface NameSearch {
  column: AnyColumn;
  target: Named;
  records: Records;
  matches(pattern: string): SQL;
}
const byName = (
  column: AnyColumn,
  target: Named,
  name: AnyColumn | SQL,
  records: Records = 'contract',
): NameSearch => ({
  column,
  target,
  records,
  matches: (pattern) => sql`${name} ilike ${pattern}`,
});
/** The reporter, by name or e-mail (users.search_text is both, lower-cased, with a trigram index). */
const byReporter = (table: ReportTable): NameSearch => ({
  column: table.userId,
  target: users,
  records: 'all',
  matches: (pattern) => sql`${users.searchText} like lower(${pattern})`,
});

/**
 * A record a row points at: the row's id column, the table, and the names the item shows
 * (field → expression). Each reference gives the item its id and names, a `left join`, a
 * search over each name and a sort by each name: declared once per kind below.
 */
interface Reference {
  field: string;
  target: Named;
  column: AnyColumn;
  names: Record<string, AnyColumn | SQL>;
  /** Which of its records a contract's rows can point at (occurrences are global). */
  records?: Records;
}
const ref = (
  field: string,
  target: Named,
  column: AnyColumn,
  names: Record<string, AnyColumn | SQL>,
  records: Records = 'contract',
): Reference => ({ field, target, column, names, records });

interface KindShape {
  table: ReportTable;
  references: readonly Reference[];
  /** The row's own fields (spec §3) beyond its references and what every kind has. */
  own: Record<string, AnyColumn | SQL>;
  /** The row's own text searched (notes, report info). */
  texts: readonly AnyColumn[];
  valueSorts: Record<string, SortKey>;
}

/** Each reference's names, with the reference they belong to: searched and sorted alike. */
const referencedNames = (shape: KindShape) =>
  shape.references.flatMap((reference) =>
    Object.entries(reference.names).map(([key, name]) => ({ key, name, reference })),
  );

function readModel(kind: ReportKind, contract: number, found?: readonly boolean[]): ReadModel {
  const shape = SHAPES[kind];
  const { table } = shape;
  const sorts = [
    ...referencedNames(shape).map(({ key, name, reference: { target, column, records = 'contract' } }) => ({
      key,
      ...nameSort(`${key}_order`, target, name, column, recordsOf(records, target, contract)),
    })),
    {
      key: 'userName',
      ...nameSort('userName_order', users, users.firstName, table.userId, recordsOf('reporters', users, contract)),
    },
  ];
  const names = namesOf(shape).filter((_, index) => found?.[index] ?? true);
  const columns: Record<string, AnyColumn | SQL> = {
    ...Object.fromEntries(
      shape.references.flatMap(({ field, column, names: shown }) => [[field, column], ...Object.entries(shown)]),
    ),
    ...shape.own,
    ...observedColumns(table),
  };
  const joins = sql.join(
    [
      ...shape.references.map(({ target, column }) => reference(target, column)),
      reference(users, table.userId),
      ...sorts.map(({ join }) => join),
    ],
    sql` `,
  );
  return {
    table: { id: table.id },
    from: sql`${table} ${joins}`,
    joins,
    columns: columnList(columns),
    // What the export shows (REPORT_EXPORTS): all it reads of each row.
    exportColumns: columnList(Object.fromEntries(exportedFields(kind).map((key) => [key, columns[key]!]))),
    search: [
      ...shape.texts,
      ...names.map(({ column, target, records, matches }): SearchColumn => ({
        matching: (pattern) =>
          sql`${column} in (select ${target.id} from ${target} where ${recordsOf(records, target, contract)} and ${matches(pattern)})`,
      })),
    ],
    sorts: {
      reportTime: valueSort(table.reportTime, 'timestamptz'),
      ...Object.fromEntries(sorts.map(({ key, sort }) => [key, sort])),
      ...shape.valueSorts,
    },
    defaultSort: { key: 'reportTime', order: 'desc' },
    // Checked once per request for the filters' one contract (filters.ts).
    scope: () => undefined,
  };
}

const equipmentName = sql`${equipment.type} || ' — ' || ${equipment.specification}`;

const a = activityReports;
const e = equipmentReports;
const q = quantityReports;

const SHAPES: Readonly<Record<ReportKind, KindShape>> = {
  activity: {
    table: a,
    references: [
      ref('package', packages, a.packageId, { packageName: packageLabel() }),
      ref('local', locals, a.localId, { localName: locals.name }),
      ref('activity', activities, a.activityId, { activityName: activityLabel() }),
      ref('function', functions, a.functionId, { functionName: functions.name }),
      ref('occurrence', occurrences, a.occurrenceId, { occurrenceName: occurrences.name }, 'all'),
    ],
    own: {
      classification: occurrences.classification,
      quantity: a.quantity,
      notes: a.notes,
      reportInfo: a.reportInfo,
      isScheduled: a.isScheduled,
    },
    texts: [a.notes, a.reportInfo],
    valueSorts: {
      classification: codeSort(occurrences.classification),
      quantity: valueSort(a.quantity, 'integer'),
    },
  },
  equipment: {
    table: e,
    references: [
      ref('package', packages, e.packageId, { packageName: packageLabel() }),
      ref('area', areas, e.areaId, { areaName: areas.name }),
      ref('activity', activities, e.activityId, { activityName: activityLabel() }),
      ref('equipment', equipment, e.equipmentId, { equipmentName, company: equipment.company }),
    ],
    own: { classification: e.classification, notes: e.notes },
    texts: [e.notes],
    valueSorts: { classification: codeSort(e.classification) },
  },
  quantity: {
    table: q,
    references: [
      ref('package', packages, q.packageId, { packageName: packageLabel() }),
      ref('area', areas, q.areaId, { areaName: areas.name }),
      ref('activity', activities, q.activityId, { activityName: activityLabel() }),
    ],
    own: { quantity: q.quantity, unity: q.unity },
    texts: [],
    valueSorts: { quantity: valueSort(q.quantity, 'numeric') },
  },
};

/** The referenced names a kind searches, the reporter's last. */
const namesOf = (shape: KindShape): NameSearch[] => [
  ...referencedNames(shape).map(({ name, reference: { column, target, records } }) =>
    byName(column, target, name, records),
  ),
  byReporter(shape.table),
];

/**
 * How a kind is read for one contract: the name sorts' derived tables hold that contract's
 * records only (the planner could not push the contract into them from the rows). `found`:
 * which referenced names the search matched (`searchedNamesFound`); the others are left out.
 */
export const reportReadModel = (kind: ReportKind, contract: number, found?: readonly boolean[]): ReadModel =>
  readModel(kind, contract, found);

/**
 * Which referenced names (in `reportReadModel`'s order) have a record matching the search,
 * in one small query. A search whose term names nothing then reads only the row's own text:
 * with eight `… in (subquery)` alternatives the planner expected an early match and walked a
 * million rows in time order (0.9 s); with two ILIKEs it estimates right (0.25 s, docs/reports.md).
 */
export async function searchedNamesFound(
  orm: Orm,
  kind: ReportKind,
  contract: number,
  term: string,
): Promise<boolean[]> {
  const shape = SHAPES[kind];
  const pattern = containsPattern(term);
  const probes = namesOf(shape).map(
    ({ target, records, matches }, index) =>
      sql`exists (select 1 from ${target} where ${recordsOf(records, target, contract)} and ${matches(pattern)}) as ${sql.identifier(`n${index}`)}`,
  );
  const [row] = await selectRows<Record<string, boolean>>(orm, sql`select ${sql.join(probes, sql`, `)}`);
  return probes.map((_, index) => row?.[`n${index}`] === true);
}
