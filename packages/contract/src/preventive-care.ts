import { z } from 'zod';
import { type Species, speciesSchema } from './breeds.ts';
import {
  type CalendarDate,
  calendarDateSchema,
  listQuerySchemas,
  paginationSchema,
  personRefSchema,
  text,
  timestampSchema,
} from './common.ts';
import { preventiveInboxSortFields, preventiveInboxStatuses } from './enums.ts';

export const preventiveKinds = ['vaccine', 'parasite'] as const;
export const preventiveKindSchema = z.enum(preventiveKinds);
export type PreventiveKind = z.infer<typeof preventiveKindSchema>;

export const preventiveCategories = ['core', 'non_core'] as const;
export const preventiveCategorySchema = z.enum(preventiveCategories);
export type PreventiveCategory = z.infer<typeof preventiveCategorySchema>;

export const preventiveStatuses = [
  'overdue',
  'due',
  'almost_due',
  'not_yet',
  'done',
  'not_applicable',
] as const;
export const preventiveStatusSchema = z.enum(preventiveStatuses);
export type PreventiveStatus = z.infer<typeof preventiveStatusSchema>;

/** In the order a pet's page groups them: what needs doing first. */
export const PREVENTIVE_STATUS_LABELS: Record<PreventiveStatus, string> = {
  overdue: 'Overdue',
  due: 'Due',
  almost_due: 'Almost due',
  not_yet: 'Not yet',
  done: 'Done',
  not_applicable: 'Not applicable',
};

export const PREVENTIVE_KIND_LABELS: Record<PreventiveKind, string> = {
  vaccine: 'Vaccine',
  parasite: 'Parasite control',
};

export const PREVENTIVE_CATEGORY_LABELS: Record<PreventiveCategory, string> = {
  core: 'Core',
  non_core: 'Non-core',
};

/** Days before its due date an item reads as almost due, unless the pet's page is asked for another window. */
export const PREVENTIVE_ALMOST_DUE_DAYS = 30;

/**
 * One vaccine or parasite treatment of a species' protocol: the first course by age, then boosters.
 * A pet that starts after the young animal's course has ended (its first dose, or today with none, is
 * past the course's last age; or its birth date is unknown) gets `adultDoses` doses instead.
 */
export const preventiveProtocolItemSchema = z.object({
  /** Stable, `<species>.<item>`: doses and not-applicable marks keep it. */
  code: z.string(),
  species: speciesSchema,
  kind: preventiveKindSchema,
  category: preventiveCategorySchema,
  name: z.string(),
  description: z.string(),
  /** Ages in weeks of the young animal's first course, in order. */
  courseAgesWeeks: z.array(z.number().int().min(0)),
  /** Doses of the first course for an animal that starts as an adult. */
  adultDoses: z.number().int().min(1),
  /** The shortest gap between two doses of a first course. */
  minDaysBetweenDoses: z.number().int().min(1),
  /** The first booster after the first course, when it differs from the later ones (months). */
  firstBoosterMonths: z.number().int().min(1).nullable(),
  /** Every later booster or treatment (months). */
  boosterMonths: z.number().int().min(1),
  /** Days past its due date an item is still "due" before it is "overdue". */
  graceDays: z.number().int().min(0),
  /** The guideline the defaults follow. */
  guideline: z.string(),
});
export type PreventiveProtocolItem = z.infer<typeof preventiveProtocolItemSchema>;

export const preventiveProtocolListResponseSchema = z.object({
  items: z.array(preventiveProtocolItemSchema),
});
export type PreventiveProtocolListResponse = z.infer<typeof preventiveProtocolListResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// The schedule: pure, so the API and a screen compute it the same way.

const DAY_MS = 86_400_000;

function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}

