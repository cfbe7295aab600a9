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
  const { orm } = context;
  const counted = (classification: string) =>
    sql`count(*) filter (where ${equipmentReports.classification} = ${classification})::int`;
  const evolution = sql`select ${bucketOf(context, sql`${equipmentReports.localDate}`)} as bucket, ${counted('working')} as working,
      ${counted('idle')} as idle, ${counted('down')} as down, count(*)::int as observations,
      ${counted('working')}::float8 / count(*)::float8 as utilization
    from ${equipmentReports} where ${context.equipment} group by 1`;
  const grouped = sql`select ${equipmentReports.equipmentId} as id, ${counted('working')} as working,
      ${counted('idle')} as idle, ${counted('down')} as down, count(*)::int as observations
    from ${equipmentReports} where ${context.equipment} group by 1`;
  // One pass over the rows (PGlite runs one statement at a time: two statements each grouping
  // the rows took twice as long there); both lists come from the grouped items.
  const [answer] = await figureRows<{
    items: EquipmentUtilization[];
    companies: EquipmentCompany[];
    perMachine: EquipmentCompany[];
    evolution: EquipmentBucket[];
  }>(
    orm,
    sql`with grouped as materialized (${grouped}),
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
    ...(await meta(context, 'equipment')),
    equipment: items,
    topCompanies: companies,
    topCompaniesPerMachine: perMachine,
    evolution: buckets,
    observations,
    working,
    utilization: observations === 0 ? null : working / observations,
  };
}
