import { z } from 'zod';
import { paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { petQuestionStatuses } from './enums.ts';
import { itemPendingCardSchema } from './pending-cards.ts';
import { inboxPetSchema } from './pet-alerts.ts';

export const petQuestionStatusSchema = z.enum(petQuestionStatuses);
export type PetQuestionStatus = z.infer<typeof petQuestionStatusSchema>;

export const PET_QUESTION_TEXT_MAX = 5000;

/**
 * What the owner app sends (`POST /v1/pet-questions`): `uuid` is the app's own id for the question, so
 * sending it again (a retry after a lost answer) stores nothing twice.
 */
export const petQuestionIngestSchema = z.strictObject({
  uuid: z.uuid(),
  petUuid: z.uuid(),
  question: text().trim().min(1).max(PET_QUESTION_TEXT_MAX),
  askedAt: timestampSchema,
});
export type PetQuestionIngest = z.infer<typeof petQuestionIngestSchema>;

export const petQuestionSchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  question: z.string(),
  askedAt: timestampSchema,
  receivedAt: timestampSchema,
  status: petQuestionStatusSchema,
  /** The vet's answer: saved (a draft, still editable) until it is sent, then final. */
  answer: z.string().nullable(),
  /** Who last saved the answer, and when. */
  answeredBy: personRefSchema.nullable(),
  answeredAt: timestampSchema.nullable(),
  sentBy: personRefSchema.nullable(),
  sentAt: timestampSchema.nullable(),
});
export type PetQuestion = z.infer<typeof petQuestionSchema>;

/** A question on its own page (the pet's questions): with the cards it raised or fed, newest first. */
export const petQuestionDetailSchema = petQuestionSchema.extend({
  pendingCards: z.array(itemPendingCardSchema),
});
export type PetQuestionDetail = z.infer<typeof petQuestionDetailSchema>;

export const petQuestionResponseSchema = z.object({ petQuestion: petQuestionDetailSchema });
export type PetQuestionResponse = z.infer<typeof petQuestionResponseSchema>;

export const petQuestionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  status: petQuestionStatusSchema.optional(),
});
export type PetQuestionListQuery = z.infer<typeof petQuestionListQuerySchema>;

export const petQuestionListResponseSchema = z.object({
  /** Open threads first, then the newest. */
  petQuestions: z.array(petQuestionDetailSchema),
  pagination: paginationSchema,
  /** The pet's threads in each status (the status filter left out). */
  counts: z.object({ open: z.number().int(), answered: z.number().int() }),
});
export type PetQuestionListResponse = z.infer<typeof petQuestionListResponseSchema>;

export const petQuestionAnswerSchema = z.strictObject({
  answer: text().trim().min(1).max(PET_QUESTION_TEXT_MAX),
});
export type PetQuestionAnswer = z.infer<typeof petQuestionAnswerSchema>;
