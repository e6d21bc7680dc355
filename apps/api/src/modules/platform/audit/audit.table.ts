import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only: who did what to which entity, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorVetId: uuid('actor_vet_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_actor_idx').on(table.actorVetId, table.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
