import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
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
