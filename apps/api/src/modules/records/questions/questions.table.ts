import { petQuestionStatuses } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { integrations } from '../../platform/integrations/integrations.table.ts';
import { emailOutbox } from '../../platform/mail/mail.table.ts';

export const petQuestionStatusEnum = pgEnum('pet_question_status', petQuestionStatuses);

/** Questions owners ask about their pet in the app, and the vet's answer (saved, then sent by e-mail). */
export const petQuestions = pgTable(
  'pet_questions',
  {
    // The owner app's own id for the question: a retried send finds it and stores nothing twice.
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    receivedFromIntegrationId: uuid('received_from_integration_id').references(() => integrations.id, {
      onDelete: 'set null',
    }),
    status: petQuestionStatusEnum('status').notNull().default('open'),
    // A saved answer is a draft (editable) until sentAt is set; then the thread is answered and final.
    answer: text('answer'),
    answeredByVetId: uuid('answered_by_vet_id').references(() => vets.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    sentByVetId: uuid('sent_by_vet_id').references(() => vets.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // The outbox mail that carried the answer to the owner.
    answerEmailId: uuid('answer_email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('pet_questions_pet_idx').on(table.petId, table.status, table.askedAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('pet_questions_pet_asked_idx').on(table.petId, table.askedAt),
    index('pet_questions_pet_sent_idx').on(table.petId, table.sentAt).where(sql`sent_at is not null`),
  ],
);

export type PetQuestionRow = typeof petQuestions.$inferSelect;
export type NewPetQuestionRow = typeof petQuestions.$inferInsert;
