import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Profile } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { bases, contracts, works } from '../src/db/schema/organisation.js';
import { Browser, createUser, serverSuite } from './helpers.js';

/**
 * A small organisation for the administration tests: two bases, three works, four
 * contracts, and one signed-in user per level at known places of it.
 *
 *   Base Alfa (SP) ─ Obra A1 ─ Contrato A1, Contrato A1b
 *                 └ Obra A2 ─ Contrato A2
 *   Base Beta (RJ) ─ Obra B1 ─ Contrato B1
 */
export interface World {
  baseA: number;
  baseB: number;
  workA1: number;
  workA2: number;
  workB1: number;
  contractA1: number;
  contractA1b: number;
  contractA2: number;
  contractB1: number;
}

export async function createWorld(db: Database): Promise<World> {
  const [baseA, baseB] = await db.orm
    .insert(bases)
    .values([
      { name: 'Base Alfa', state: 'SP' },
      { name: 'Base Beta', state: 'RJ' },
    ])
    .returning({ id: bases.id });
  const work = (name: string, prj: string, baseId: number) => ({
    name,
    prj,
    description: `Obra ${name}`,
    baseId,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
  });
  const [workA1, workA2, workB1] = await db.orm
    .insert(works)
    .values([
      work('Obra A1', 'PRJ-A1', baseA!.id),
      work('Obra A2', 'PRJ-A2', baseA!.id),
      work('Obra B1', 'PRJ-B1', baseB!.id),
    ])
    .returning({ id: works.id });
  const contract = (name: string, baseId: number, workId: number) => ({
    name,
    description: `Contrato ${name}`,
    baseId,
    workId,
    reportingGoal: 16,
    reportingPeriod: 30,
  });
  const [contractA1, contractA1b, contractA2, contractB1] = await db.orm
    .insert(contracts)
    .values([
      contract('Contrato A1', baseA!.id, workA1!.id),
      contract('Contrato A1b', baseA!.id, workA1!.id),
      contract('Contrato A2', baseA!.id, workA2!.id),
      contract('Contrato B1', baseB!.id, workB1!.id),
    ])
    .returning({ id: contracts.id });
  return {
    baseA: baseA!.id,
    baseB: baseB!.id,
    workA1: workA1!.id,
    workA2: workA2!.id,
    workB1: workB1!.id,
    contractA1: contractA1!.id,
    contractA1b: contractA1b!.id,
    contractA2: contractA2!.id,
    contractB1: contractB1!.id,
  };
}

/** Where a user hangs: a contract and the work and base above it. */
export function placeOf(world: World, contract: 'A1' | 'A1b' | 'A2' | 'B1') {
  const work = { A1: world.workA1, A1b: world.workA1, A2: world.workA2, B1: world.workB1 }[contract];
  return {
    baseId: contract === 'B1' ? world.baseB : world.baseA,
    workId: work,
    contractId: world[`contract${contract}`],
  };
}

/** The people of the tests: e-mail `<key>@t.test`, at the given profile and place. */
export const PEOPLE = {
  admin: { profile: 'admin', contract: 'A1' },
  baseA: { profile: 'base', contract: 'A1' },
  baseB: { profile: 'base', contract: 'B1' },
  workA1: { profile: 'work', contract: 'A1' },
  workA2: { profile: 'work', contract: 'A2' },
  contractA1: { profile: 'contract', contract: 'A1' },
  contractA1b: { profile: 'contract', contract: 'A1b' },
  reporterA1: { profile: 'reporter', contract: 'A1' },
} as const satisfies Record<string, { profile: Profile; contract: 'A1' | 'A1b' | 'A2' | 'B1' }>;
export type Person = keyof typeof PEOPLE;

export async function createPeople(db: Database, world: World): Promise<Record<Person, number>> {
  const ids = {} as Record<Person, number>;
  for (const [key, { profile, contract }] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    const user = await createUser(db, placeOf(world, contract), { email: `${key}@t.test`, profile, firstName: key });
    ids[key] = user.id;
  }
  return ids;
}

/** A signed-in user's calls, with JSON bodies, the token and the XSRF header. */
export class Client {
  constructor(
    readonly browser: Browser,
    readonly token: string,
  ) {}

  static async of(app: FastifyInstance, person: Person | string, language?: string): Promise<Client> {
    const browser = new Browser(app, language ? { language } : {});
    const email = person.includes('@') ? person : `${person}@t.test`;
    return new Client(browser, await browser.signIn(email));
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.browser.request(url, { token: this.token });
  }
  post(url: string, body: unknown): Promise<LightMyRequestResponse> {
    return this.browser.request(url, { method: 'POST', body, token: this.token });
  }
  put(url: string, body: unknown): Promise<LightMyRequestResponse> {
    return this.browser.request(url, { method: 'PUT', body, token: this.token });
  }
  delete(url: string): Promise<LightMyRequestResponse> {
    return this.browser.request(url, { method: 'DELETE', token: this.token });
  }
  status(url: string, isActive: boolean): Promise<LightMyRequestResponse> {
    return this.browser.request(`${url}/status`, { method: 'PATCH', body: { isActive }, token: this.token });
  }
}

/** Names of a list answer's items, for short assertions. */
export async function names(response: LightMyRequestResponse): Promise<string[]> {
  const body = response.json() as { items?: { name?: string; firstName?: string }[] } | { name: string }[];
  const rows = Array.isArray(body) ? body : (body.items ?? []);
  return rows.map((row) => ('name' in row && row.name ? row.name : ((row as { firstName?: string }).firstName ?? '')));
}

/** Valid bodies, to change one field at a time. */
export const valid = {
  base: () => ({ name: 'Base Gama', state: 'MG', isActive: true }),
  work: (base: number) => ({
    name: 'Obra Nova',
    prj: 'PRJ-NEW',
    description: 'Uma obra',
    base,
    startDate: '2026-03-01',
    endDate: '2026-09-30',
    isActive: true,
  }),
  contract: (base: number, work: number) => ({
    name: 'Contrato Novo',
    description: 'Um contrato',
    base,
    work,
    reportingGoal: 12,
    reportingPeriod: 30,
    isActive: true,
  }),
  occurrence: () => ({
    name: 'Aguardando grua',
    category: 'equipment',
    classification: 'evident_waste',
    isActive: true,
  }),
  user: (place: { base: number; work: number; contract: number }, permission = 'contract') => ({
    firstName: 'Nova',
    email: 'nova@t.test',
    password: 'temp12345',
    permission,
    ...place,
    isActive: true,
  }),
};

/** What each administration test starts from: a fresh database holding the world and its people. */
export interface AdminContext {
  db: Database;
  app: FastifyInstance;
  world: World;
  people: Record<Person, number>;
  /** Signed in as the admin, unless the suite asked not to. */
  admin: Client;
}

/**
 * `serverSuite` with the world and its people created and the admin signed in before each
 * test (one argon2 verification, skipped with `signInAdmin: false`).
 */
export function adminSuite(use: (context: AdminContext) => void, { signInAdmin = true } = {}): void {
  serverSuite(use, async ({ db, app }) => {
    const world = await createWorld(db);
    const people = await createPeople(db, world);
    const admin = signInAdmin ? await Client.of(app, 'admin') : (undefined as unknown as Client);
    return { world, people, admin };
  });
}
