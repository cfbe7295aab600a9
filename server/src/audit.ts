import type { Orm } from './db/connection.js';
import { auditLog } from './db/schema/audit.js';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  /** What changed; never a password or a hash. */
  changes?: Record<string, unknown>;
}

/** Writes one line of the audit trail. */
export async function recordAudit(orm: Orm, entry: AuditEntry): Promise<void> {
  await orm.insert(auditLog).values({ ...entry, changes: entry.changes ?? null });
}
