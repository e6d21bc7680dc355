import { z } from 'zod';
import { type CalendarDate, calendarDateSchema, calendarDateToIso, isoToCalendarDate } from './common.ts';
import { type DietKind, dietKindSchema } from './diets.ts';

/*
 * The diet-to-weight loop (issue 18 §4): how a published weight-loss or weight-gain diet is doing
 * against the weight entries since it started. The API and the dashboard both compute it from here.
 *
 * A diet's energy plan is an energy factor on RER at the target weight (`nutrition.ts`), not a rate,
 * so the expected rate is the standard one: 1 % of the start weight per week, for loss and for gain.
 * WSAVA and AAHA give 1–2 %/week for dogs and 0.5–2 %/week for cats; 1 % is inside both ranges, the
 * safe end for cats (faster loss risks hepatic lipidosis) and the usual planning figure for dogs.
 */
export const DIET_PROGRESS_WEEKLY_PERCENT = 1;
/**
 * Within 2 % of the start weight of the expected line is on track: a home scale's precision and a
 * day's water and gut content move a pet by about that much, and it is two weeks of the plan.
 */
export const DIET_PROGRESS_TOLERANCE_PERCENT = 2;
const MIN_TOLERANCE_KG = 0.1;
/** Behind plan on every entry for this many days raises a `weight_off_plan` trigger. */
export const DIET_OFF_PLAN_DAYS = 21;
/** When off plan, the next assessment is suggested this many days after the latest entry. */
export const DIET_OFF_PLAN_REASSESS_DAYS = 14;

export const dietProgressStatuses = ['on_track', 'behind', 'ahead'] as const;
export type DietProgressStatus = (typeof dietProgressStatuses)[number];
export const dietProgressStatusLabels: Record<DietProgressStatus, string> = {
  on_track: 'On track',
  behind: 'Behind',
  ahead: 'Ahead',
};

export const dietProgressDirections = ['loss', 'gain'] as const;
export type DietProgressDirection = (typeof dietProgressDirections)[number];

/** Why a pet has no diet progress to show; each is a sentence on the diet and weight pages. */
export const dietProgressUnavailableReasons = [
  'no_published_diet',
  'no_weight_goal',
  'no_target_weight',
  'no_start_weight',
] as const;
export type DietProgressUnavailableReason = (typeof dietProgressUnavailableReasons)[number];
export const dietProgressUnavailableLabels: Record<DietProgressUnavailableReason, string> = {
  no_published_diet: 'No published diet: there is no weight goal to follow.',
  no_weight_goal: 'The current diet has no weight goal (it is neither a weight-loss nor a weight-gain diet).',
  no_target_weight: 'The pet has no target weight in its health profile, so the diet has no weight goal.',
  no_start_weight: 'No weight entry near the day the diet started: the progress needs a start weight.',
};

const pointSchema = z.object({ date: calendarDateSchema, kg: z.number() });

export const dietProgressSchema = z.object({
  dietUuid: z.uuid(),
  dietKind: dietKindSchema,
  direction: z.enum(dietProgressDirections),
  startDate: calendarDateSchema,
  startWeightKg: z.number(),
  targetWeightKg: z.number(),
  /** The expected change per week, kg (positive), and the percent of the start weight it is. */
  weeklyRateKg: z.number(),
  weeklyRatePercent: z.number(),
  /** The day the target line reaches the target. */
  plannedTargetDate: calendarDateSchema,
  /** The expected weight over time: from the start, to the target, then flat to the latest entry. */
  targetLine: z.array(pointSchema),
  /** The weight entries since the start, oldest first (a day with two entries has two points). */
  entries: z.array(pointSchema),
  toleranceKg: z.number(),
  /** The latest entry since the diet started against the line; null when there is none yet. */
  latest: z
    .object({
      date: calendarDateSchema,
      actualKg: z.number(),
      expectedKg: z.number(),
      differenceKg: z.number(),
    })
    .nullable(),
  status: z.enum(dietProgressStatuses).nullable(),
  /** First day of the run of "behind" entries that ends at the latest one, and its length in days. */
  behindSince: calendarDateSchema.nullable(),
  behindDays: z.number().int(),
  /** Least-squares slope of the entries since the start, kg per week (negative = losing). */
  currentWeeklyRateKg: z.number().nullable(),
  /** When the target is reached at the current rate; null when moving away, flat or already there. */
  expectedReachDate: calendarDateSchema.nullable(),
  targetReached: z.boolean(),
  /** The diet's next assessment, and an earlier one suggested when the pet is off plan. */
  nextAssessmentOn: calendarDateSchema.nullable(),
  suggestedNextAssessmentOn: calendarDateSchema.nullable(),
});
export type DietProgress = z.infer<typeof dietProgressSchema>;

