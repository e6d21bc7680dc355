import { z } from 'zod';
import { listQuerySchemas, paginationSchema, personRefSchema, text, timestampSchema } from './common.ts';
import { dietPlanSchema } from './diets.ts';
import {
  journalCategories,
  pendingCardConcerns,
  pendingCardStatuses,
  weeklyReportSortFields,
  weeklyReportStatuses,
} from './enums.ts';
import { inboxPetSchema } from './pet-alerts.ts';
import { readingKinds } from './trackers.ts';

export const weeklyReportStatusSchema = z.enum(weeklyReportStatuses);
export type WeeklyReportStatus = z.infer<typeof weeklyReportStatusSchema>;
export const weeklyReportStatusLabels: Record<WeeklyReportStatus, string> = {
  draft: 'Draft',
  reviewed: 'Reviewed',
  sent: 'Sent',
};

/** An ISO 8601 week, `2026-W47`. */
export const isoWeekSchema = z
  .string()
  .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, 'An ISO week such as 2026-W47')
  .refine((week) => isoWeekExists(week), 'This year has no such week');

const DAY_MS = 86_400_000;

function isoDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday (UTC midnight, in ms) that starts ISO week 1 of `year`: the week holding 4 January. */
function firstMondayOf(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return jan4 - weekday * DAY_MS;
}

/** The ISO week holding the calendar day `isoDate` (`YYYY-MM-DD`). */
export function isoWeekOfDate(isoDate: string): string {
  const ms = Date.parse(`${isoDate}T00:00:00Z`);
  const thursday = ms + (3 - ((new Date(ms).getUTCDay() + 6) % 7)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - firstMondayOf(year)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function parseWeek(week: string): { year: number; number: number } {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  return { year, number };
}

function isoWeekExists(week: string): boolean {
  // Refinements run even after the pattern failed: a malformed value is simply no week.
  if (!/^\d{4}-W\d{2}$/.test(week)) return false;
  const { year, number } = parseWeek(week);
  return number <= 52 || isoWeekOfDate(isoDateOf(firstMondayOf(year) + (number - 1) * 7 * DAY_MS)) === week;
}

/** The week's local calendar days, Monday to Sunday (`end` inclusive). */
export function isoWeekRange(week: string): { start: string; end: string } {
  const { year, number } = parseWeek(week);
  const monday = firstMondayOf(year) + (number - 1) * 7 * DAY_MS;
  return { start: isoDateOf(monday), end: isoDateOf(monday + 6 * DAY_MS) };
}

export function shiftIsoWeek(week: string, weeks: number): string {
  const { start } = isoWeekRange(week);
  return isoWeekOfDate(isoDateOf(Date.parse(`${start}T00:00:00Z`) + weeks * 7 * DAY_MS));
}

const nullableNumber = z.number().nullable();

/** One tracker over the week, from the daily rollups (local days in the pet's timezone). */
export const weeklyTrackerSummarySchema = z.object({
  kind: z.enum(readingKinds),
  unit: z.string(),
  /**
   * Rates (respiratory, heart): the mean of the week's readings and the lowest and highest reading.
   * Counts (shaking episodes, drinking seconds): the mean daily total and the lowest and highest day.
   */
  average: nullableNumber,
  min: nullableNumber,
  max: nullableNumber,
  previousAverage: nullableNumber,
  /** Against the previous week's average, in percent (one decimal); null without both weeks. */
  changePercent: nullableNumber,
  /** Days of the seven with readings. */
  daysWithData: z.number().int(),
  /** Each day's value (the rate's mean or the count's total), Monday first: the small chart. */
  daily: z.array(z.object({ date: z.string(), value: nullableNumber })),
});
export type WeeklyTrackerSummary = z.infer<typeof weeklyTrackerSummarySchema>;

export const weightTrends = ['towards_target', 'away_from_target', 'stable', 'no_target', 'no_data'] as const;
export const weightTrendLabels: Record<(typeof weightTrends)[number], string> = {
  towards_target: 'Towards target',
  away_from_target: 'Away from target',
  stable: 'Stable',
  no_target: 'No target set',
  no_data: 'No weighing',
};

export const weeklyReportContentSchema = z.object({
  week: z.string(),
  start: z.string(),
  end: z.string(),
  trackers: z.array(weeklyTrackerSummarySchema),
  weight: z.object({
    /** The latest weighing up to the week's end, and the latest before the week began. */
    latestKg: nullableNumber,
    previousKg: nullableNumber,
    targetKg: nullableNumber,
    changeKg: nullableNumber,
    trend: z.enum(weightTrends),
  }),
  pendingCards: z.array(
    z.object({
      uuid: z.uuid(),
      concern: z.enum(pendingCardConcerns),
      severity: z.number().int(),
      /** As at generation: a card resolved later still reads open here. */
      status: z.enum(pendingCardStatuses),
      openedAt: timestampSchema,
    }),
  ),
  journal: z.object({
    count: z.number().int(),
    entries: z.array(
      z.object({
        uuid: z.uuid(),
        category: z.enum(journalCategories),
        severity: z.number().int(),
        occurredAt: timestampSchema,
      }),
    ),
  }),
  checkups: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        uuid: z.uuid(),
        title: z.string(),
        answeredAt: timestampSchema,
        problematic: z.boolean(),
      }),
    ),
  }),
  dietPlan: dietPlanSchema.nullable(),
});
export type WeeklyReportContent = z.infer<typeof weeklyReportContentSchema>;

