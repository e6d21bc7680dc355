import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { IntegrationScope } from './integrations.scopes.ts';

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
    // Tokens made before scopes existed did everything: they keep both until an operator replaces them.
    scopes: text('scopes')
      .array()
      .$type<IntegrationScope[]>()
      .notNull()
      .default(sql`'{readings,owner_app}'::text[]`),
    /** A company's own integration: it writes only about that company's pets (null: any pet). */
    companySku: text('company_sku'),
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
