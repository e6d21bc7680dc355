import { pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed', 'logged']);

/** Every e-mail the product sends is recorded with its delivery result (DOMAIN.md "B2B"). */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  status: emailStatusEnum('status').notNull().default('pending'),
  error: text('error'),
  createdByVetId: uuid('created_by_vet_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export type EmailRow = typeof emailOutbox.$inferSelect;
