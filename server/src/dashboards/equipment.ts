import { sql } from 'drizzle-orm';
import { CONFIDENCE_SAMPLE } from '@canteiro/shared/domain';
import type {
  EquipmentBucket,
  EquipmentCompany,
  EquipmentDashboard,
  EquipmentUtilization,
} from '@canteiro/shared/domain';
import { equipment } from '../db/schema/catalogue.js';
import { equipmentReports } from '../db/schema/reports.js';
import { equipmentDaily } from '../db/schema/dashboards.js';
import { annotationsOf } from './annotations.js';
import type { DashboardContext } from './context.js';
import { figureRows, meta } from './context.js';
import { bucketOf, jsonRows } from './fragments.js';

/**
 * Equipment (DOMAIN.md §3): per item, its working / idle / down observations and its
 * utilization (working / all), best first; the overall utilization (working / all observations);
 * the five companies with most idle + down observations ("occurrences"), and the five with most
 * per machine observed (a company renting two machines no longer leads by its count alone);
 * the utilization per bucket of the range (day, week, month, year).
 */
export async function equipmentDashboard(context: DashboardContext): Promise<EquipmentDashboard> {
  // The last observation's probe runs beside the figures, not after them (handled now, awaited below).
  const described = meta(context, 'equipment');
  described.catch(() => undefined);
  // The annotations its buckets show, compared on the activity rows (a machine filter describes none).
  const annotated = annotationsOf(context);
  annotated.catch(() => undefined);
  const { orm } = context;
  // One pass into both groupings, by machine and by site day; the few days are folded into
  // buckets after (a bucket computed on every row cost more than the grouping). The pass reads
  // equipment_daily when it answers the filters (a line per machine and site day), else the
  // rows, each a line of one observation (10 M-row bench, default view: the rows 70–113 ms
  // against 56–60 ms before the buckets existed; equipment_daily: docs/benchmarks.md).
  const observed =
    context.equipmentDaily === null
      ? sql`select ${equipmentReports.equipmentId} as equipment_id, ${equipmentReports.localDate} as local_date,
          (${equipmentReports.classification} = 'working')::int as working, (${equipmentReports.classification} = 'idle')::int as idle,
          (${equipmentReports.classification} = 'down')::int as down, 1 as observations
        from ${equipmentReports} where ${context.equipment}`
      : sql`select equipment_id, local_date, working, idle, down, observations
        from ${equipmentDaily} as ${sql.identifier('equipment_reports')} where ${context.equipmentDaily}`;
  const sets = sql`select grouping(equipment_id, local_date)::int as grouping_set, equipment_id as id, local_date,
      sum(working)::int as working, sum(idle)::int as idle, sum(down)::int as down, sum(observations)::int as observations
    from (${observed}) observed
    group by grouping sets ((equipment_id), (local_date))`;
  // grouping(): a bit per key the line is not grouped by, the first key the high bit.
  const BY_MACHINE = 1;
  const BY_BUCKET = 2;
  const grouped = sql`select id, working, idle, down, observations from sets where grouping_set = ${sql.raw(String(BY_MACHINE))}`;
  const evolution = sql`select bucket, sum(working)::int as working, sum(idle)::int as idle, sum(down)::int as down,
      sum(observations)::int as observations, sum(working)::float8 / sum(observations)::float8 as utilization
    from (select ${bucketOf(context, sql`local_date`)} as bucket, working, idle, down, observations
      from sets where grouping_set = ${sql.raw(String(BY_BUCKET))}) days
    group by bucket`;
  // PGlite runs one statement at a time: two statements each grouping the rows took twice as
  // long there; every list comes from the one grouping.
  const [answer] = await figureRows<{
    items: EquipmentUtilization[];
    companies: EquipmentCompany[];
    perMachine: EquipmentCompany[];
    evolution: EquipmentBucket[];
  }>(
    orm,
    sql`with sets as materialized (${sets}),
      grouped as materialized (${grouped}),
      items as materialized (
        select grouped.*, ${equipment.specification} as name, ${equipment.company} as company,
          grouped.working::float8 / grouped.observations::float8 as utilization,
          grouped.observations < ${CONFIDENCE_SAMPLE} as "lowConfidence"
        from grouped join ${equipment} on ${equipment.id} = grouped.id),
      companies as materialized (
        select company, count(*)::int as machines, sum(idle + down)::int as occurrences,
          sum(idle + down)::float8 / count(*)::float8 as "perMachine"
        from items group by 1 having sum(idle + down) > 0)
      select ${jsonRows(sql`select * from items`, sql`utilization desc, observations desc, id`)} as items,
        ${jsonRows(sql`select * from companies order by occurrences desc, company limit 5`, sql`occurrences desc, company`)} as companies,
        ${jsonRows(
          sql`select * from companies order by "perMachine" desc, occurrences desc, company limit 5`,
          sql`"perMachine" desc, occurrences desc, company`,
        )} as "perMachine",
        ${jsonRows(evolution, sql`bucket`)} as evolution`,
  );
  const { items, companies, perMachine, evolution: buckets } = answer!;
  const observations = items.reduce((sum, item) => sum + item.observations, 0);
  const working = items.reduce((sum, item) => sum + item.working, 0);
  return {
    ...(await described),
    equipment: items,
    topCompanies: companies,
    topCompaniesPerMachine: perMachine,
    evolution: buckets,
    observations,
    working,
    utilization: observations === 0 ? null : working / observations,
    annotations: await annotated,
  };
}
