import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  ActivityProductivity,
  AddedValueShare,
  GroupProductivity,
  PerformanceDashboard,
} from '@canteiro/shared/domain';
import { selectRows } from '../db/connection.js';
import { activities, locals, packages } from '../db/schema/catalogue.js';
import { quantityReports } from '../db/schema/reports.js';
import { activityStatus } from '../resources/activities.js';
import type { DashboardContext } from './context.js';
import { activityFacts, meta } from './context.js';

/**
 * Performance (DOMAIN.md §3). Per activity: HH of its activity rows and what its quantity
 * rows say was produced, both under the filters; actual RUP = HH / produced, planned RUP =
 * hhCount / quantity, index = planned / actual. A package or local holds activities of
 * different units, so its index is Σ(planned RUP × produced) / Σ HH over its activities that
 * produced something (for one activity: planned / actual). Added value: value-adding HH by
 * the report's package and local. Activity status: the contract's active activities under the
 * catalogue filters, as of today (resources/activities.ts).
 */
export async function performance(context: DashboardContext): Promise<PerformanceDashboard> {
  const { orm, filters } = context;
  const facts = activityFacts(context);
  const hours = sql`cast(${context.hours} as float8)`;
  const perActivity = sql`worked as (select activity_id as id, sum(quantity)::float8 * ${hours} as hh from facts group by 1),
    produced as (select ${quantityReports.activityId} as id, sum(${quantityReports.quantity})::float8 as produced
      from ${quantityReports} where ${context.quantity} group by 1),
    productivity as (
      select ${activities.id} as id, ${activities.name} as name, ${activities.packageId} as "packageId",
        ${activities.localId} as "localId", ${activities.measureUnit} as unit,
        coalesce(worked.hh, 0) as hh, coalesce(produced.produced, 0) as produced,
        ${activities.hhCount}::float8 / nullif(${activities.quantity}, 0)::float8 as "plannedRup"
      from ${activities}
        left join worked on worked.id = ${activities.id} left join produced on produced.id = ${activities.id}
      where ${activities.contractId} = ${filters.contract} and (worked.id is not null or produced.id is not null))`;
  const byGroup = (key: SQL, table: typeof packages | typeof locals) =>
    selectRows<GroupProductivity>(
      orm,
      sql`with facts as (${facts}), ${perActivity},
        grouped as (select ${key} as id, sum(hh) as hh, sum("plannedRup" * produced) as "plannedHh"
          from productivity where produced > 0 group by 1)
        select grouped.id, ${table.name} as name, grouped.hh, grouped."plannedHh",
          grouped."plannedHh" / nullif(grouped.hh, 0) as "productivityIndex"
        from grouped join ${table} on ${table.id} = grouped.id
        order by "productivityIndex" desc nulls last, grouped.id`,
    );
  const addedValue = (key: SQL, table: typeof packages | typeof locals) =>
    selectRows<AddedValueShare>(
      orm,
      sql`with facts as (${facts}),
        grouped as (select ${key} as id, sum(quantity)::float8 as workers from facts where c = 'value_adding' group by 1)
        select grouped.id, ${table.name} as name, grouped.workers * ${hours} as hh,
          grouped.workers / sum(grouped.workers) over () as share
        from grouped join ${table} on ${table.id} = grouped.id
        order by grouped.workers desc, grouped.id`,
    );
  const catalogue = and(
    eq(activities.contractId, filters.contract),
    eq(activities.isActive, true),
    context.inScope ? undefined : sql`false`,
    filters.package === undefined ? undefined : eq(activities.packageId, filters.package),
    filters.local === undefined ? undefined : eq(activities.localId, filters.local),
    filters.area === undefined ? undefined : eq(activities.areaId, filters.area),
    filters.block === undefined ? undefined : eq(activities.blockId, filters.block),
    filters.activity === undefined ? undefined : eq(activities.id, filters.activity),
  );
  const status = activityStatus(context.timeZone);
  const [activityRows, byPackage, byLocal, valueByPackage, valueByLocal, statuses] = await Promise.all([
    selectRows<ActivityProductivity>(
      orm,
      sql`with facts as (${facts}), ${perActivity}
        select productivity.*, hh / nullif(produced, 0) as "actualRup",
          "plannedRup" / nullif(hh / nullif(produced, 0), 0) as "productivityIndex"
        from productivity order by "packageId", name, id`,
    ),
    byGroup(sql`"packageId"`, packages),
    byGroup(sql`"localId"`, locals),
    addedValue(sql`package_id`, packages),
    addedValue(sql`local_id`, locals),
    selectRows<{ finished: number; late: number; inTerm: number }>(
      orm,
      sql`select count(*) filter (where ${status} = 'finished')::int as finished,
          count(*) filter (where ${status} = 'late')::int as late,
          count(*) filter (where ${status} = 'in_term')::int as "inTerm"
        from ${activities} where ${catalogue}`,
    ),
  ]);
  return {
    ...meta(context),
    activities: activityRows,
    byPackage,
    byLocal,
    addedValue: { byPackage: valueByPackage, byLocal: valueByLocal },
    activityStatus: statuses[0]!,
  };
}
