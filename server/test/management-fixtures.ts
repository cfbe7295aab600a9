import type { Database } from '../src/db/connection.js';
import {
  activities,
  areas,
  blocks,
  disciplines,
  equipment,
  functions,
  locals,
  packages,
} from '../src/db/schema/catalogue.js';
import { Client, createPeople, createWorld } from './admin-fixtures.js';
import type { AdminContext, World } from './admin-fixtures.js';
import { serverSuite } from './helpers.js';
import { siteToday } from '../src/site-clock.js';

/**
 * The catalogue of the Management tests, on the administration world (admin-fixtures.ts).
 * Contract A1 holds two chains under one discipline, contract B1 one chain:
 *
 *   A1: Estrutura ─ Torre 1 ─ Pavimento 1 ─ Bloco A ─ Pacote 1 ─ Concretagem (activity)
 *                 └ Torre 2 ─ Pavimento 2 ─ Bloco B ─ Pacote 2
 *       Pedreiro (function), Grua 40 m — Locadora Alfa (equipment)
 *   B1: Estrutura ─ Torre B ─ Pavimento B ─ Bloco B1 ─ Pacote B ─ Alvenaria B (activity)
 */
export interface Chain {
  contract: number;
  discipline: number;
  area: number;
  local: number;
  block: number;
  package: number;
}

export interface Catalogue {
  a1: Chain & { activity: number; function: number; equipment: number };
  /** The second chain of A1 (same discipline). */
  a1Other: Chain;
  b1: Chain & { activity: number };
}

async function chain(db: Database, contract: number, names: string[], discipline?: number): Promise<Chain> {
  const [area, local, block, pkg] = names;
  const disciplineId =
    discipline ??
    (await db.orm.insert(disciplines).values({ name: 'Estrutura', contractId: contract }).returning())[0]!.id;
  const [areaRow] = await db.orm.insert(areas).values({ name: area!, contractId: contract, disciplineId }).returning();
  const [localRow] = await db.orm
    .insert(locals)
    .values({ name: local!, contractId: contract, areaId: areaRow!.id })
    .returning();
  const [blockRow] = await db.orm
    .insert(blocks)
    .values({ name: block!, contractId: contract, localId: localRow!.id })
    .returning();
  const [packageRow] = await db.orm
    .insert(packages)
    .values({ name: pkg!, contractId: contract, blockId: blockRow!.id })
    .returning();
  return {
    contract,
    discipline: disciplineId,
    area: areaRow!.id,
    local: localRow!.id,
    block: blockRow!.id,
    package: packageRow!.id,
  };
}

export const plan = {
  measureUnit: 'm³',
  hhCount: 120,
  quantity: 35.5,
  startDate: '2026-03-01',
  endDate: '2026-03-10',
};

async function activity(db: Database, of: Chain, name: string, dates: Partial<typeof plan> = {}): Promise<number> {
  const [row] = await db.orm
    .insert(activities)
    .values({
      name,
      contractId: of.contract,
      areaId: of.area,
      localId: of.local,
      blockId: of.block,
      packageId: of.package,
      ...plan,
      ...dates,
    })
    .returning();
  return row!.id;
}

export async function createCatalogue(db: Database, world: World): Promise<Catalogue> {
  const a1 = await chain(db, world.contractA1, ['Torre 1', 'Pavimento 1', 'Bloco A', 'Pacote 1']);
  const a1Other = await chain(db, world.contractA1, ['Torre 2', 'Pavimento 2', 'Bloco B', 'Pacote 2'], a1.discipline);
  const b1 = await chain(db, world.contractB1, ['Torre B', 'Pavimento B', 'Bloco B1', 'Pacote B']);
  const [fn] = await db.orm.insert(functions).values({ name: 'Pedreiro', contractId: world.contractA1 }).returning();
  const [machine] = await db.orm
    .insert(equipment)
    .values({ company: 'Locadora Alfa', type: 'Grua', specification: 'Grua 40 m', contractId: world.contractA1 })
    .returning();
  return {
    a1: { ...a1, activity: await activity(db, a1, 'Concretagem'), function: fn!.id, equipment: machine!.id },
    a1Other,
    b1: { ...b1, activity: await activity(db, b1, 'Alvenaria B') },
  };
}

/** Valid bodies under a chain, to change one field at a time. */
export const body = {
  discipline: (c: Chain) => ({ name: 'Instalações', contract: c.contract, isActive: true }),
  area: (c: Chain) => ({ name: 'Torre 3', contract: c.contract, discipline: c.discipline, isActive: true }),
  local: (c: Chain) => ({ name: 'Pavimento 3', contract: c.contract, area: c.area, isActive: true }),
  block: (c: Chain) => ({ name: 'Bloco C', contract: c.contract, local: c.local, isActive: true }),
  package: (c: Chain) => ({ name: 'Pacote 3', contract: c.contract, block: c.block, isActive: true }),
  activity: (c: Chain) => ({
    name: 'Forma',
    contract: c.contract,
    area: c.area,
    local: c.local,
    block: c.block,
    package: c.package,
    ...plan,
    isActive: true,
  }),
  function: (c: Chain) => ({ name: 'Servente', contract: c.contract, isActive: true }),
  equipment: (c: Chain) => ({
    company: 'Locadora Beta',
    type: 'Betoneira',
    specification: 'Betoneira 400 l',
    contract: c.contract,
    isActive: true,
  }),
};

export type ManagementContext = AdminContext & { catalogue: Catalogue };

/** `adminSuite`'s world, people and signed-in admin, and the catalogue above, before each test. */
export function managementSuite(use: (context: ManagementContext) => void): void {
  serverSuite(use, async ({ db, app }) => {
    const world = await createWorld(db);
    const people = await createPeople(db, world);
    const admin = await Client.of(app, 'admin');
    return { world, people, admin, catalogue: await createCatalogue(db, world) };
  });
}

/** "Today" as the sites see it (YYYY-MM-DD), `days` later. */
export function siteDay(days = 0, timeZone = 'America/Sao_Paulo'): string {
  return siteToday(timeZone, Date.now() + days * 86_400_000);
}
