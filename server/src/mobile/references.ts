import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import {
  activities,
  areas,
  blocks,
  disciplines,
  equipment,
  functions,
  locals,
  occurrences,
  packages,
} from '../db/schema/catalogue.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

/**
 * What a batch's rows point at, read in one query per batch (docs/ingestion.md): each
 * contract named (in the caller's scope? active with its work and base?), each referenced
 * package, local, area, activity, function and equipment (its contract, an activity's
 * package, local and area, and whether it is active with every ancestor below the contract,
 * as docs/scoping.md defines it), each occurrence (active?), and the database's clock.
 * Only the ids the batch names are read, whatever the size of the catalogue; nothing is
 * cached, so a deactivation counts from the next batch on.
 */

export type ReferenceKind = 'package' | 'local' | 'area' | 'activity' | 'function' | 'equipment' | 'occurrence';

export interface Reference {
  contract: number | null;
  /** An activity's package, local and area. */
  package: number | null;
  local: number | null;
  area: number | null;
  /** Active with every ancestor below its contract (the contract is checked on its own). */
  active: boolean;
}

export interface ContractInfo {
  inScope: boolean;
  /** Active with its work and base. */
  active: boolean;
}

export interface BatchReferences {
  contracts: Map<number, ContractInfo>;
  references: Record<ReferenceKind, Map<number, Reference>>;
  /** The database's clock (ms since the epoch) when the batch was read. */
  now: number;
}

/** The ids a batch names, per kind of record. */
export type ReferencedIds = Record<ReferenceKind | 'contract', Set<number>>;

export const emptyReferencedIds = (): ReferencedIds => ({
  contract: new Set(),
  package: new Set(),
  local: new Set(),
  area: new Set(),
  activity: new Set(),
  function: new Set(),
  equipment: new Set(),
  occurrence: new Set(),
});

/**
 * The contracts a caller may report on: a reporter its own contract (contractsScope has
 * nothing for reporters: they have no back-office), any other level those it manages.
 */
export function reportingScope(caller: Caller): SQL {
  if (caller.profile === 'reporter')
    return caller.contractId === null ? sql`false` : sql`${contracts.id} = ${caller.contractId}`;
  return contractsScope(caller) ?? sql`true`;
}

/**
 * `{1,2,3}`: an integer array as one text parameter, so the statement's text does not
 * depend on how many ids there are (prepared once; drizzle would expand a JS array into one
 * parameter per element). The ids were validated as integers.
 */
const idArray = (ids: Set<number>): string => `{${[...ids].join(',')}}`;

interface ReferenceRow {
  kind: string;
  id: number;
  contract: number | null;
  package: number | null;
  local: number | null;
  area: number | null;
  active: boolean;
  in_scope: boolean | null;
  now: number | null;
}

/** `select '<kind>', id, contract, package, local, area, active, in_scope, now` of one table. */
const part = (
  kind: string,
  columns: { id: SQL; contract: SQL; package?: SQL; local?: SQL; area?: SQL; active: SQL; inScope?: SQL },
  from: SQL,
  ids: Set<number>,
): SQL => sql`select ${sql.raw(`'${kind}'`)}, ${columns.id}, ${columns.contract},
    ${columns.package ?? sql`null::int`}, ${columns.local ?? sql`null::int`}, ${columns.area ?? sql`null::int`},
    ${columns.active}, ${columns.inScope ?? sql`null::boolean`}, null::float8
  from ${from} where ${columns.id} = any(${idArray(ids)}::int[])`;

