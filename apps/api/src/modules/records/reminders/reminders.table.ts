import { reminderStatuses } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';
import { pendingCards } from '../pending-cards/pending-cards.table.ts';

export const reminderStatusEnum = pgEnum('reminder_status', reminderStatuses);

/** A follow-up a vet must not forget about a pet: due at a time, assigned to a vet or to nobody. */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    assigneeVetId: uuid('assignee_vet_id').references(() => vets.id),
    status: reminderStatusEnum('status').notNull().default('open'),
    // The card it was made from ("check Luna's rate tomorrow"): kept when the card is resolved.
    pendingCardId: uuid('pending_card_id').references(() => pendingCards.id, { onDelete: 'set null' }),
    createdByVetId: uuid('created_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    doneByVetId: uuid('done_by_vet_id').references(() => vets.id),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    // The inbox and the morning digest: open reminders by due time, everyone's or one vet's.
    index('reminders_open_due_idx').on(table.dueAt).where(sql`status = 'open'`),
    index('reminders_assignee_due_idx').on(table.assigneeVetId, table.dueAt).where(sql`status = 'open'`),
    index('reminders_pet_idx').on(table.petId, table.dueAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('reminders_pet_done_idx').on(table.petId, table.doneAt).where(sql`done_at is not null`),
    index('reminders_card_idx').on(table.pendingCardId),
  ],
);

/**
 * The morning digest each vet got, one per vet and (UTC) day: the primary key is what lets two
 * instances, or a retried job, run the digest at once and still send each vet a single e-mail.
 */
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    vetId: uuid('vet_id')
      .notNull()
      .references(() => vets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    emailId: uuid('email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.vetId, table.day] })],
);

export type ReminderRow = typeof reminders.$inferSelect;
export type NewReminderRow = typeof reminders.$inferInsert;
