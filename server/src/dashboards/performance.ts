import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  ActivityProductivity,
  AddedValueShare,
  GroupProductivity,
  PerformanceDashboard,
} from '@canteiro/shared/domain';
import { activities, locals, packages } from '../db/schema/catalogue.js';
import { quantityReports } from '../db/schema/reports.js';
import { activityStatus } from '../resources/activities.js';
import type { DashboardContext } from './context.js';
import { figureRows, meta } from './context.js';
import { catalogueLabel, catalogueRows, classFacts, jsonRows } from './fragments.js';

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
  // The last observation's probe runs beside the figures, not after them (handled now, awaited below).
  const described = meta(context, 'activity');
  described.catch(() => undefined);
  const { orm, filters } = context;
  const hours = sql`cast(${context.hours} as float8)`;
  const byGroup = (key: SQL, table: typeof packages | typeof locals) =>
    jsonRows(
      sql`select grouped.id, ${catalogueLabel(table)} as name, grouped.hh, grouped."plannedHh",
          grouped."plannedHh" / nullif(grouped.hh, 0) as "productivityIndex"
        from (select ${key} as id, sum(hh) as hh, sum("plannedRup" * produced) as "plannedHh"
          from productivity where produced > 0 group by 1) grouped
          join ${catalogueRows(table, filters.contract)} on ${table.id} = grouped.id`,
      sql`"productivityIndex" desc nulls last, id`,
    );
  const addedValue = (key: SQL, table: typeof packages | typeof locals) =>
    jsonRows(
      sql`select grouped.id, ${catalogueLabel(table)} as name, grouped.workers * ${hours} as hh,
          grouped.workers / sum(grouped.workers) over () as share
        from (select ${key} as id, sum(va)::float8 as workers from cube where va > 0 group by 1) grouped
          join ${catalogueRows(table, filters.contract)} on ${table.id} = grouped.id`,
      sql`hh desc, id`,
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
  // One pass over the activity rows or a daily rollup (folded into activity × package × local,
  // value-adding workers apart: context.ts classFacts), one over the quantity rows; every
  // figure comes from those two.
  const [answer] = await figureRows<{
    activities: ActivityProductivity[];
    byPackage: GroupProductivity[];
    byLocal: GroupProductivity[];
    valueByPackage: AddedValueShare[];
    valueByLocal: AddedValueShare[];
    status: PerformanceDashboard['activityStatus'];
  }>(
    orm,
    sql`with facts as (${classFacts(context)}),
      cube as materialized (
        select activity_id, package_id, local_id, sum(va) as va, sum(quantity) as quantity from facts group by 1, 2, 3),
      worked as (select activity_id as id, sum(quantity)::float8 * ${hours} as hh from cube group by 1),
      produced as (select ${quantityReports.activityId} as id, sum(${quantityReports.quantity})::float8 as produced
        from ${quantityReports} where ${context.quantity} group by 1),
      productivity as materialized (
        select ${activities.id} as id, ${catalogueLabel(activities)} as name, ${activities.packageId} as "packageId",
          ${activities.localId} as "localId", ${activities.measureUnit} as unit,
          coalesce(worked.hh, 0) as hh, coalesce(produced.produced, 0) as produced,
          ${activities.hhCount}::float8 / nullif(${activities.quantity}, 0)::float8 as "plannedRup"
        from ${catalogueRows(activities, filters.contract)}
          left join worked on worked.id = ${activities.id} left join produced on produced.id = ${activities.id}
        where worked.id is not null or produced.id is not null)
      select ${jsonRows(
        sql`select productivity.*, hh / nullif(produced, 0) as "actualRup",
            "plannedRup" / nullif(hh / nullif(produced, 0), 0) as "productivityIndex"
          from productivity`,
        sql`"packageId", name, id`,
      )} as activities,
        ${byGroup(sql`"packageId"`, packages)} as "byPackage",
        ${byGroup(sql`"localId"`, locals)} as "byLocal",
        ${addedValue(sql`package_id`, packages)} as "valueByPackage",
        ${addedValue(sql`local_id`, locals)} as "valueByLocal",
        (select row_to_json(t) from (
          select count(*) filter (where ${status} = 'finished')::int as finished,
            count(*) filter (where ${status} = 'late')::int as late,
            count(*) filter (where ${status} = 'in_term')::int as "inTerm"
          from ${activities} where ${catalogue}) t) as status`,
  );
  const figures = answer!;
  return {
    ...(await described),
    activities: figures.activities,
    byPackage: figures.byPackage,
    byLocal: figures.byLocal,
    addedValue: { byPackage: figures.valueByPackage, byLocal: figures.valueByLocal },
    activityStatus: figures.status,
  };
}
