import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/connection.js';
import { activities, equipment, functions, occurrences } from '../src/db/schema/catalogue.js';
import { activityReports, equipmentReports, quantityReports } from '../src/db/schema/reports.js';
import type { Person, World } from './admin-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/**
 * The dashboards' hand-made data set (server/test/dashboards.test.ts works every figure out
 * from it), for the test files that need the same rows. Contract A1 reports every 30
 * minutes: one worker seen = 0.5 HH. Site clock São Paulo (UTC-3); 2026-03-02 is a Monday
 * (ISO week 2026-W10), 2026-03-09 the next Monday (W11).
 *
 * Chains: P1 = Pacote 1 / Pavimento 1 / Concretagem (plan 100 HH for 50 m³: RUP 2),
 *         P2 = Pacote 2 / Pavimento 2 / Alvenaria   (plan 80 HH for 200 m²: RUP 0.4).
 * Occurrences: V Executando (value_adding), H Transportando (hidden_waste),
 *              E Aguardando material (evident_waste).
 * Reporters: R = reporterA1, W = workA1.
 *
 *   row  site day / time      wd  who chain fn        occ  workers
 *   r1   2026-03-02 07:00      1   R   P1    pedreiro  V    4
 *   r2   2026-03-02 07:00      1   R   P1    servente  H    2   (same walk as r1)
 *   r3   2026-03-02 09:30      1   R   P2    pedreiro  E    3
 *   r4   2026-03-03 08:00      2   W   P2    servente  V    6
 *   r5   2026-03-03 08:00      2   W   P1    pedreiro  E    1
 *   r6   2026-03-09 14:15      1   R   P2    pedreiro  V    5
 *
 * Contract B1 has a row at r1's instant (9 workers, function Armador): never in an A1 figure.
 * Row ids are `uuidOf(1…6)` and `uuidOf(999)`.
 */

export interface DashboardSuite {
  db: Database;
  world: World;
  catalogue: Catalogue;
  people: Record<Person, number>;
}

export interface DashboardFixture {
  servente: number;
  alvenaria: number;
  V: number;
  H: number;
  E: number;
}

export const uuidOf = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Site day and HH:MM → the row's instant (UTC = site + 3 h) and stored site columns. */
export function at(day: string, time: string, weekday: number) {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return {
    reportTime: new Date(`${day}T${String(hours + 3).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`),
    localDate: day,
    localMinute: hours * 60 + minutes,
    localWeekday: weekday,
  };
}

export type ActivityRow = [
  string,
  string,
  number,
  'R' | 'W',
  'P1' | 'P2',
  'pedreiro' | 'servente',
  'V' | 'H' | 'E',
  number,
];

/** A1 activity rows of the table's shape, with ids `uuidOf(firstId…)`. */
export async function insertActivityRows(
  { db, world, catalogue, people }: DashboardSuite,
  fixture: DashboardFixture,
  rows: ActivityRow[],
  firstId: number,
): Promise<void> {
  await db.orm.insert(activityReports).values(
    rows.map(([day, time, weekday, who, chain, fn, occ, quantity], index) => ({
      id: uuidOf(firstId + index),
      contractId: world.contractA1,
      ...at(day, time, weekday),
      userId: who === 'R' ? people.reporterA1 : people.workA1,
      packageId: chain === 'P1' ? catalogue.a1.package : catalogue.a1Other.package,
      localId: chain === 'P1' ? catalogue.a1.local : catalogue.a1Other.local,
      activityId: chain === 'P1' ? catalogue.a1.activity : fixture.alvenaria,
      functionId: fn === 'pedreiro' ? catalogue.a1.function : fixture.servente,
      occurrenceId: fixture[occ],
      quantity,
      isScheduled: true,
    })),
  );
}

/**
 * What the report tests add to the management catalogue: A1's second chain gets its activity,
 * Alvenaria (plan 80 HH for 200 m², March 2026), and A1 a second function, Servente.
 */
export async function addAlvenariaAndServente(
  db: Database,
  world: World,
  catalogue: Catalogue,
): Promise<{ alvenaria: number; servente: number }> {
  const [alvenaria] = await db.orm
    .insert(activities)
    .values({
      name: 'Alvenaria',
      contractId: world.contractA1,
      areaId: catalogue.a1Other.area,
      localId: catalogue.a1Other.local,
      blockId: catalogue.a1Other.block,
      packageId: catalogue.a1Other.package,
      measureUnit: 'm²',
      hhCount: 80,
      quantity: 200,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    })
    .returning();
  const [servente] = await db.orm
    .insert(functions)
    .values({ name: 'Servente', contractId: world.contractA1 })
    .returning();
  return { alvenaria: alvenaria!.id, servente: servente!.id };
}

