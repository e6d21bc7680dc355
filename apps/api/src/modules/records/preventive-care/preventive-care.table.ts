import { sql } from 'drizzle-orm';
import {
  date,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';

/**
 * A dose of a vaccine or parasite treatment given to a pet, here or elsewhere (often a partner clinic):
 * what the schedule counts. The item is kept by its protocol code, so the protocol may change around it.
 */
export const preventiveDoses = pgTable(
  'preventive_doses',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    product: text('product').notNull(),
    batch: text('batch').notNull().default(''),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    givenAt: text('given_at').notNull().default(''),
    // As the vet wrote it: the person who gave it may work elsewhere and have no account.
    givenBy: text('given_by').notNull().default(''),
    recordedByVetId: uuid('recorded_by_vet_id').references(() => vets.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('preventive_doses_pet_item_given_idx').on(table.petId, table.itemCode, table.givenOn),
    index('preventive_doses_pet_created_idx').on(table.petId, table.createdAt),
  ],
);

/**
 * An item a vet said does not apply to a pet, with why: one standing per pet and item. Removing it keeps
 * the row with who and when (the pet's timeline shows both), so the unique index is on the standing ones.
 */
export const preventiveNotApplicable = pgTable(
  'preventive_not_applicable',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    reason: text('reason').notNull(),
    markedByVetId: uuid('marked_by_vet_id').references(() => vets.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedByVetId: uuid('removed_by_vet_id').references(() => vets.id),
  },
  (table) => [
    uniqueIndex('preventive_not_applicable_pet_item_uq')
      .on(table.petId, table.itemCode)
      .where(sql`${table.removedAt} is null`),
    index('preventive_not_applicable_pet_marked_idx').on(table.petId, table.markedAt),
    index('preventive_not_applicable_pet_removed_idx').on(table.petId, table.removedAt),
  ],
);

/**
 * Each pet's next due day per item, as `scheduleOf` computes it, kept so the cross-pet inbox, the home
 * count and the owner reminders page and count in SQL by date. Rewritten for a pet in the transaction of
 * each dose or mark, and for every pet by the daily job (a birth date edited, a new pet, a course whose
 * young-animal window closed). No row: not applicable, or no known day (no birth date and no dose).
 */
export const preventiveDueItems = pgTable(
  'preventive_due_items',
  {
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** The first day it reads almost due (the default window, at most a quarter of the gap). */
    almostDueOn: date('almost_due_on', { mode: 'string' }).notNull(),
    /** The first day it reads overdue (past the grace days). */
    overdueOn: date('overdue_on', { mode: 'string' }).notNull(),
    lastGivenOn: date('last_given_on', { mode: 'string' }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.petId, table.itemCode] }),
    index('preventive_due_items_almost_due_idx').on(table.almostDueOn, table.petId),
    index('preventive_due_items_overdue_idx').on(table.overdueOn, table.petId),
  ],
);

export const preventiveReminderKinds = ['before_due', 'overdue'] as const;
export const preventiveReminderKindEnum = pgEnum('preventive_reminder_kind', preventiveReminderKinds);

/**
 * An e-mail sent to a pet's owner about an item: before it is due and once it is overdue, once each per
 * due day. The unique key is claimed in the transaction that queues the mail, so two instances or a
 * retried job send it once.
 */
export const preventiveOwnerReminders = pgTable(
  'preventive_owner_reminders',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    kind: preventiveReminderKindEnum('kind').notNull(),
    sentTo: text('sent_to').notNull(),
    emailId: uuid('email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('preventive_owner_reminders_once_uq').on(
      table.petId,
      table.itemCode,
      table.dueOn,
      table.kind,
    ),
    index('preventive_owner_reminders_pet_sent_idx').on(table.petId, table.sentAt),
  ],
);

export type PreventiveDoseRow = typeof preventiveDoses.$inferSelect;
export type NewPreventiveDoseRow = typeof preventiveDoses.$inferInsert;
export type PreventiveNotApplicableRow = typeof preventiveNotApplicable.$inferSelect;
export type NewPreventiveNotApplicableRow = typeof preventiveNotApplicable.$inferInsert;
export type NewPreventiveDueItemRow = typeof preventiveDueItems.$inferInsert;
export type PreventiveOwnerReminderRow = typeof preventiveOwnerReminders.$inferSelect;
