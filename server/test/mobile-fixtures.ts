import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SCHEME } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { occurrences } from '../src/db/schema/catalogue.js';
import { Client, createPeople, createWorld } from './admin-fixtures.js';
import { PASSWORD, serverSuite } from './helpers.js';
import { createCatalogue } from './management-fixtures.js';
import type { Catalogue, ManagementContext } from './management-fixtures.js';

/** The mobile app's tests: the Management world and catalogue, two occurrences, a reporter's phone. */

export type MobileContext = ManagementContext & { occurrence: number; inactiveOccurrence: number };

export function mobileSuite(use: (context: MobileContext) => void): void {
  serverSuite(use, async ({ db, app }) => {
    const world = await createWorld(db);
    const people = await createPeople(db, world);
    const admin = await Client.of(app, 'admin');
    const catalogue = await createCatalogue(db, world);
    return { world, people, admin, catalogue, ...(await createOccurrences(db)) };
  });
}

export async function createOccurrences(db: Database): Promise<{ occurrence: number; inactiveOccurrence: number }> {
  const [active, inactive] = await db.orm
    .insert(occurrences)
    .values([
      { name: 'Produtivo', category: 'labour', classification: 'value_adding' },
      { name: 'Chuva', category: 'labour', classification: 'evident_waste', isActive: false },
    ])
    .returning({ id: occurrences.id });
  return { occurrence: active!.id, inactiveOccurrence: inactive!.id };
}

/** As the app calls: a token from a sign-in without from_web, no cookie, no XSRF header. */
export class Phone {
  constructor(
    private readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  static async signIn(app: FastifyInstance, email: string): Promise<Phone> {
    // The app's own sign-in: no cookie, no XSRF header.
    const response = await app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { email, password: PASSWORD },
    });
    if (response.statusCode !== 200)
      throw new Error(`mobile sign-in of ${email}: ${response.statusCode} ${response.body}`);
    return new Phone(app, (response.json() as { token: string }).token);
  }

  request(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `${AUTH_SCHEME} ${this.token}`, ...headers },
    });
  }

  send(reports: unknown[]): Promise<LightMyRequestResponse> {
    return this.request('POST', '/api/mobile/reports', { reports });
  }
}

export interface BatchAnswer {
  accepted: string[];
  duplicates: string[];
  rejected: { id: string | null; index: number; code: string; fields?: Record<string, string> }[];
}

export const newId = (): string => randomUUID();

/** An instant `minutes` from now, with a São Paulo offset. */
export function reportTime(minutes = -60): string {
  const at = new Date(Date.now() + minutes * 60_000 - 3 * 3_600_000);
  return `${at.toISOString().slice(0, 19)}-03:00`;
}

/**
 * An activity report on A1's first chain of the management catalogue, valid as it is (3
 * workers seen an hour ago, `occurrence`); `changes` set any field, valid or not.
 */
export const a1ActivityRow = (
  catalogue: Catalogue,
  occurrence: number,
  changes: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: newId(),
  kind: 'activity',
  contract: catalogue.a1.contract,
  reportTime: reportTime(),
  package: catalogue.a1.package,
  local: catalogue.a1.local,
  activity: catalogue.a1.activity,
  function: catalogue.a1.function,
  occurrence,
  quantity: 3,
  notes: null,
  reportInfo: null,
  isScheduled: true,
  ...changes,
});

/** An equipment report on A1's first chain (its crane, idle, an hour ago); `changes` as above. */
export const a1EquipmentRow = (
  catalogue: Catalogue,
  changes: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: newId(),
  kind: 'equipment',
  contract: catalogue.a1.contract,
  reportTime: reportTime(),
  package: catalogue.a1.package,
  area: catalogue.a1.area,
  activity: catalogue.a1.activity,
  equipment: catalogue.a1.equipment,
  classification: 'idle',
  ...changes,
});

/** A quantity report on A1's first chain (12.5 m³ an hour ago); `changes` as above. */
export const a1QuantityRow = (
  catalogue: Catalogue,
  changes: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: newId(),
  kind: 'quantity',
  contract: catalogue.a1.contract,
  reportTime: reportTime(),
  package: catalogue.a1.package,
  area: catalogue.a1.area,
  activity: catalogue.a1.activity,
  quantity: 12.5,
  unity: 'm³',
  ...changes,
});
