import { z } from 'zod';
import { listQuerySchemas, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { reminderAssignments, reminderDueStates, reminderSortFields, reminderStatuses } from './enums.ts';
import { inboxPetSchema } from './pet-alerts.ts';

export const reminderStatusSchema = z.enum(reminderStatuses);
export type ReminderStatus = z.infer<typeof reminderStatusSchema>;
export const reminderDueStateSchema = z.enum(reminderDueStates);
export type ReminderDueState = z.infer<typeof reminderDueStateSchema>;

export const REMINDER_TITLE_MAX = 200;
export const REMINDER_NOTES_MAX = 5000;

const title = text()
  .trim()
  .min(1, 'A title is required')
  .max(REMINDER_TITLE_MAX, `At most ${REMINDER_TITLE_MAX} characters`);
const notes = text().trim().max(REMINDER_NOTES_MAX, `At most ${REMINDER_NOTES_MAX} characters`);

export const reminderSchema = z.object({
  uuid: z.uuid(),
  pet: inboxPetSchema,
  ownerName: z.string().nullable(),
  title: z.string(),
  notes: z.string(),
  dueAt: timestampSchema,
  /** For an open reminder: past due, due later today (UTC) or later; null once done. */
  due: reminderDueStateSchema.nullable(),
  assignee: personRefSchema.nullable(),
  status: reminderStatusSchema,
  /** The pending card the reminder was made from, if any. */
  pendingCardUuid: z.uuid().nullable(),
  createdBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
  doneBy: personRefSchema.nullable(),
  doneAt: timestampSchema.nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderResponseSchema = z.object({ reminder: reminderSchema });
export type ReminderResponse = z.infer<typeof reminderResponseSchema>;

const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);

const reminderListQueries = listQuerySchemas(
  reminderSortFields,
  { sort: 'inbox', order: 'asc' },
  {
    /** Every status when left out (open ones first in the inbox order). */
    status: reminderStatusSchema.optional(),
    assignment: z.enum(reminderAssignments).optional(),
    /** Reminders assigned to this vet. */
    assigneeUuid: z.uuid().optional(),
    petUuid: z.uuid().optional(),
    pendingCardUuid: z.uuid().optional(),
    /** Due from (unix seconds, inclusive). */
    dueFrom: unixSeconds.optional(),
    /** Due before (unix seconds, exclusive). */
    dueTo: unixSeconds.optional(),
  },
);
export const reminderListQuerySchema = reminderListQueries.list;
export type ReminderListQuery = z.infer<typeof reminderListQuerySchema>;

export const reminderListResponseSchema = z.object({
  reminders: z.array(reminderSchema),
  pagination: paginationSchema,
});
export type ReminderListResponse = z.infer<typeof reminderListResponseSchema>;

/** A reminder about a pet, optionally made from one of its pending cards ("check Luna's rate tomorrow"). */
export const reminderCreateSchema = z.strictObject({
  petUuid: z.uuid(),
  title,
  notes: notes.default(''),
  dueAt: timestampSchema,
  /** Nobody when left out or null. */
  assigneeUuid: z.uuid().nullable().optional(),
  pendingCardUuid: z.uuid().nullable().optional(),
});
export type ReminderCreate = z.input<typeof reminderCreateSchema>;
export type ReminderCreateInput = z.infer<typeof reminderCreateSchema>;

export const reminderUpdateSchema = z.strictObject({
  title: title.optional(),
  notes: notes.optional(),
  dueAt: timestampSchema.optional(),
});
export type ReminderUpdate = z.infer<typeof reminderUpdateSchema>;

export const reminderAssignSchema = z.strictObject({
  /** The vet who should do it; null leaves it to nobody. */
  assigneeUuid: z.uuid().nullable(),
});
export type ReminderAssign = z.infer<typeof reminderAssignSchema>;