export const dietProgressResponseSchema = z.object({
  dietProgress: dietProgressSchema.nullable(),
  unavailableReason: z.enum(dietProgressUnavailableReasons).nullable(),
});
export type DietProgressResponse = z.infer<typeof dietProgressResponseSchema>;

// --- The maths ---------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}
function dateOfDay(day: number): CalendarDate {
  return isoToCalendarDate(new Date(day * DAY_MS).toISOString().slice(0, 10));
}
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return dateOfDay(dayNumber(date) + days);
}
const round2 = (value: number) => Math.round(value * 100) / 100;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

export interface DietProgressEntry {
  /** The day it was measured, in the pet's timezone. */
  date: CalendarDate;
  valueKg: number;
}

export interface DietProgressInput {
  dietUuid: string;
  dietKind: DietKind;
  startDate: CalendarDate;
  startWeightKg: number;
  targetWeightKg: number;
  /** Entries dated on or after the start date, any order. */
  entries: readonly DietProgressEntry[];
  nextAssessmentOn: CalendarDate | null;
}

/** The expected weight `days` after the start: the planned rate, never past the target. */
export function expectedWeightKg(
  start: { weightKg: number; targetKg: number; weeklyRateKg: number },
  days: number,
): number {
  const sign = start.targetKg < start.weightKg ? -1 : 1;
  const moved = start.weightKg + (sign * start.weeklyRateKg * Math.max(0, days)) / 7;
  return sign < 0 ? Math.max(moved, start.targetKg) : Math.min(moved, start.targetKg);
}

/** Least-squares slope (kg per day) of the points; null with fewer than two distinct days. */
export function leastSquaresSlope(points: readonly { day: number; kg: number }[]): number | null {
  if (points.length < 2) return null;
  const meanDay = points.reduce((sum, p) => sum + p.day, 0) / points.length;
  const meanKg = points.reduce((sum, p) => sum + p.kg, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.day - meanDay) * (p.kg - meanKg);
    variance += (p.day - meanDay) ** 2;
  }
  return variance === 0 ? null : covariance / variance;
}

/** Whether the diet kind and the target make a weight goal, and which way. */
export function dietWeightGoalDirection(
  kind: DietKind,
  startWeightKg: number,
  targetWeightKg: number,
): DietProgressDirection | null {
  if (kind === 'weight_loss' && targetWeightKg < startWeightKg) return 'loss';
  if (kind === 'weight_gain' && targetWeightKg > startWeightKg) return 'gain';
  return null;
}

