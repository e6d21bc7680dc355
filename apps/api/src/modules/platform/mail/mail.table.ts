import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * `queued` until a send succeeds (`sent`) or the last try fails (`failed`); `logged` when no SMTP
 * server is configured and the mail went to the log instead.
 */
/** A file sent with a mail (a weekly report's PDF): small generated documents, kept with the mail. */
export interface EmailAttachmentValue {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'failed', 'logged']);

/**
 * Every e-mail the product sends (DOMAIN.md "B2B"). The row is written in the transaction of the
 * change that causes it, together with the job that sends it (mail.service.ts).
 */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  attachments: jsonb('attachments').$type<EmailAttachmentValue[]>().notNull().default([]),
  status: emailStatusEnum('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  /** The error of the latest failed try, kept after a later success for the record. */
  lastError: text('error'),
  createdByVetId: uuid('created_by_vet_id'),
  /**
   * A mail to one of our vets that names pets (the reminder digest): delivery checks again, at sending
   * time, that this vet may still see every pet in `pet_ids`, since a retry can come long after the
   * vet's kind or company changed (issue #47).
   */
  recipientVetId: uuid('recipient_vet_id'),
  petIds: uuid('pet_ids').array().notNull().default(sql`'{}'::uuid[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export type EmailRow = typeof emailOutbox.$inferSelect;
