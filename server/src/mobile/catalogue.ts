import { sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { MobileCatalogue } from '@canteiro/shared/domain';
import type { Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { sortKey } from '../db/schema/columns.js';
import { activities, blocks, equipment, functions, locals, occurrences, packages } from '../db/schema/catalogue.js';
import { areas } from '../db/schema/catalogue.js';
import { bases, contracts, works } from '../db/schema/organisation.js';
import type { ReadModel } from '../crud/reads.js';
import { effectivelyActive } from '../crud/reads.js';
import { activitiesResource } from '../resources/activities.js';
import { equipmentResource } from '../resources/equipment.js';
import { NAMED_RESOURCES } from '../resources/named.js';
import type { Caller } from '../scope.js';
import { reportingScope } from './references.js';

/**
 * GET /api/mobile/catalogue?contract=: what the app's pickers offer for one contract, in one
 * query. Only records in effect active (their own flag and every ancestor's, the very rule
 * of the Management lists: each entity's read model, `effectivelyActive`), sorted as the
 * lists sort names (`canteiro_sort_key`), then by id. Occurrences are global: the active ones.
 */

/** `json_agg(json_build_object(…) order by …)` over one entity's read model, `[]` when empty. */
function list(
  read: ReadModel,
  contract: AnyColumn,
  fields: Record<string, AnyColumn>,
  name: AnyColumn,
  id: number,
): SQL {
  const object = sql.join(
    Object.entries(fields).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(${object}) order by ${sortKey(name)}, ${read.table.id}), '[]'::json)
    from ${read.from} where ${contract} = ${id} and ${effectivelyActive(read)})`;
}

export interface CatalogueReads {
  activities: ReadModel;
}

/** The query's parts that do not change between requests. */
export function catalogueReads(siteTimeZone: string): CatalogueReads {
  return { activities: activitiesResource(siteTimeZone).read };
}

export async function readCatalogue(
  orm: Orm,
  reads: CatalogueReads,
  caller: Caller,
  contractId: number,
): Promise<MobileCatalogue | null> {
  const query = sql`select
      json_build_object('id', ${contracts.id}, 'name', ${contracts.name}, 'reportingPeriod', ${contracts.reportingPeriod},
        'reportingGoal', ${contracts.reportingGoal}, 'workSchedule', ${contracts.workSchedule}) as contract,
      ${list(
        NAMED_RESOURCES.package.read,
        packages.contractId,
        { id: packages.id, name: packages.name, block: packages.blockId, local: blocks.localId, area: locals.areaId },
        packages.name,
        contractId,
      )} as packages,
      ${list(NAMED_RESOURCES.local.read, locals.contractId, { id: locals.id, name: locals.name, area: locals.areaId }, locals.name, contractId)} as locals,
      ${list(NAMED_RESOURCES.block.read, blocks.contractId, { id: blocks.id, name: blocks.name, local: blocks.localId }, blocks.name, contractId)} as blocks,
      ${list(NAMED_RESOURCES.area.read, areas.contractId, { id: areas.id, name: areas.name }, areas.name, contractId)} as areas,
      ${list(
        reads.activities,
        activities.contractId,
        {
          id: activities.id,
          name: activities.name,
          package: activities.packageId,
          local: activities.localId,
          area: activities.areaId,
          measureUnit: activities.measureUnit,
        },
        activities.name,
        contractId,
      )} as activities,
      ${list(NAMED_RESOURCES.function.read, functions.contractId, { id: functions.id, name: functions.name }, functions.name, contractId)} as functions,
      ${list(
        equipmentResource.read,
        equipment.contractId,
        { id: equipment.id, type: equipment.type, specification: equipment.specification, company: equipment.company },
        equipment.specification,
        contractId,
      )} as equipment,
      (select coalesce(json_agg(json_build_object('id', ${occurrences.id}, 'name', ${occurrences.name},
          'category', ${occurrences.category}, 'classification', ${occurrences.classification})
          order by ${sortKey(occurrences.name)}, ${occurrences.id}), '[]'::json)
        from ${occurrences} where ${occurrences.isActive}) as occurrences
    from ${contracts} join ${works} on ${works.id} = ${contracts.workId} join ${bases} on ${bases.id} = ${contracts.baseId}
    where ${contracts.id} = ${contractId} and ${reportingScope(caller)}
      and ${contracts.isActive} and ${works.isActive} and ${bases.isActive}`;
  const [row] = await selectRows<MobileCatalogue>(orm, query);
  return row ?? null;
}

/** The contracts the caller may report on (GET /api/mobile/contracts): in scope, active with their work and base. */
export async function readContracts(orm: Orm, caller: Caller): Promise<{ id: number; name: string }[]> {
  return selectRows(
    orm,
    sql`select ${contracts.id} as id, ${contracts.name} as name
      from ${contracts} join ${works} on ${works.id} = ${contracts.workId} join ${bases} on ${bases.id} = ${contracts.baseId}
      where ${reportingScope(caller)} and ${contracts.isActive} and ${works.isActive} and ${bases.isActive}
      order by ${sortKey(contracts.name)}, ${contracts.id}`,
  );
}
