import type { CalendarDate } from '@vetboard/contract';

/** `07`, `12`: a day, month, hour or minute in two digits. */
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** SPEC §9: the vet view writes dates day first, DD/MM/YYYY. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${twoDigits(date.day)}/${twoDigits(date.month)}/${date.year}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs more than formatting with it, and lists ask per row. */
function dayFormatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    const options = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', options);
    }
    dayFormats.set(key, format);
  }
  return format;
}

/**
 * Today's calendar date in `timeZone` (a pet's home, so its age turns over at its own midnight), or in
 * the browser's zone when none is given or the name is unknown to this browser.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): CalendarDate {
  const parts = dayFormatIn(timeZone).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}
