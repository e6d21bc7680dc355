import { type CalendarDate, petAge } from '@vetboard/contract';
import { todayIn } from '@/lib/format/calendar-date.ts';

/** Whole months since birth on the pet's own calendar, or null when the birth date is unknown. */
export function petAgeMonths(
  birthDate: CalendarDate | null,
  timeZone: string | undefined,
  now: Date = new Date(),
): number | null {
  if (!birthDate) return null;
  const age = petAge(birthDate, todayIn(timeZone, now));
  return age ? age.years * 12 + age.months : null;
}
