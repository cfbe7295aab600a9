import { sql } from 'drizzle-orm';
import { selectRows } from '../src/db/connection.js';
import { databaseError } from '../src/db/driver.js';
import type { MobileContext } from './mobile-fixtures.js';
import { newId } from './mobile-fixtures.js';

/** The report tables' keys (migration 0026) and what their tests write: rows and parents by hand. */

export type Table = 'activity_reports' | 'equipment_reports' | 'quantity_reports';
export type Parent =
  'activities' | 'packages' | 'locals' | 'areas' | 'functions' | 'equipment' | 'occurrences' | 'users';

/** Each table's keys: the key's name ends `_<key>_fk`; the parent and whether it is the contract's. */
export const KEYS: Record<Table, { key: string; column: string; parent: Parent; ofContract: boolean }[]> = {
  activity_reports: [
    { key: 'activity', column: 'activity_id', parent: 'activities', ofContract: true },
    { key: 'package', column: 'package_id', parent: 'packages', ofContract: true },
    { key: 'local', column: 'local_id', parent: 'locals', ofContract: true },
    { key: 'function', column: 'function_id', parent: 'functions', ofContract: true },
    { key: 'occurrence', column: 'occurrence_id', parent: 'occurrences', ofContract: false },
    { key: 'user', column: 'user_id', parent: 'users', ofContract: false },
  ],
  equipment_reports: [
    { key: 'activity', column: 'activity_id', parent: 'activities', ofContract: true },
    { key: 'package', column: 'package_id', parent: 'packages', ofContract: true },
    { key: 'area', column: 'area_id', parent: 'areas', ofContract: true },
    { key: 'equipment', column: 'equipment_id', parent: 'equipment', ofContract: true },
    { key: 'user', column: 'user_id', parent: 'users', ofContract: false },
  ],
  quantity_reports: [
    { key: 'activity', column: 'activity_id', parent: 'activities', ofContract: true },
    { key: 'package', column: 'package_id', parent: 'packages', ofContract: true },
    { key: 'area', column: 'area_id', parent: 'areas', ofContract: true },
    { key: 'user', column: 'user_id', parent: 'users', ofContract: false },
  ],
};
export const TABLES = Object.keys(KEYS) as Table[];

/** A valid row of `table` on A1's first chain, as columns; `changes` replace any. */
export function reportRow(
  { catalogue, people, occurrence }: MobileContext,
  table: Table,
  changes: Record<string, number> = {},
): Record<string, unknown> {
  const common = {
    id: newId(),
    contract_id: catalogue.a1.contract,
    report_time: '2026-03-02T12:00:00Z',
    local_date: '2026-03-02',
    local_minute: 9 * 60,
    local_weekday: 1,
    user_id: people.reporterA1,
    package_id: catalogue.a1.package,
    activity_id: catalogue.a1.activity,
  };
  const own =
    table === 'activity_reports'
      ? {
          local_id: catalogue.a1.local,
          function_id: catalogue.a1.function,
          occurrence_id: occurrence,
          quantity: 2,
          is_scheduled: true,
        }
      : table === 'equipment_reports'
        ? { area_id: catalogue.a1.area, equipment_id: catalogue.a1.equipment, classification: 'working' }
        : { area_id: catalogue.a1.area, quantity: 3, unity: 'm³' };
  return { ...common, ...own, ...changes };
}

/** The SQLSTATE and the constraint a statement failed with; null when it did not fail. */
export async function failureOf(statement: Promise<unknown>): Promise<string | null> {
  try {
    await statement;
    return null;
  } catch (error) {
    const cause = databaseError(error);
    if (!cause) throw error;
    return `${cause.code} ${cause.constraint}`.trim();
  }
}

/**
 * A parent of each table, made for the test and named by nothing but reports (a copy of A1's
 * row under a new id), so that the refusal seen is the reports' key and not another table's.
 */
export async function freshParent(
  { db, catalogue, people, occurrence }: MobileContext,
  parent: Parent,
): Promise<number> {
  const source: Record<Parent, number> = {
    activities: catalogue.a1.activity,
    packages: catalogue.a1.package,
    locals: catalogue.a1.local,
    areas: catalogue.a1.area,
    functions: catalogue.a1.function,
    equipment: catalogue.a1.equipment,
    occurrences: occurrence,
    users: people.reporterA1,
  };
  const table = sql.identifier(parent);
  const unique = parent === 'users' ? 'email' : parent === 'equipment' ? 'specification' : 'name';
  const names = await selectRows<{ name: string }>(
    db.orm,
    sql`select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = ${parent} and is_generated = 'NEVER' order by ordinal_position`,
  );
  const columns = sql.join(
    names.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  const [row] = await selectRows<{ id: number }>(
    db.orm,
    sql`insert into ${table} (${columns})
          select ${columns} from jsonb_populate_record(null::${table}, (
            select to_jsonb(p) || jsonb_build_object('id', nextval(pg_get_serial_sequence(${parent}::text, 'id')),
                                                     ${unique}::text, 'x' || ${sql.identifier(unique)})
            from ${table} p where id = ${source[parent]}))
        returning id`,
  );
  return row!.id;
}
