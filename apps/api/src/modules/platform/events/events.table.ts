import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of domain events: written in the transaction of the change, so a
 * rolled-back change publishes nothing and a crash loses nothing. `seq` orders them and is the SSE
 * event id a reconnecting client resumes after.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    petId: uuid('pet_id'),
    companySku: text('company_sku'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: jsonb('actor').$type<{ type: string; id: string | null }>().notNull(),
  },
  (table) => [index('domain_events_at_idx').on(table.at)],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