/** Null when the diet has no weight goal (see `dietWeightGoalDirection`). */
export function computeDietProgress(input: DietProgressInput): DietProgress | null {
  const direction = dietWeightGoalDirection(input.dietKind, input.startWeightKg, input.targetWeightKg);
  if (!direction) return null;
  const startDay = dayNumber(input.startDate);
  const weeklyRateKg = (input.startWeightKg * DIET_PROGRESS_WEEKLY_PERCENT) / 100;
  const plan = { weightKg: input.startWeightKg, targetKg: input.targetWeightKg, weeklyRateKg };
  const toleranceKg = Math.max(
    MIN_TOLERANCE_KG,
    (input.startWeightKg * DIET_PROGRESS_TOLERANCE_PERCENT) / 100,
  );
  const plannedDays = Math.ceil((Math.abs(input.startWeightKg - input.targetWeightKg) / weeklyRateKg) * 7);
  // Loss: heavier than expected is behind; gain: lighter than expected is behind.
  const behindSign = direction === 'loss' ? 1 : -1;

  const entries = input.entries
    .map((entry) => ({ day: dayNumber(entry.date) - startDay, kg: entry.valueKg, date: entry.date }))
    .filter((entry) => entry.day >= 0)
    .sort((a, b) => a.day - b.day);
  const statusOf = (entry: { day: number; kg: number }): DietProgressStatus => {
    const behindBy = (entry.kg - expectedWeightKg(plan, entry.day)) * behindSign;
    if (behindBy > toleranceKg + 1e-9) return 'behind';
    if (behindBy < -toleranceKg - 1e-9) return 'ahead';
    return 'on_track';
  };

  const last = entries.at(-1);
  let behindSince: CalendarDate | null = null;
  let behindDays = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as (typeof entries)[number];
    if (statusOf(entry) !== 'behind') break;
    behindSince = entry.date;
    behindDays = (last?.day ?? 0) - entry.day;
  }

  // The start weight is the line's day 0, so it counts as a point of the current rate.
  const points = [{ day: 0, kg: input.startWeightKg }, ...entries.filter((entry) => entry.day > 0)];
  const slope = last ? leastSquaresSlope(points) : null;
  const targetReached = last ? (last.kg - input.targetWeightKg) * behindSign <= 0 : false;
  let expectedReachDate: CalendarDate | null = null;
  if (last && slope !== null && !targetReached && slope * behindSign < 0) {
    expectedReachDate = dateOfDay(startDay + last.day + Math.ceil((input.targetWeightKg - last.kg) / slope));
  }

  const plannedTargetDate = dateOfDay(startDay + plannedDays);
  const targetLine = [
    { date: input.startDate, kg: input.startWeightKg },
    { date: plannedTargetDate, kg: input.targetWeightKg },
  ];
  if (last && last.day > plannedDays) targetLine.push({ date: last.date, kg: input.targetWeightKg });

  let suggestedNextAssessmentOn: CalendarDate | null = null;
  if (last && behindDays >= DIET_OFF_PLAN_DAYS) {
    const suggested = startDay + last.day + DIET_OFF_PLAN_REASSESS_DAYS;
    if (!input.nextAssessmentOn || suggested < dayNumber(input.nextAssessmentOn))
      suggestedNextAssessmentOn = dateOfDay(suggested);
  }

  const expectedAtLast = last ? expectedWeightKg(plan, last.day) : null;
  return {
    dietUuid: input.dietUuid,
    dietKind: input.dietKind,
    direction,
    startDate: input.startDate,
    startWeightKg: input.startWeightKg,
    targetWeightKg: input.targetWeightKg,
    weeklyRateKg: round3(weeklyRateKg),
    weeklyRatePercent: DIET_PROGRESS_WEEKLY_PERCENT,
    plannedTargetDate,
    targetLine,
    entries: entries.map((entry) => ({ date: entry.date, kg: entry.kg })),
    toleranceKg: round2(toleranceKg),
    latest:
      last && expectedAtLast !== null
        ? {
            date: last.date,
            actualKg: last.kg,
            expectedKg: round2(expectedAtLast),
            differenceKg: round2(last.kg - expectedAtLast),
          }
        : null,
    status: last ? statusOf(last) : null,
    behindSince,
    behindDays,
    currentWeeklyRateKg: slope === null ? null : round3(slope * 7),
    expectedReachDate,
    targetReached,
    nextAssessmentOn: input.nextAssessmentOn,
    suggestedNextAssessmentOn,
  };
}

/** The planned weight on a day (on the line, flat at the target once reached); null before the start. */
export function plannedWeightOn(progress: DietProgress, date: CalendarDate): number | null {
  const days = dayNumber(date) - dayNumber(progress.startDate);
  if (days < 0) return null;
  return expectedWeightKg(
    {
      weightKg: progress.startWeightKg,
      targetKg: progress.targetWeightKg,
      weeklyRateKg: progress.weeklyRateKg,
    },
    days,
  );
}

/** Days from one calendar date to another. */
export function calendarDaysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** `dd/mm/yyyy`, the dashboard's date style (SPEC §9). */
function dmy(date: CalendarDate, withYear = true): string {
  const iso = calendarDateToIso(date);
  return withYear
    ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
    : `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}

/**
 * The status sentence with its numbers, e.g. "Behind: 9.1 kg on 20/11, expected 8.8 kg; at this
 * rate the 8.5 kg target is reached around 14/01/2027".
 */
export function dietProgressSentence(progress: DietProgress): string {
  const target = `${progress.targetWeightKg} kg target`;
  if (!progress.latest || !progress.status)
    return `No weight entry since the diet started on ${dmy(progress.startDate)}: the ${target} is planned for around ${dmy(progress.plannedTargetDate)}.`;
  const { latest } = progress;
  const head = `${dietProgressStatusLabels[progress.status]}: ${latest.actualKg} kg on ${dmy(latest.date, false)}, expected ${latest.expectedKg} kg`;
  if (progress.targetReached) return `${head}; the ${target} is reached.`;
  if (progress.expectedReachDate)
    return `${head}; at this rate the ${target} is reached around ${dmy(progress.expectedReachDate)}.`;
  if (progress.currentWeeklyRateKg === null)
    return `${head}; not enough entries yet to tell the current rate.`;
  return `${head}; at this rate the ${target} is not reached (the weight is ${
    progress.currentWeeklyRateKg === 0 ? 'flat' : 'moving away from it'
  }).`;
}

/** "Suggested next assessment: 03/12/2026 (was 20/01/2027)", when there is a suggestion. */
export function suggestedAssessmentSentence(progress: DietProgress): string | null {
  if (!progress.suggestedNextAssessmentOn) return null;
  const was = progress.nextAssessmentOn ? ` (was ${dmy(progress.nextAssessmentOn)})` : '';
  return `Suggested next assessment: ${dmy(progress.suggestedNextAssessmentOn)}${was}`;
}