export async function loadReferences(orm: Orm, caller: Caller, ids: ReferencedIds): Promise<BatchReferences> {
  const query = sql.join(
    [
      // First, so it names the columns of the union.
      sql`select 'now'::text as kind, null::int as id, null::int as contract, null::int as package, null::int as local,
        null::int as area, null::boolean as active, null::boolean as in_scope,
        extract(epoch from clock_timestamp())::float8 * 1000 as now`,
      part(
        'contract',
        {
          id: sql`${contracts.id}`,
          contract: sql`${contracts.id}`,
          active: sql`(${contracts.isActive} and ${works.isActive} and ${bases.isActive})`,
          inScope: reportingScope(caller),
        },
        sql`${contracts} join ${works} on ${works.id} = ${contracts.workId} join ${bases} on ${bases.id} = ${contracts.baseId}`,
        ids.contract,
      ),
      part(
        'package',
        {
          id: sql`${packages.id}`,
          contract: sql`${packages.contractId}`,
          active: sql`(${packages.isActive} and ${blocks.isActive} and ${locals.isActive} and ${areas.isActive} and ${disciplines.isActive})`,
        },
        sql`${packages} join ${blocks} on ${blocks.id} = ${packages.blockId} join ${locals} on ${locals.id} = ${blocks.localId}
          join ${areas} on ${areas.id} = ${locals.areaId} join ${disciplines} on ${disciplines.id} = ${areas.disciplineId}`,
        ids.package,
      ),
      part(
        'local',
        {
          id: sql`${locals.id}`,
          contract: sql`${locals.contractId}`,
          active: sql`(${locals.isActive} and ${areas.isActive} and ${disciplines.isActive})`,
        },
        sql`${locals} join ${areas} on ${areas.id} = ${locals.areaId} join ${disciplines} on ${disciplines.id} = ${areas.disciplineId}`,
        ids.local,
      ),
      part(
        'area',
        {
          id: sql`${areas.id}`,
          contract: sql`${areas.contractId}`,
          active: sql`(${areas.isActive} and ${disciplines.isActive})`,
        },
        sql`${areas} join ${disciplines} on ${disciplines.id} = ${areas.disciplineId}`,
        ids.area,
      ),
      part(
        'activity',
        {
          id: sql`${activities.id}`,
          contract: sql`${activities.contractId}`,
          package: sql`${activities.packageId}`,
          local: sql`${activities.localId}`,
          area: sql`${activities.areaId}`,
          // Its chain is its ancestry (docs/hierarchy.md): area with discipline, local, block, package.
          active: sql`(${activities.isActive} and ${areas.isActive} and ${disciplines.isActive} and ${locals.isActive}
            and ${blocks.isActive} and ${packages.isActive})`,
        },
        sql`${activities} join ${areas} on ${areas.id} = ${activities.areaId}
          join ${disciplines} on ${disciplines.id} = ${areas.disciplineId}
          join ${locals} on ${locals.id} = ${activities.localId} join ${blocks} on ${blocks.id} = ${activities.blockId}
          join ${packages} on ${packages.id} = ${activities.packageId}`,
        ids.activity,
      ),
      part(
        'function',
        { id: sql`${functions.id}`, contract: sql`${functions.contractId}`, active: sql`${functions.isActive}` },
        sql`${functions}`,
        ids.function,
      ),
      part(
        'equipment',
        { id: sql`${equipment.id}`, contract: sql`${equipment.contractId}`, active: sql`${equipment.isActive}` },
        sql`${equipment}`,
        ids.equipment,
      ),
      part(
        'occurrence',
        { id: sql`${occurrences.id}`, contract: sql`null::int`, active: sql`${occurrences.isActive}` },
        sql`${occurrences}`,
        ids.occurrence,
      ),
    ],
    sql` union all `,
  );
  const rows = await selectRows<ReferenceRow>(orm, query);

  const found: BatchReferences = {
    contracts: new Map(),
    references: {
      package: new Map(),
      local: new Map(),
      area: new Map(),
      activity: new Map(),
      function: new Map(),
      equipment: new Map(),
      occurrence: new Map(),
    },
    now: Date.now(),
  };
  for (const row of rows) {
    if (row.kind === 'now') found.now = Number(row.now);
    else if (row.kind === 'contract')
      found.contracts.set(row.id, { inScope: row.in_scope === true, active: row.active });
    else
      found.references[row.kind as ReferenceKind].set(row.id, {
        contract: row.contract,
        package: row.package,
        local: row.local,
        area: row.area,
        active: row.active,
      });
  }
  return found;
}
