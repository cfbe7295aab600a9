import { getTableName, sql } from 'drizzle-orm';
import type { AnyColumn, SQL, Table as AnyTable } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { activities, blocks, packages } from './schema/catalogue.js';

/**
 * The name a package or an activity is shown by, wherever it is named (selects, lists,
 * report lists, dashboards, exports): its own name when no other of its kind in the contract
 * has it, else the name with its path (docs/hierarchy.md). Names repeat as the duplicate rules
 * compare them (case-insensitive): a package's is unique only within its block ("Armação" on
 * every floor), an activity's within its package. Locals, blocks and the rest are unique in
 * the contract and go by their name.
 *
 * - a repeated package: "Armação — Pavimento tipo A1" (its block, unique in the contract);
 * - a repeated activity: "Armação de vigas — Pavimento tipo A1", or, when the block holds it
 *   twice (in two packages), "Limpeza — Armação · Pavimento tipo A1".
 *
 * Correlated on the table under its own name (`packages`, `activities`): each probe is an
 * index lookup on (contract_id, lower(name)) (migration 0016), ~3 µs a row.
 */
export const PATH_SEPARATOR = ' — ';

const otherPackage = alias(packages, 'same_name_package');
const otherActivity = alias(activities, 'same_name_activity');
const blockOf = alias(blocks, 'label_block');
const packageOf = alias(packages, 'label_package');
/** `<table> as <alias>`: drizzle writes an alias by its name alone. */
const as = (table: typeof packages | typeof activities | typeof blocks, name: string) =>
  sql`${table} as ${sql.identifier(name)}`;
const separator = sql.raw(`'${PATH_SEPARATOR}'`);

const blockName = (blockId: SQL | typeof packages.blockId | typeof activities.blockId) =>
  sql`coalesce((select ${blockOf.name} from ${as(blocks, 'label_block')} where ${blockOf.id} = ${blockId}), '')`;

export function packageLabel(): SQL {
  const repeated = sql`exists (select 1 from ${as(packages, 'same_name_package')}
    where ${otherPackage.contractId} = ${packages.contractId} and lower(${otherPackage.name}) = lower(${packages.name})
      and ${otherPackage.id} <> ${packages.id})`;
  return sql`(case when ${repeated} then ${packages.name} || ${separator} || ${blockName(packages.blockId)}
    else ${packages.name} end)`;
}

export function activityLabel(): SQL {
  const sameName = sql`${otherActivity.contractId} = ${activities.contractId}
    and lower(${otherActivity.name}) = lower(${activities.name}) and ${otherActivity.id} <> ${activities.id}`;
  const packageName = sql`coalesce((select ${packageOf.name} from ${as(packages, 'label_package')} where ${packageOf.id} = ${activities.packageId}), '')`;
  return sql`(case
    when not exists (select 1 from ${as(activities, 'same_name_activity')} where ${sameName}) then ${activities.name}
    when not exists (select 1 from ${as(activities, 'same_name_activity')} where ${sameName} and ${otherActivity.blockId} = ${activities.blockId})
      then ${activities.name} || ${separator} || ${blockName(activities.blockId)}
    else ${activities.name} || ${separator} || ${packageName} || ' · ' || ${blockName(activities.blockId)} end)`;
}

/** The label of each entity named with its path when its name repeats; the others go by `name`. */
export const PATH_LABELS = { package: packageLabel, activity: activityLabel } as const;

/** How a catalogue row of `entity` (its table under its own name) is shown: its label, or its name. */
export function shownName(entity: string, name: AnyColumn): AnyColumn | SQL {
  return Object.hasOwn(PATH_LABELS, entity) ? PATH_LABELS[entity as keyof typeof PATH_LABELS]() : name;
}

/**
 * The rows of one contract's `table`, under the table's own name, with the name each is shown
 * by as `label`: for packages and activities the labels of {@link packageLabel} and
 * {@link activityLabel}, counted in one pass over the contract's rows (window counts by name,
 * and by name and block) instead of a probe per row. For the dashboards, which name most of the
 * catalogue at once (10 M-row bench, project health's default view: its statement 98 ms with
 * a probe per ranked row, ~60 ms so; docs/benchmarks.md). Other tables go by their name.
 */
export function labelledRows(table: typeof packages | typeof activities | AnyTable, contract: number | SQL): SQL {
  const name = getTableName(table);
  const self = sql.identifier('labelled');
  const rows = sql`${sql.identifier(name)} as ${self}`;
  // Byte order is enough to count equal names, and much cheaper to sort by than the collation's.
  const key = sql`lower(${self}.name) collate "C"`;
  const byName = sql`count(*) over (partition by ${key})`;
  const blockName = sql`coalesce(${sql.identifier('label_block')}.name, '')`;
  // The contract's rows only (their indexes), not a hash of every contract's.
  const withBlock = sql`left join ${as(blocks, 'label_block')} on ${sql.identifier('label_block')}.id = ${self}.block_id
    and ${sql.identifier('label_block')}.contract_id = ${contract}`;
  const label =
    table === packages
      ? sql`case when ${byName} > 1 then ${self}.name || ${separator} || ${blockName} else ${self}.name end`
      : table === activities
        ? sql`case when ${byName} = 1 then ${self}.name
            when count(*) over (partition by ${key}, ${self}.block_id) = 1
              then ${self}.name || ${separator} || ${blockName}
            else ${self}.name || ${separator} || coalesce(${sql.identifier('label_package')}.name, '') || ' · ' || ${blockName} end`
        : null;
  if (label === null)
    return sql`(select ${self}.*, ${self}.name as label from ${rows} where ${self}.contract_id = ${contract}) as ${sql.identifier(name)}`;
  const joins =
    table === activities
      ? sql`${withBlock} left join ${as(packages, 'label_package')} on ${sql.identifier('label_package')}.id = ${self}.package_id
          and ${sql.identifier('label_package')}.contract_id = ${contract}`
      : withBlock;
  return sql`(select ${self}.*, ${label} as label from ${rows} ${joins} where ${self}.contract_id = ${contract}) as ${sql.identifier(name)}`;
}
