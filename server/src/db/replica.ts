import type { DatabaseLog, Orm, Replica } from './connection.js';

/** After the replica failed, the dashboards read the primary for this long before trying it again. */
export const REPLICA_RETRY_MS = 5000;

/** A replica that is skipped for a while after it failed (docs/deploy.md). */
export function replicaWithBreaker(orm: Orm, log: DatabaseLog, retryMs = REPLICA_RETRY_MS): Replica {
  let skipUntil = 0;
  return {
    orm,
    available: () => Date.now() >= skipUntil,
    failed(error: unknown) {
      skipUntil = Date.now() + retryMs;
      log.warn({ err: error }, 'replica unavailable: the dashboards read the primary');
    },
  };
}
