import type { CalendarDate } from '@vetboard/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC §9: the vet view writes dates day first, DD/MM/YYYY. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${pad(date.day)}/${pad(date.month)}/${date.year}`;
}

/**
 * Today's calendar date in `timeZone` (a pet's home, so its age turns over at its own midnight), or in
 * the browser's zone when none is given or the name is unknown to this browser.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): CalendarDate {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: 'numeric', day: 'numeric' });
  }
  const part = (type: 'year' | 'month' | 'day') =>
    Number(format.formatToParts(now).find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}
