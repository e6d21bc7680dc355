import { type Timestamp, timestampToDate } from '@vetboard/contract';
import { formatCalendarDate, twoDigits } from './calendar-date.ts';

// Date's own local getters, not a date library: lists and cards write dozens of these as a page draws.

/** SPEC §9: the vet view shows days as DD/MM/YYYY, in the vet's own (the browser's) timezone. */
export function formatDay(timestamp: Timestamp): string {
  const date = timestampToDate(timestamp);
  return formatCalendarDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });
}

/** SPEC §9: timestamps as dd/MM/yyyy plus HH:mm. */
export function formatDateTime(timestamp: Timestamp): string {
  const date = timestampToDate(timestamp);
  return `${formatDay(timestamp)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
