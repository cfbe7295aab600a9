import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people.js';

/** Who changed what, when: one row per write a user makes in the back-office. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** create, update, status, finish, reopen, change_password, … */
    action: text('action').notNull(),
    /** Table name of the record, e.g. users. */
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
);