export const weeklyReportSummarySchema = z.object({
  uuid: z.uuid(),
  week: z.string(),
  status: weeklyReportStatusSchema,
  pet: inboxPetSchema,
  companySku: z.string().nullable(),
  openCardCount: z.number().int(),
  /** The largest change of a tracker's average against the previous week, in percent (absolute). */
  largestChangePercent: nullableNumber,
  reviewedBy: personRefSchema.nullable(),
  sentBy: personRefSchema.nullable(),
  generatedAt: timestampSchema,
});
export type WeeklyReportSummary = z.infer<typeof weeklyReportSummarySchema>;

export const WEEKLY_REPORT_COMMENT_MAX = 5000;

export const weeklyReportSchema = weeklyReportSummarySchema.extend({
  content: weeklyReportContentSchema,
  /** As the vet wrote it, placeholders kept. */
  vetComment: z.string(),
  /** As the owner reads it: `{{PET_NAME}}` replaced. */
  vetCommentShown: z.string(),
  ownerEmail: z.string().nullable(),
  reviewedAt: timestampSchema.nullable(),
  sentAt: timestampSchema.nullable(),
  canEditComment: z.boolean(),
  canReview: z.boolean(),
  canSend: z.boolean(),
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;
export const weeklyReportResponseSchema = z.object({ weeklyReport: weeklyReportSchema });
export type WeeklyReportResponse = z.infer<typeof weeklyReportResponseSchema>;

const weeklyReportListQueries = listQuerySchemas(
  weeklyReportSortFields,
  { sort: 'inbox', order: 'asc' },
  {
    week: isoWeekSchema.optional(),
    status: weeklyReportStatusSchema.optional(),
    company: text().trim().min(1).max(64).optional(),
    /** The vet who reviewed or sent it. */
    vetUuid: z.uuid().optional(),
    /** One pet's reports (the pet menu's Weekly Reports link). */
    petUuid: z.uuid().optional(),
  },
);
export const weeklyReportListQuerySchema = weeklyReportListQueries.list;
export type WeeklyReportListQuery = z.infer<typeof weeklyReportListQuerySchema>;

export const weeklyReportListResponseSchema = z.object({
  weeklyReports: z.array(weeklyReportSummarySchema),
  pagination: paginationSchema,
  /** How many reports match the filters in each status (the status filter left out). */
  counts: z.object({ draft: z.number().int(), reviewed: z.number().int(), sent: z.number().int() }),
});
export type WeeklyReportListResponse = z.infer<typeof weeklyReportListResponseSchema>;

export const petWeeklyReportsResponseSchema = z.object({ weeklyReports: z.array(weeklyReportSummarySchema) });
export type PetWeeklyReportsResponse = z.infer<typeof petWeeklyReportsResponseSchema>;

export const weeklyReportCommentSchema = z.strictObject({
  vetComment: text().trim().max(WEEKLY_REPORT_COMMENT_MAX),
});
export type WeeklyReportComment = z.infer<typeof weeklyReportCommentSchema>;

export const weeklyReportSentSchema = z.object({
  weeklyReport: weeklyReportSchema,
  email: z.object({ uuid: z.uuid(), to: z.string(), subject: z.string() }),
});
export type WeeklyReportSent = z.infer<typeof weeklyReportSentSchema>;

export const weeklyTrackerLabels: Record<(typeof readingKinds)[number], string> = {
  respiratory_rate: 'Sleeping respiratory rate',
  heart_rate: 'Heart rate',
  shaking: 'Head shaking (per day)',
  drinking: 'Drinking (seconds per day)',
};

/** "16–22 November 2026": the days a week covers, as the report's title says them. */
export function isoWeekLabel(week: string): string {
  const { start, end } = isoWeekRange(week);
  const day = (iso: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const sameMonth = start.slice(0, 7) === end.slice(0, 7);
  const from = sameMonth ? day(start, { day: 'numeric' }) : day(start, { day: 'numeric', month: 'long' });
  return `${from}–${day(end, { day: 'numeric', month: 'long', year: 'numeric' })}`;
}
