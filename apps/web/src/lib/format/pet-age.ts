import { type CalendarDate, formatPetAge, petAge } from '@vetboard/contract';
import { todayIn } from './calendar-date.ts';

/** '3 years 2 months' from the birth date, counted in the pet's home timezone; 'Unknown' without one. */
export function petAgeLabel(
  birthDate: CalendarDate | null,
  timeZone: string | undefined,
  now: Date = new Date(),
): string {
  if (!birthDate) return 'Unknown';
  return formatPetAge(petAge(birthDate, todayIn(timeZone, now)));
}
