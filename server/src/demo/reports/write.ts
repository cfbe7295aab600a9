import { sql } from 'drizzle-orm';
import type { MeasureUnit } from '@canteiro/shared/domain';
import type { Orm } from '../../db/connection.js';
import { selectRows } from '../../db/connection.js';
import { copyRows, withForeignKeysCheckedAfter, withIndexesBuiltAfter } from '../../db/copy.js';
import { referenceRup } from '../catalogue-data.js';
import { RUP_BY_UNIT } from './model.js';
import { generateReports } from './generate.js';
import { ACTIVITY_COLUMNS, EQUIPMENT_COLUMNS, QUANTITY_COLUMNS } from './plans.js';
import type { ContractPlan, DayRows, GenerationOptions, PlanActivity } from './plans.js';

/**
 * Reads what the generator needs from the database (the contracts that can be reported,
 * their active catalogues, reporters and the occurrence list) and copies the generated
 * rows into the three report tables with COPY, a chunk of days at a time.
 */

export interface ReportCounts {
  activity: number;
  equipment: number;
  quantity: number;
}

export interface WriteReportsOptions {
  seed: string | number;
  timeZone: string;
  firstDay: string;
  lastDay: string;
  /** Only these contracts (default: every active contract under an active work and base). */
  contractIds?: readonly number[];
  /** Crews per activity multiplied by this, per contract (default 1). */
  crewFactors?: ReadonlyMap<number, number>;
  ids?: GenerationOptions['ids'];
  /** Rows (all three tables) gathered before they are copied. */
  chunkRows?: number;
  /** Called after each chunk with the totals so far. */
  onProgress?: (counts: ReportCounts, day: string) => void;
  /**
   * The load in one transaction with its tables' declared foreign keys checked once after it
   * (default true; withForeignKeysCheckedAfter). Since migration 0026 the report tables declare
   * none: their keys are checked once per COPY statement by a trigger either way.
   */
  keysAfter?: boolean;
  /** Primary keys and indexes built after the load too (withIndexesBuiltAfter; default false). */
  indexesAfter?: boolean;
}

export const REPORT_TABLES = ['activity_reports', 'equipment_reports', 'quantity_reports'] as const;

const DEFAULT_CHUNK_ROWS = 150_000;

export async function writeReports(orm: Orm, options: WriteReportsOptions): Promise<ReportCounts> {
  const indexed = (target: Orm) =>
    options.indexesAfter
      ? withIndexesBuiltAfter(target, REPORT_TABLES, (tx) => load(tx, options))
      : load(target, options);
  return options.keysAfter === false ? indexed(orm) : withForeignKeysCheckedAfter(orm, REPORT_TABLES, indexed);
}

async function load(orm: Orm, options: WriteReportsOptions): Promise<ReportCounts> {
  const plans = await loadPlans(orm, options.contractIds, options.crewFactors);
  const occurrences = await loadOccurrences(orm);
  const counts: ReportCounts = { activity: 0, equipment: 0, quantity: 0 };
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  let pending: DayRows[] = [];
  let pendingRows = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    counts.activity += await copyRows(
      orm,
      'activity_reports',
      ACTIVITY_COLUMNS,
      pending.flatMap((day) => day.activity),
    );
    counts.equipment += await copyRows(
      orm,
      'equipment_reports',
      EQUIPMENT_COLUMNS,
      pending.flatMap((day) => day.equipment),
    );
    counts.quantity += await copyRows(
      orm,
      'quantity_reports',
      QUANTITY_COLUMNS,
      pending.flatMap((day) => day.quantity),
    );
    const last = pending.at(-1)!.day;
    pending = [];
    pendingRows = 0;
    options.onProgress?.({ ...counts }, last);
  };
  for (const day of generateReports(plans, {
    seed: options.seed,
    timeZone: options.timeZone,
    firstDay: options.firstDay,
    lastDay: options.lastDay,
    occurrences,
    ids: options.ids,
  })) {
    pending.push(day);
    pendingRows += day.activity.length + day.equipment.length + day.quantity.length;
    if (pendingRows >= chunkRows) await flush();
  }
  await flush();
  return counts;
}

