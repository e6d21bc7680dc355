import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { files } from '../../platform/files/files.table.ts';
import { integrations } from '../../platform/integrations/integrations.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { journalCategoryEnum, journalStatusEnum } from './journal.enums.ts';

/** What owners write in the app's symptoms journal, and what vets did about it. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    // The owner app's own id for the entry: a retried send finds it and stores nothing twice.
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    category: journalCategoryEnum('category').notNull(),
    severity: smallint('severity').notNull(),
    notes: text('notes').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    receivedFromIntegrationId: uuid('received_from_integration_id').references(() => integrations.id, {
      onDelete: 'set null',
    }),
    status: journalStatusEnum('status').notNull().default('new'),
    seenByVetId: uuid('seen_by_vet_id').references(() => vets.id),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    resolvedByVetId: uuid('resolved_by_vet_id').references(() => vets.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('journal_entries_inbox_idx').on(table.status, table.severity, table.occurredAt),
    index('journal_entries_pet_idx').on(table.petId, table.occurredAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('journal_entries_pet_resolved_idx')
      .on(table.petId, table.resolvedAt)
      .where(sql`resolved_at is not null`),
  ],
);

/** The photos of an entry, in the order the owner attached them; the bytes are in the files store. */
export const journalEntryPhotos = pgTable(
  'journal_entry_photos',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.position] })],
);

/**
 * The vets' replies to the owner about an entry, a thread in `position` order: a later reply is added,
 * never written over an earlier one (each went to the owner as its own e-mail).
 */
export const journalEntryReplies = pgTable(
  'journal_entry_replies',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    reply: text('reply').notNull(),
    repliedByVetId: uuid('replied_by_vet_id').references(() => vets.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull(),
    // The outbox mail that carries the reply to the owner.
    emailId: uuid('email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.entryId, table.position] })],
);

export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type NewJournalEntryRow = typeof journalEntries.$inferInsert;
