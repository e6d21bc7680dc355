import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The row count of a listed table, kept exact by statement-level triggers (`list_totals_track()`, in
 * the migration that created this table): an unfiltered list reads its total here instead of
 * counting, so a head vet's plain list costs its page alone and says the exact number past
 * `LIST_TOTAL_CAP` (#13). One row per table that has the triggers (`users`).
 */
export const listTotals = pgTable('list_totals', {
  list: text('list').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});