/** The six A1 rows of the table above, their plans and occurrences, and B1's row. */
export async function createDashboardFixture(suite: DashboardSuite): Promise<DashboardFixture> {
  const { db, world, catalogue, people } = suite;
  await db.orm.update(activities).set({ hhCount: 100, quantity: 50 }).where(eq(activities.id, catalogue.a1.activity));
  const { alvenaria, servente } = await addAlvenariaAndServente(db, world, catalogue);
  const [V, H, E] = await db.orm
    .insert(occurrences)
    .values([
      { name: 'Executando', category: 'labour', classification: 'value_adding' },
      { name: 'Transportando', category: 'material', classification: 'hidden_waste' },
      { name: 'Aguardando material', category: 'material', classification: 'evident_waste' },
    ])
    .returning();
  const fixture = { servente, alvenaria, V: V!.id, H: H!.id, E: E!.id };
  await insertActivityRows(
    suite,
    fixture,
    [
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'pedreiro', 'V', 4],
      ['2026-03-02', '07:00', 1, 'R', 'P1', 'servente', 'H', 2],
      ['2026-03-02', '09:30', 1, 'R', 'P2', 'pedreiro', 'E', 3],
      ['2026-03-03', '08:00', 2, 'W', 'P2', 'servente', 'V', 6],
      ['2026-03-03', '08:00', 2, 'W', 'P1', 'pedreiro', 'E', 1],
      ['2026-03-09', '14:15', 1, 'R', 'P2', 'pedreiro', 'V', 5],
    ],
    1,
  );
  const [armador] = await db.orm
    .insert(functions)
    .values({ name: 'Armador', contractId: world.contractB1 })
    .returning();
  await db.orm.insert(activityReports).values({
    id: uuidOf(999),
    contractId: world.contractB1,
    ...at('2026-03-02', '07:00', 1),
    userId: people.reporterA1,
    packageId: catalogue.b1.package,
    localId: catalogue.b1.local,
    activityId: catalogue.b1.activity,
    functionId: armador!.id,
    occurrenceId: V!.id,
    quantity: 9,
    isScheduled: true,
  });
  return fixture;
}

/**
 * Equipment observations of A1 on 2026-03-02 (Monday): Grua 40 m (Locadora Alfa) 3 working
 * and 1 idle at 07:00; Betoneira 400 l (Locadora Beta) 1 working, 1 idle, 2 down at 15:00.
 * Row ids `uuidOf(500…507)`; the two items' ids are returned.
 */
export async function addEquipmentRows({
  db,
  world,
  catalogue,
  people,
}: DashboardSuite): Promise<{ grua: number; beta: number }> {
  await db.orm.update(equipment).set({ company: 'Locadora Alfa' }).where(eq(equipment.id, catalogue.a1.equipment));
  const [beta] = await db.orm
    .insert(equipment)
    .values({
      company: 'Locadora Beta',
      type: 'Máquina',
      specification: 'Betoneira 400 l',
      contractId: world.contractA1,
    })
    .returning();
  const monday = (equipmentId: number, classification: string, time: string): EquipmentRow => [
    equipmentId,
    classification,
    '2026-03-02',
    time,
    1,
  ];
  await insertEquipmentRows({ db, world, catalogue, people }, 500, [
    monday(catalogue.a1.equipment, 'working', '07:00'),
    monday(catalogue.a1.equipment, 'working', '07:00'),
    monday(catalogue.a1.equipment, 'working', '07:00'),
    monday(catalogue.a1.equipment, 'idle', '07:00'),
    monday(beta!.id, 'working', '15:00'),
    monday(beta!.id, 'idle', '15:00'),
    monday(beta!.id, 'down', '15:00'),
    monday(beta!.id, 'down', '15:00'),
  ]);
  return { grua: catalogue.a1.equipment, beta: beta!.id };
}

/** An equipment observation of A1: machine, class, site day, time, ISO weekday. */
export type EquipmentRow = [number, string, string, string, number];

/**
 * Equipment observations of A1 by its reporter, on Pacote 1's chain (Concretagem), row ids
 * `uuidOf(first…)` in order.
 */
export async function insertEquipmentRows(
  { db, world, catalogue, people }: DashboardSuite,
  first: number,
  rows: EquipmentRow[],
): Promise<void> {
  await db.orm.insert(equipmentReports).values(
    rows.map(([equipmentId, classification, day, time, weekday], index) => ({
      id: uuidOf(first + index),
      contractId: world.contractA1,
      ...at(day, time, weekday),
      userId: people.reporterA1,
      packageId: catalogue.a1.package,
      areaId: catalogue.a1.area,
      activityId: catalogue.a1.activity,
      equipmentId,
      classification,
    })),
  );
}

/** Production of A1 at 16:00: Concretagem 1 m³ (03-02) and 0.25 m³ (03-09), Alvenaria 20 m² (03-03). */
export async function addQuantityRows(
  { db, world, catalogue, people }: DashboardSuite,
  fixture: DashboardFixture,
): Promise<void> {
  await db.orm.insert(quantityReports).values(
    (
      [
        [catalogue.a1, catalogue.a1.activity, 1, '2026-03-02', 'm³'],
        [catalogue.a1, catalogue.a1.activity, 0.25, '2026-03-09', 'm³'],
        [catalogue.a1Other, fixture.alvenaria, 20, '2026-03-03', 'm²'],
      ] as const
    ).map(([chain, activityId, quantity, day, unity], index) => ({
      id: uuidOf(700 + index),
      contractId: world.contractA1,
      ...at(day, '16:00', day === '2026-03-03' ? 2 : 1),
      userId: people.reporterA1,
      packageId: chain.package,
      areaId: chain.area,
      activityId,
      quantity,
      unity,
    })),
  );
}
