import { eq, sql } from 'drizzle-orm';
import type { Database, Orm } from '../db/connection.js';
import { selectRows } from '../db/connection.js';
import { dashboardDataVersion, dashboardDataVersions } from '../db/schema/dashboards.js';
import type { DashboardContext } from './context.js';

/**
 * Dashboards read a streaming replica (DATABASE_READ_URL) when it has everything they need,
 * and the primary otherwise (docs/deploy.md). The primary's data versions were read with the
 * contract (context.ts); the replica is asked for the same two versions, and it answers the
 * figures only when it has both: every write its reader could have seen, their own included,
 * has been replayed there. A replica that is behind, paused, down or failing never fails a
 * request: the primary computes instead, and a replica that failed is left alone for a while.
 */

/** The replica's copy of the versions the context read on the primary. */
async function replicaVersions(replica: Orm, contract: number): Promise<{ global: bigint; contract: bigint } | null> {
  const [row] = await selectRows<{ global: string | null; contract: string }>(
    replica,
    sql`select (select ${dashboardDataVersion.version}::text from ${dashboardDataVersion}) as global,
        coalesce((select ${dashboardDataVersions.version}::text from ${dashboardDataVersions}
          where ${eq(dashboardDataVersions.contractId, contract)}), '0') as contract`,
  );
  return row?.global ? { global: BigInt(row.global), contract: BigInt(row.contract) } : null;
}

/** The database that computes this context's figures: the replica when it has caught up. */
export async function figuresDatabase(db: Database, context: DashboardContext): Promise<Orm> {
  const { replica } = db;
  if (!replica || !replica.available() || !context.inScope || context.version === null) return db.orm;
  try {
    const there = await replicaVersions(replica.orm, context.filters.contract);
    const caughtUp =
      there !== null &&
      there.global >= BigInt(context.version.global) &&
      there.contract >= BigInt(context.version.contract);
    return caughtUp ? replica.orm : db.orm;
  } catch (error) {
    replica.failed(error);
    return db.orm;
  }
}

/**
 * Computes with `figures` on the replica when it can; any failure there (it went away, a query
 * cancelled by a conflict with recovery) is computed again on the primary.
 */
export async function onReplicaWhenCaughtUp<Answer>(
  db: Database,
  context: DashboardContext,
  figures: (context: DashboardContext) => Promise<Answer>,
): Promise<Answer> {
  const orm = await figuresDatabase(db, context);
  if (orm === db.orm) return figures(context);
  try {
    return await figures({ ...context, orm });
  } catch (error) {
    db.replica?.failed(error);
    return figures(context);
  }
}
