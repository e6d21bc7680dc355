import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { checkupStatusEnum } from './checkups.enums.ts';
import { forms, formVersions } from './checkups.forms.table.ts';

export interface CheckupAnswerValue {
  questionUuid: string;
  optionSku: string;
}

/** A vet comment replaced by an amendment: kept, with who wrote it and when. */
export interface CommentHistoryValue {
  comment: string;
  vetId: string | null;
  at: string;
}

/** A form version sent to a pet's owner, and the answers. */
export const checkups = pgTable(
  'checkups',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    // The exact version sent: editing the form later never changes what this checkup asked.
    formVersion: integer('form_version').notNull(),
    status: checkupStatusEnum('status').notNull().default('sent'),
    problematic: boolean('problematic').notNull().default(false),
    problematicCount: integer('problematic_count').notNull().default(0),
    answers: jsonb('answers').$type<CheckupAnswerValue[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    sentByVetId: uuid('sent_by_vet_id').references(() => vets.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    // Set when a vet filled the checkup (during a call) instead of the owner.
    filledByVetId: uuid('filled_by_vet_id').references(() => vets.id),
    reviewedByVetId: uuid('reviewed_by_vet_id').references(() => vets.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    vetComment: text('vet_comment'),
    commentHistory: jsonb('comment_history').$type<CommentHistoryValue[]>().notNull().default([]),
  },
  (table) => [
    foreignKey({
      columns: [table.formId, table.formVersion],
      foreignColumns: [formVersions.formId, formVersions.version],
    }),
    index('checkups_pet_sent_idx').on(table.petId, table.sentAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('checkups_pet_answered_idx').on(table.petId, table.answeredAt).where(sql`answered_at is not null`),
    index('checkups_pet_reviewed_idx').on(table.petId, table.reviewedAt).where(sql`reviewed_at is not null`),
    index('checkups_form_idx').on(table.formId),
    index('checkups_inbox_idx').on(table.status, table.problematic, table.sentAt),
  ],
);

export type CheckupRow = typeof checkups.$inferSelect;
export type NewCheckupRow = typeof checkups.$inferInsert;