function fromDayNumber(days: number): CalendarDate {
  const at = new Date(days * DAY_MS);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** The same day `months` later; a day the month does not have is its last (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(a) - dayNumber(b);
}

export interface ScheduleDose {
  itemCode: string;
  givenOn: CalendarDate;
}

export interface ScheduleInput {
  species: Species;
  birthDate: CalendarDate | null;
  protocol: readonly PreventiveProtocolItem[];
  doses: readonly ScheduleDose[];
  /** Item codes marked not applicable for this pet. */
  notApplicable: readonly string[];
  today: CalendarDate;
  almostDueDays?: number;
}

export interface ScheduleItem {
  code: string;
  status: PreventiveStatus;
  /** The next dose's day; null when done for good, not applicable, or the birth date is unknown before any dose. */
  dueOn: CalendarDate | null;
  lastGivenOn: CalendarDate | null;
  dosesGiven: number;
  /** Doses of the first course this pet needs (the young animal's or the adult's). */
  courseDoses: number;
}

const STATUS_ORDER = new Map(preventiveStatuses.map((status, index) => [status, index]));

function nextDue(
  item: PreventiveProtocolItem,
  birthDate: CalendarDate | null,
  given: CalendarDate[],
  today: CalendarDate,
): { dueOn: CalendarDate | null; courseDoses: number } {
  const lastAge = item.courseAgesWeeks.at(-1);
  const courseEnd = birthDate && lastAge !== undefined ? addDays(birthDate, lastAge * 7) : null;
  const startedOn = given[0] ?? today;
  const adult = courseEnd === null || compareDates(startedOn, courseEnd) > 0;
  const courseDoses = adult ? item.adultDoses : item.courseAgesWeeks.length;
  const last = given.at(-1);
  if (given.length < courseDoses) {
    // The earliest day the next dose counts: its age in the course, and never too soon after the last.
    const byAge =
      !adult && birthDate ? addDays(birthDate, (item.courseAgesWeeks[given.length] ?? 0) * 7) : null;
    const byGap = last ? addDays(last, item.minDaysBetweenDoses) : null;
    if (byAge && byGap) return { dueOn: compareDates(byAge, byGap) >= 0 ? byAge : byGap, courseDoses };
    // An adult never given it has been due since its young course would have ended.
    return { dueOn: byAge ?? byGap ?? courseEnd, courseDoses };
  }
  const months =
    given.length === courseDoses && item.firstBoosterMonths !== null
      ? item.firstBoosterMonths
      : item.boosterMonths;
  return { dueOn: addMonths(last as CalendarDate, months), courseDoses };
}

/**
 * The first day an item due on `dueOn` reads almost due, and the first it reads overdue (past its grace
 * days). The almost-due window is at most a quarter of the gap since `from` (the last dose, or birth).
 * `scheduleOf` judges by these, and the API stores them so its inbox and reminders page by date.
 */
export function statusDaysOf(
  item: Pick<PreventiveProtocolItem, 'graceDays'>,
  dueOn: CalendarDate,
  from: CalendarDate | null,
  almostDueDays: number = PREVENTIVE_ALMOST_DUE_DAYS,
): { almostDueOn: CalendarDate; overdueOn: CalendarDate } {
  const gap = from ? compareDates(dueOn, from) : Number.POSITIVE_INFINITY;
  return {
    almostDueOn: addDays(dueOn, -Math.min(almostDueDays, Math.floor(gap / 4))),
    overdueOn: addDays(dueOn, item.graceDays + 1),
  };
}

/**
 * Each item of the pet's species, with its status and next due day, most urgent first. A dose given early
 * counts from the day it was given. The almost-due window is at most a quarter of the gap since the last
 * dose (or birth), so a monthly treatment is not "almost due" the day after it was given.
 */
export function scheduleOf(input: ScheduleInput): ScheduleItem[] {
  const window = input.almostDueDays ?? PREVENTIVE_ALMOST_DUE_DAYS;
  const notApplicable = new Set(input.notApplicable);
  const items = input.protocol
    .filter((item) => item.species === input.species)
    .map((item): ScheduleItem => {
      const given = input.doses
        .filter((dose) => dose.itemCode === item.code)
        .map((dose) => dose.givenOn)
        .sort(compareDates);
      const lastGivenOn = given.at(-1) ?? null;
      const { dueOn, courseDoses } = nextDue(item, input.birthDate, given, input.today);
      const base = { code: item.code, lastGivenOn, dosesGiven: given.length, courseDoses };
      if (notApplicable.has(item.code)) return { ...base, status: 'not_applicable', dueOn: null };
      if (dueOn === null) return { ...base, status: 'due', dueOn };
      const days = statusDaysOf(item, dueOn, lastGivenOn ?? input.birthDate, window);
      const status: PreventiveStatus =
        compareDates(input.today, days.overdueOn) >= 0
          ? 'overdue'
          : compareDates(input.today, dueOn) >= 0
            ? 'due'
            : compareDates(input.today, days.almostDueOn) >= 0
              ? 'almost_due'
              : given.length > 0
                ? 'done'
                : 'not_yet';
      return { ...base, status, dueOn };
    });
  return items.sort(
    (a, b) =>
      (STATUS_ORDER.get(a.status) ?? 0) - (STATUS_ORDER.get(b.status) ?? 0) ||
      (a.dueOn && b.dueOn ? compareDates(a.dueOn, b.dueOn) : a.dueOn ? -1 : b.dueOn ? 1 : 0) ||
      a.code.localeCompare(b.code),
  );
}

// ---------------------------------------------------------------------------------------------------
// The API's shapes.

export const PREVENTIVE_TEXT_MAX = 200;
export const PREVENTIVE_REASON_MAX = 2000;

const shortText = (label: string) =>
  text().trim().max(PREVENTIVE_TEXT_MAX, `At most ${PREVENTIVE_TEXT_MAX} characters`).describe(label);

export const preventiveDoseSchema = z.object({
  uuid: z.uuid(),
  itemCode: z.string(),
  product: z.string(),
  batch: z.string(),
  givenOn: calendarDateSchema,
  /** Where it was given: often a partner clinic. */
  givenAt: z.string(),
  /** Who gave it, as the vet wrote it. */
  givenBy: z.string(),
  recordedBy: personRefSchema.nullable(),
  createdAt: timestampSchema,
});
export type PreventiveDose = z.infer<typeof preventiveDoseSchema>;

export const preventiveNotApplicableSchema = z.object({
  reason: z.string(),
  markedBy: personRefSchema.nullable(),
  markedAt: timestampSchema,
});

/** An owner reminder e-mail sent about an item: the item's history on the pet's page. */
export const preventiveOwnerReminderKinds = ['before_due', 'overdue'] as const;
export const preventiveOwnerReminderSchema = z.object({
  kind: z.enum(preventiveOwnerReminderKinds),
  dueOn: calendarDateSchema,
  sentTo: z.string(),
  sentAt: timestampSchema,
});
export type PreventiveOwnerReminder = z.infer<typeof preventiveOwnerReminderSchema>;

export const PREVENTIVE_OWNER_REMINDER_LABELS: Record<(typeof preventiveOwnerReminderKinds)[number], string> =
  {
    before_due: 'Reminder sent to the owner before the due date',
    overdue: 'Overdue reminder sent to the owner',
  };

export const preventiveScheduleItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: preventiveKindSchema,
  category: preventiveCategorySchema,
  status: preventiveStatusSchema,
  dueOn: calendarDateSchema.nullable(),
  lastGivenOn: calendarDateSchema.nullable(),
  dosesGiven: z.number().int(),
  courseDoses: z.number().int(),
  /** Newest first. */
  doses: z.array(preventiveDoseSchema),
  notApplicable: preventiveNotApplicableSchema.nullable(),
  /** The reminder e-mails sent to the owner about it, newest first. */
  ownerReminders: z.array(preventiveOwnerReminderSchema),
});
export type PreventiveScheduleItem = z.infer<typeof preventiveScheduleItemSchema>;

