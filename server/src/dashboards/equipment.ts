import { sql } from 'drizzle-orm';
import { CONFIDENCE_SAMPLE } from '@canteiro/shared/domain';
import type { EquipmentDashboard, EquipmentUtilization } from '@canteiro/shared/domain';
import { equipment } from '../db/schema/catalogue.js';
import { equipmentReports } from '../db/schema/reports.js';
import type { DashboardContext } from './context.js';
import { figureRows, meta } from './context.js';
import { jsonRows } from './fragments.js';

/**
 * Equipment (DOMAIN.md §3): per item, its working / idle / down observations and its
 * utilization (working / all), best first; the five companies with most idle + down
 * observations ("occurrences").
 */
export async function equipmentDashboard(context: DashboardContext): Promise<EquipmentDashboard> {
  const { orm } = context;
  const counted = (classification: string) =>
    sql`count(*) filter (where ${equipmentReports.classification} = ${classification})::int`;
  const grouped = sql`select ${equipmentReports.equipmentId} as id, ${counted('working')} as working,
      ${counted('idle')} as idle, ${counted('down')} as down, count(*)::int as observations
    from ${equipmentReports} where ${context.equipment} group by 1`;
  // One pass over the rows (PGlite runs one statement at a time: two statements each grouping
  // the rows took twice as long there); both lists come from the grouped items.
  const [answer] = await figureRows<{
    items: EquipmentUtilization[];
    companies: { company: string; occurrences: number }[];
  }>(
    orm,
    sql`with grouped as materialized (${grouped}),
      items as materialized (
        select grouped.*, ${equipment.specification} as name, ${equipment.company} as company,
          grouped.working::float8 / grouped.observations::float8 as utilization,
          grouped.observations < ${CONFIDENCE_SAMPLE} as "lowConfidence"
        from grouped join ${equipment} on ${equipment.id} = grouped.id)
      select ${jsonRows(sql`select * from items`, sql`utilization desc, observations desc, id`)} as items,
        ${jsonRows(
          sql`select company, sum(idle + down)::int as occurrences from items
            group by 1 having sum(idle + down) > 0 order by 2 desc, 1 limit 5`,
          sql`occurrences desc, company`,
        )} as companies`,
  );
  const { items, companies } = answer!;
  return {
    ...(await meta(context, 'equipment')),
    equipment: items,
    topCompanies: companies,
    observations: items.reduce((sum, item) => sum + item.observations, 0),
  };
}
