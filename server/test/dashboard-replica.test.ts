import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { openDatabase, selectRows, truncateAll } from '../src/db/connection.js';
import { dashboardDataVersion, dashboardDataVersions } from '../src/db/schema/dashboards.js';
import { activityReports } from '../src/db/schema/reports.js';
import { replicaWithBreaker } from '../src/db/replica.js';
import { Client, createPeople, createWorld } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture, uuidOf } from './dashboard-fixtures.js';
import { createCatalogue, managementSuite } from './management-fixtures.js';
import type { ManagementContext } from './management-fixtures.js';
import { startApp } from './helpers.js';

/**
 * Dashboards read the replica (DATABASE_READ_URL) only when it has replayed every write the
 * primary had when the request read its data versions (src/dashboards/replica.ts). The
 * "replica" here is a second real database holding the same data, whose content and versions
 * the test moves apart from the primary's, so the answer tells which one computed it.
 */

let context: ManagementContext;
managementSuite((fresh) => (context = fresh));

let copy: Database;
before(async () => {
  copy = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir: 'memory://' });
  await copy.migrate();
});
after(async () => {
  await copy?.close();
});

/** The replica starts as the primary's copy: the same world, catalogue, people and rows. */
beforeEach(async () => {
  await truncateAll(copy.orm);
  const world = await createWorld(copy);
  const people = await createPeople(copy, world);
  const catalogue = await createCatalogue(copy, world);
  await createDashboardFixture({ db: copy, world, catalogue, people });
  await createDashboardFixture(context);
});

/** The replica's rows differ from the primary's: it lacks r6 (2026-03-09, 5 workers value-adding). */
const replicaWithoutR6 = () => copy.orm.delete(activityReports).where(eq(activityReports.id, uuidOf(6)));

async function versionsOf(db: Database, contract: number): Promise<{ global: string; contract: string }> {
  const [row] = await selectRows<{ global: string; contract: string }>(
    db.orm,
    sql`select (select version::text from ${dashboardDataVersion}) as global,
        coalesce((select version::text from ${dashboardDataVersions} where contract_id = ${contract}), '0') as contract`,
  );
  return row!;
}

/** Sets the replica's versions: what it would say after replaying the primary up to there. */
async function replicaVersions(versions: { global: string; contract: string }, contract: number): Promise<void> {
  await copy.orm.update(dashboardDataVersion).set({ version: Number(versions.global) });
  await copy.orm
    .insert(dashboardDataVersions)
    .values({ contractId: contract, version: Number(versions.contract) })
    .onConflictDoUpdate({ target: dashboardDataVersions.contractId, set: { version: Number(versions.contract) } });
}

/** Project health for A1 in March 2026, by an app over `db` (a fresh one: no kept answers). */
async function projectHealthOn(db: Database, world: World): Promise<Omit<ProjectHealthDashboard, 'generatedAt'>> {
  const app: FastifyInstance = await startApp(db);
  try {
    const admin = await Client.of(app, 'admin');
    const response = await admin.get(
      `/api/dashboards/project-health?contract=${world.contractA1}&from=2026-03-01&to=2026-03-31`,
    );
    assert.equal(response.statusCode, 200, response.body);
    const { generatedAt: _generatedAt, ...answer } = response.json() as ProjectHealthDashboard;
    return answer;
  } finally {
    await app.close();
  }
}

describe('dashboards on a read replica', () => {
  test('the replica computes the figures when it has the versions the primary had', async () => {
    const { db, world } = context;
    await replicaWithoutR6();
    await replicaVersions(await versionsOf(db, world.contractA1), world.contractA1);
    const failures: unknown[] = [];
    const withReplica = { ...db, replica: replicaWithBreaker(copy.orm, { warn: (details) => failures.push(details) }) };
    const answer = await projectHealthOn(withReplica, world);
    assert.deepEqual(answer, await projectHealthOn({ ...copy, replica: null }, world));
    assert.notDeepEqual(answer, await projectHealthOn(db, world));
    assert.deepEqual(failures, []);
  });

  test('a replica that has not replayed the latest write is not read: a user sees their own writes', async () => {
    const { db, world } = context;
    await replicaWithoutR6();
    const primary = await versionsOf(db, world.contractA1);
    await replicaVersions({ ...primary, contract: String(BigInt(primary.contract) - 1n) }, world.contractA1);
    const withReplica = { ...db, replica: replicaWithBreaker(copy.orm, { warn: () => undefined }) };
    assert.deepEqual(await projectHealthOn(withReplica, world), await projectHealthOn(db, world));
    // Behind on the global version (a catalogue write) alike.
    await replicaVersions({ ...primary, global: String(BigInt(primary.global) - 1n) }, world.contractA1);
    assert.deepEqual(await projectHealthOn(withReplica, world), await projectHealthOn(db, world));
  });

  test('a replica that fails never fails the request, and is left alone for a while', async () => {
    const { db, world } = context;
    const gone = await openDatabase({ databaseUrl: null, databaseReadUrl: null, dataDir: 'memory://' });
    await gone.close();
    const failures: unknown[] = [];
    const replica = replicaWithBreaker(gone.orm, { warn: (details) => failures.push(details) }, 60_000);
    const answer = await projectHealthOn({ ...db, replica }, world);
    assert.deepEqual(answer, await projectHealthOn(db, world));
    assert.equal(failures.length, 1);
    assert.equal(replica.available(), false);
  });
});
