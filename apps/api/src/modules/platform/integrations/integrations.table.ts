import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Machine clients (the collar platform) that push readings. Only the token's SHA-256 is stored; a
 * revoked integration's token stops working at once.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('integrations_token_hash_key').on(table.tokenHash),
    index('integrations_name_idx').on(table.name),
  ],
);

export type IntegrationRow = typeof integrations.$inferSelect;
export type NewIntegrationRow = typeof integrations.$inferInsert;
