import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { occurrences } from '../db/schema/catalogue.js';
import { catalogueChain } from '../resources/hierarchy-resource.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import type { Caller } from '../scope.js';
import { contractsScope } from '../scope.js';

/**
 * What a batch's rows point at, read in one query per batch (docs/ingestion.md): each
 * contract named (in the caller's scope? active with its work and base?), each referenced
 * package, local, area, activity, function and equipment (its contract, an activity's
 * package, local and area, and whether it is active with every ancestor below the contract,
 * as docs/scoping.md defines it), each occurrence (active?), each contract's work start, and the
 * database's clock.
 * Only the ids the batch names are read, whatever the size of the catalogue; nothing is
 * cached, so a deactivation counts from the next batch on.
 */

/** The catalogue records a row may name, each checked through its declared chain. */
const CHAINED = ['package', 'local', 'area', 'activity', 'function', 'equipment'] as const;

export type ReferenceKind = (typeof CHAINED)[number] | 'occurrence';

export interface Reference {
  contract: number | null;
  /** An activity's package, local and area. */
  package: number | null;
  local: number | null;
  area: number | null;
  /** Active with every ancestor (its contract's own refusal, contract_out_of_scope, comes first). */
  active: boolean;
}

export interface ContractInfo {
  inScope: boolean;
  /** Active with its work and base. */
  active: boolean;
  /** When its work started (ms since the epoch): the work's start date at midnight on the site's clock. */
  workStart: number;
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
  /** The database's clock on the first row, a contract's work start on the contracts' rows (ms). */
  instant: number | null;
}

/** `select '<kind>', id, contract, package, local, area, active, in_scope, instant` of one table. */
const part = (
  kind: string,
  columns: {
    id: SQL;
    contract: SQL;
    package?: SQL;
    local?: SQL;
    area?: SQL;
    active: SQL;
    inScope?: SQL;
    instant?: SQL;
  },
  from: SQL,
  ids: Set<number>,
): SQL => sql`select ${sql.raw(`'${kind}'`)}, ${columns.id}, ${columns.contract},
    ${columns.package ?? sql`null::int`}, ${columns.local ?? sql`null::int`}, ${columns.area ?? sql`null::int`},
    ${columns.active}, ${columns.inScope ?? sql`null::boolean`}, ${columns.instant ?? sql`null::float8`}
  from ${from} where ${columns.id} = any(${idArray(ids)}::int[])`;

/** An instant as ms since the epoch. */
const epochMs = (instant: SQL): SQL => sql`extract(epoch from ${instant})::float8 * 1000`;

export async function loadReferences(
  orm: Orm,
  caller: Caller,
  ids: ReferencedIds,
  siteTimeZone: string,
): Promise<BatchReferences> {
  const query = sql.join(
    [
      // First, so it names the columns of the union.
      sql`select 'now'::text as kind, null::int as id, null::int as contract, null::int as package, null::int as local,
        null::int as area, null::boolean as active, null::boolean as in_scope,
        ${epochMs(sql`clock_timestamp()`)} as instant`,
      part(
        'contract',
        {
          id: sql`${contracts.id}`,
          contract: sql`${contracts.id}`,
          active: sql`(${contracts.isActive} and ${works.isActive} and ${bases.isActive})`,
          inScope: reportingScope(caller),
          // A start date is a day on the sites' calendar: the work starts at its midnight there.
          instant: epochMs(sql`(${works.startDate}::timestamp at time zone ${siteTimeZone}::text)`),
        },
        sql`${contracts} join ${works} on ${works.id} = ${contracts.workId} join ${bases} on ${bases.id} = ${contracts.baseId}`,
        ids.contract,
      ),
      ...CHAINED.map((kind) => {
        const { table, from, active } = catalogueChain(kind);
        const columns = table as unknown as Record<'contractId' | 'packageId' | 'localId' | 'areaId', AnyColumn>;
        return part(
          kind,
          {
            id: sql`${table.id}`,
            contract: sql`${columns.contractId}`,
            // An activity names its package, local and area: the row must name the same.
            ...(kind === 'activity'
              ? { package: sql`${columns.packageId}`, local: sql`${columns.localId}`, area: sql`${columns.areaId}` }
              : {}),
            // Active with every ancestor, as the hierarchy declares them (docs/hierarchy.md).
            active,
          },
          from,
          ids[kind],
        );
      }),
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
    if (row.kind === 'now') found.now = Number(row.instant);
    else if (row.kind === 'contract')
      found.contracts.set(row.id, {
        inScope: row.in_scope === true,
        active: row.active,
        workStart: Number(row.instant),
      });
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