interface ContractRow {
  id: number;
  period: number;
  goal: number;
}

/**
 * The plans of the contracts a reporter could report on: active, under an active work and
 * base, with active reporters; activities whose whole chain (package, block, local, area,
 * discipline) is active, as the ingestion API requires.
 */
export async function loadPlans(
  orm: Orm,
  contractIds?: readonly number[],
  crewFactors?: ReadonlyMap<number, number>,
): Promise<ContractPlan[]> {
  const only = contractIds
    ? sql`and c.id in (${sql.join(
        contractIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (contractIds?.length === 0) return [];
  const contractRows = await selectRows<ContractRow>(
    orm,
    sql`select c.id, c.reporting_period as period, c.reporting_goal as goal
        from contracts c join works w on w.id = c.work_id join bases b on b.id = c.base_id
        where c.is_active and w.is_active and b.is_active ${only}
        order by c.id`,
  );
  if (contractRows.length === 0) return [];
  const ids = sql.join(
    contractRows.map((row) => sql`${row.id}`),
    sql`, `,
  );
  // One after the other: inside a transaction they share one connection.
  const reporters = await selectRows<{ id: number; contractId: number }>(
    orm,
    sql`select id, contract_id as "contractId" from users
          where profile = 'reporter' and is_active and contract_id in (${ids}) order by id`,
  );
  const activities = await selectRows<PlanActivity & { contractId: number; unit: MeasureUnit }>(
    orm,
    sql`select a.id, a.contract_id as "contractId", a.package_id as "packageId", a.local_id as "localId",
                 a.area_id as "areaId", p.name as "packageName", a.measure_unit as unit,
                 to_char(a.start_date, 'YYYY-MM-DD') as "startDate", to_char(a.end_date, 'YYYY-MM-DD') as "endDate",
                 a.is_finished as "isFinished"
          from activities a
          join packages p on p.id = a.package_id
          join blocks bl on bl.id = a.block_id
          join locals l on l.id = a.local_id
          join areas ar on ar.id = a.area_id
          join disciplines d on d.id = ar.discipline_id
          where a.contract_id in (${ids})
            and a.is_active and p.is_active and bl.is_active and l.is_active and ar.is_active and d.is_active
          order by a.id`,
  );
  const functions = await selectRows<{ id: number; contractId: number; name: string }>(
    orm,
    sql`select id, contract_id as "contractId", name from functions
          where is_active and contract_id in (${ids}) order by id`,
  );
  const machines = await selectRows<{ id: number; contractId: number }>(
    orm,
    sql`select id, contract_id as "contractId" from equipment
          where is_active and contract_id in (${ids}) order by id`,
  );
  const byContract = <Row extends { contractId: number }>(rows: Row[]) => {
    const groups = new Map<number, Row[]>();
    for (const row of rows) {
      const group = groups.get(row.contractId);
      if (group) group.push(row);
      else groups.set(row.contractId, [row]);
    }
    return (id: number) => groups.get(id) ?? [];
  };
  const reportersOf = byContract(reporters);
  const activitiesOf = byContract(activities);
  const functionsOf = byContract(functions);
  const machinesOf = byContract(machines);
  return contractRows.map((contract) => ({
    id: contract.id,
    period: contract.period,
    goal: contract.goal,
    reporters: reportersOf(contract.id).map((row) => row.id),
    activities: activitiesOf(contract.id).map(({ contractId: _contractId, ...activity }) => ({
      ...activity,
      rup: referenceRup(activity.packageName) ?? RUP_BY_UNIT.get(activity.unit) ?? 1,
    })),
    // The first function of a name wins: names are unique per contract anyway.
    functions: new Map(functionsOf(contract.id).map((row) => [row.name.trim().toLowerCase(), row.id] as const)),
    equipment: machinesOf(contract.id).map((row) => row.id),
    crewFactor: crewFactors?.get(contract.id) ?? 1,
  }));
}

export async function loadOccurrences(orm: Orm): Promise<Map<string, number>> {
  const rows = await selectRows<{ id: number; name: string }>(
    orm,
    sql`select id, name from occurrences where is_active order by id`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}
