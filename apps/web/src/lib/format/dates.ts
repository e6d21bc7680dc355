import { type Timestamp, timestampToDate } from '@vetboard/contract';
import { formatCalendarDate, twoDigits } from './calendar-date.ts';

// Date's own local getters, not a date library: lists and cards write dozens of these as a page draws.

/** The day of `date` on the browser's clock, as SPEC §9 writes it. */
const dayOf = (date: Date) =>
  formatCalendarDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });

/** SPEC §9: the vet view shows days as DD/MM/YYYY, in the vet's own (the browser's) timezone. */
export function formatDay(timestamp: Timestamp): string {
  return dayOf(timestampToDate(timestamp));
}

/** SPEC §9: timestamps as dd/MM/yyyy plus HH:mm. */
export function formatDateTime(timestamp: Timestamp): string {
  const date = timestampToDate(timestamp);
  return `${dayOf(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
