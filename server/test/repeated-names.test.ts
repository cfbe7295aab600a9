import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import type { ProjectHealthDashboard } from '@canteiro/shared/domain';
import type { Database } from '../src/db/connection.js';
import { selectRows } from '../src/db/connection.js';
import { activityLabel, labelledRows, packageLabel } from '../src/db/catalogue-labels.js';
import { activities, packages } from '../src/db/schema/catalogue.js';
import type { Client } from './admin-fixtures.js';
import type { World } from './admin-fixtures.js';
import { createDashboardFixture } from './dashboard-fixtures.js';
import type { DashboardSuite } from './dashboard-fixtures.js';
import { managementSuite, plan } from './management-fixtures.js';
import type { Catalogue } from './management-fixtures.js';

/**
 * A package or activity whose name repeats within its contract is shown with its path
 * wherever it is named (db/catalogue-labels.ts); a name that is unique goes alone.
 *
 * A1 has Pacote 1 (Bloco A) and Pacote 2 (Bloco B), with Concretagem under Pacote 1 and
 * Alvenaria under Pacote 2 (the dashboard fixture). Added here: "pacote 1" in Bloco B (the
 * same name, in other case), with a "Concretagem" and an "Alvenaria" of its own — the second
 * in the same block as Pacote 2's. B1's package is renamed "Pacote 1": another contract's
 * names never count.
 */

let db: Database;
let admin: Client;
let world: World;
let catalogue: Catalogue;
let suite: DashboardSuite;

managementSuite((context) => {
  ({ db, admin, world, catalogue } = context);
  suite = context;
});

async function repeatNames(): Promise<{ lowerPackage: number; concretagemB: number; alvenariaB: number }> {
  await createDashboardFixture(suite);
  const { a1Other } = catalogue;
  const [lower] = await db.orm
    .insert(packages)
    .values({ name: 'pacote 1', contractId: world.contractA1, blockId: a1Other.block })
    .returning();
  const under = {
    contractId: world.contractA1,
    areaId: a1Other.area,
    localId: a1Other.local,
    blockId: a1Other.block,
    packageId: lower!.id,
    ...plan,
  };
  const [concretagemB, alvenariaB] = await db.orm
    .insert(activities)
    .values([
      { name: 'Concretagem', ...under },
      { name: 'Alvenaria', ...under },
    ])
    .returning();
  await db.orm.update(packages).set({ name: 'Pacote 1' }).where(eq(packages.id, catalogue.b1.package));
  return { lowerPackage: lower!.id, concretagemB: concretagemB!.id, alvenariaB: alvenariaB!.id };
}

async function json<T>(url: string): Promise<T> {
  const response = await admin.get(url);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as T;
}

const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));

describe('names that repeat within a contract', () => {
  test('selects offer a repeated package or activity with its path, a unique one alone', async () => {
    const { lowerPackage, concretagemB, alvenariaB } = await repeatNames();
    const contract = world.contractA1;
    const packageOptions = byId(await json(`/api/packages/options?contract=${contract}`));
    assert.equal(packageOptions.get(catalogue.a1.package), 'Pacote 1 — Bloco A');
    assert.equal(packageOptions.get(lowerPackage), 'pacote 1 — Bloco B');
    assert.equal(packageOptions.get(catalogue.a1Other.package), 'Pacote 2');
    // B1's "Pacote 1" is alone in its contract.
    const b1Options = byId(await json(`/api/packages/options?contract=${world.contractB1}`));
    assert.equal(b1Options.get(catalogue.b1.package), 'Pacote 1');

    const activityOptions = byId(await json(`/api/activities/options?contract=${contract}`));
    // Two Concretagem in two blocks: the block tells them apart.
    assert.equal(activityOptions.get(catalogue.a1.activity), 'Concretagem — Bloco A');
    assert.equal(activityOptions.get(concretagemB), 'Concretagem — Bloco B');
    // Two Alvenaria in one block: the package and the block.
    const alvenariaA = [...activityOptions].find(
      ([id, name]) => id !== alvenariaB && name.startsWith('Alvenaria'),
    )?.[0];
    assert.equal(activityOptions.get(alvenariaA!), 'Alvenaria — Pacote 2 · Bloco B');
    assert.equal(activityOptions.get(alvenariaB), 'Alvenaria — pacote 1 · Bloco B');
  });

  test('lists, report lists and dashboards name them the same way', async () => {
    const { lowerPackage } = await repeatNames();
    const contract = world.contractA1;
    // An activity list names its package by its label.
    const list = await json<{ items: { id: number; packageName: string }[] }>(
      `/api/activities?contract=${contract}&pageSize=50`,
    );
    const concretagemA = list.items.find((item) => item.id === catalogue.a1.activity);
    assert.equal(concretagemA?.packageName, 'Pacote 1 — Bloco A');

    // The report list: every row of the fixture is under Pacote 1 (Bloco A) or Pacote 2.
    const reports = await json<{ items: { packageName: string; activityName: string }[] }>(
      `/api/reports/activity?contract=${contract}&pageSize=50`,
    );
    assert.deepEqual([...new Set(reports.items.map((row) => `${row.packageName} / ${row.activityName}`))].sort(), [
      'Pacote 1 — Bloco A / Concretagem — Bloco A',
      'Pacote 2 / Alvenaria — Pacote 2 · Bloco B',
    ]);

    // Project health ranks every package of the rows by its label.
    const health = await json<ProjectHealthDashboard>(
      `/api/dashboards/project-health?contract=${contract}&from=2026-03-01&to=2026-03-31`,
    );
    assert.deepEqual(health.ranks.packages.map((row) => row.name).sort(), ['Pacote 1 — Bloco A', 'Pacote 2']);
    assert.deepEqual(health.ranks.activities.map((row) => row.name).sort(), [
      'Alvenaria — Pacote 2 · Bloco B',
      'Concretagem — Bloco A',
    ]);
    assert.ok(!health.ranks.packages.some((row) => row.id === lowerPackage), 'no rows, not ranked');
  });

  test("the dashboards' one-pass labels are the per-row labels, for every package and activity", async () => {
    await repeatNames();
    for (const contract of [world.contractA1, world.contractB1]) {
      for (const [table, perRow] of [
        [packages, packageLabel()],
        [activities, activityLabel()],
      ] as const) {
        const onePass = await selectRows<{ id: number; label: string }>(
          db.orm,
          sql`select ${table.id} as id, ${table}.label as label from ${labelledRows(table, contract)} order by 1`,
        );
        const rows = await selectRows<{ id: number; label: string }>(
          db.orm,
          sql`select ${table.id} as id, ${perRow} as label from ${table} where ${table.contractId} = ${contract} order by 1`,
        );
        assert.ok(rows.length > 0);
        assert.deepEqual(onePass, rows, `${contract}`);
      }
    }
  });

  test('a rename that ends the repeat drops the path', async () => {
    const { lowerPackage } = await repeatNames();
    const response = await admin.put(`/api/packages/${lowerPackage}`, {
      name: 'Pacote 3',
      contract: world.contractA1,
      block: catalogue.a1Other.block,
      isActive: true,
    });
    assert.equal(response.statusCode, 200, response.body);
    const options = byId(await json(`/api/packages/options?contract=${world.contractA1}`));
    assert.equal(options.get(catalogue.a1.package), 'Pacote 1');
    assert.equal(options.get(lowerPackage), 'Pacote 3');
  });
});