export const preventiveCareResponseSchema = z.object({
  petUuid: z.uuid(),
  species: speciesSchema,
  birthDate: calendarDateSchema.nullable(),
  /** The pet's own today (its owner's zone): what the statuses are judged against. */
  today: calendarDateSchema,
  almostDueDays: z.number().int(),
  /** Most urgent first: overdue, due, almost due, not yet, done, not applicable. */
  items: z.array(preventiveScheduleItemSchema),
});
export type PreventiveCareResponse = z.infer<typeof preventiveCareResponseSchema>;

export const preventiveCareQuerySchema = z.object({
  almostDueDays: z.coerce.number().int().min(0).max(365).default(PREVENTIVE_ALMOST_DUE_DAYS),
});

export const preventiveDoseCreateSchema = z.strictObject({
  itemCode: text().min(1, 'Choose what was given').max(100),
  product: shortText('The product’s name').min(1, 'The product is required'),
  batch: shortText('The batch or lot number').default(''),
  givenOn: calendarDateSchema,
  givenAt: shortText('Where it was given').default(''),
  givenBy: shortText('Who gave it').default(''),
});
export type PreventiveDoseCreate = z.input<typeof preventiveDoseCreateSchema>;
export type PreventiveDoseCreateInput = z.infer<typeof preventiveDoseCreateSchema>;

