import { z } from 'zod';
import { pendingCardSummarySchema } from './pending-cards.ts';
import { petQuestionSchema } from './questions.ts';
import { reminderSchema } from './reminders.ts';

const count = z.number().int();

/**
 * `GET /v1/home`: the vet's to-do list in one call. Every count is of what the vet may see (a company
 * vet's are of their company's pets) and matches the inbox it links to.
 */
export const homeResponseSchema = z.object({
  /** Open pending cards in the queue (not snoozed), by severity, and how many the vet claimed. */
  pendingCards: z.object({
    open: count,
    high: count,
    highOrange: count,
    highRed: count,
    mine: count,
  }),
  /** Answered checkups awaiting a vet's review. */
  checkupsToReview: count,
  /** Journal entries no vet has seen yet. */
  newJournalEntries: count,
  /** Medical records awaiting review. */
  medicalRecordsToReview: count,
  /** The vet's own open reminders: past due, and due later today (UTC). */
  myReminders: z.object({ overdue: count, dueToday: count }),
  /** B2B pets with no daily status written today (the practice's day). */
  b2bPetsWithoutStatus: count,
  /** Owners' questions whose answer has not been sent yet. */
  openQuestions: count,
  /** Weekly reports still in draft: a vet has to review them before they go to the owner. */
  weeklyReportsToReview: count,
  /** Preventive-care items (vaccines, parasite treatments) overdue on the practice's day: the inbox's count. */
  preventiveCareOverdue: count,
  /** My work: the open cards the vet claimed, worst first (a few). */
  myCards: z.array(pendingCardSummarySchema),
  /** My work: the vet's open reminders, overdue first (a few). */
  myOpenReminders: z.array(reminderSchema),
  /** The queue's most severe open cards (a few). */
  severeCards: z.array(pendingCardSummarySchema),
  /** The owners' questions that have waited longest for an answer (a few). */
  oldestOpenQuestions: z.array(petQuestionSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;