export const preventiveNotApplicableCreateSchema = z.strictObject({
  itemCode: text().min(1, 'Choose an item').max(100),
  reason: text()
    .trim()
    .min(1, 'A reason is required')
    .max(PREVENTIVE_REASON_MAX, `At most ${PREVENTIVE_REASON_MAX} characters`),
});
export type PreventiveNotApplicableCreate = z.infer<typeof preventiveNotApplicableCreateSchema>;

// ---------------------------------------------------------------------------------------------------
// The cross-pet inbox: items overdue, due or almost due, judged on the practice's day.

export const preventiveInboxStatusSchema = z.enum(preventiveInboxStatuses);
export type PreventiveInboxStatus = z.infer<typeof preventiveInboxStatusSchema>;

/** A protocol item's code ('dog.rabies'): a closed pattern, so no control character reaches a query. */
export const preventiveItemCodeSchema = z
  .string()
  .max(100)
  .regex(/^[a-z]+\.[a-z0-9_]+$/, 'Not an item code');

const preventiveInboxQueries = listQuerySchemas(
  preventiveInboxSortFields,
  { sort: 'dueOn', order: 'asc' },
  {
    status: preventiveInboxStatusSchema.optional(),
    species: speciesSchema.optional(),
    item: preventiveItemCodeSchema.optional(),
    companySku: text().trim().max(100).optional(),
  },
);
export const preventiveInboxQuerySchema = preventiveInboxQueries.list;
export type PreventiveInboxQuery = z.infer<typeof preventiveInboxQuerySchema>;

export const preventiveInboxRowSchema = z.object({
  pet: z.object({ uuid: z.uuid(), name: z.string() }),
  species: speciesSchema,
  ownerName: z.string().nullable(),
  companySku: z.string().nullable(),
  itemCode: z.string(),
  itemName: z.string(),
  kind: preventiveKindSchema,
  status: preventiveInboxStatusSchema,
  dueOn: calendarDateSchema,
  lastGivenOn: calendarDateSchema.nullable(),
});
export type PreventiveInboxRow = z.infer<typeof preventiveInboxRowSchema>;

export const preventiveInboxResponseSchema = z.object({
  items: z.array(preventiveInboxRowSchema),
  pagination: paginationSchema,
  /** Rows per status matching the other filters: the status filter's counts (keys in camelCase, SPEC §7). */
  counts: z.object({ overdue: z.number().int(), due: z.number().int(), almostDue: z.number().int() }),
  /** The practice's day the statuses are judged on. */
  today: calendarDateSchema,
});
export type PreventiveInboxResponse = z.infer<typeof preventiveInboxResponseSchema>;

/** A day as the product writes it for people (SPEC §9): DD/MM/YYYY, in e-mails and timeline titles. */
export function dayMonthYear(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.day, 2)}/${pad(date.month, 2)}/${pad(date.year, 4)}`;
}
