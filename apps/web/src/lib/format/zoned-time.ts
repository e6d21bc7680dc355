import type { Timestamp } from '@vetboard/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export { isIsoDay } from './iso-day.ts';
export type { Dayjs };
export { dayjs };

/** `YYYY-MM-DD`: a calendar day, as URLs and the date pickers carry it. */
export const ISO_DAY = 'YYYY-MM-DD';

const knownZones = new Map<string, boolean>();

/**
 * The zone itself when this browser knows it, else UTC: a pet's dates are drawn in its home zone
 * (DOMAIN.md "Pets"), and an unknown name must not take the whole page down.
 */
export function safeZone(zone: string): string {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known ? zone : 'UTC';
}

/** The instant `seconds` as a wall clock in `zone`. */
export function inZone(seconds: number, zone: string): Dayjs {
  return dayjs.unix(seconds).tz(safeZone(zone));
}

/** SPEC §9 vet view: DD/MM/YYYY HH:mm, on the pet's wall clock. */
export function formatZoned(timestamp: Timestamp, zone: string, pattern = 'DD/MM/YYYY HH:mm'): string {
  return inZone(timestamp.seconds, zone).format(pattern);
}

/** A wall-clock time in `zone` (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`) as epoch seconds. */
export function zonedToSeconds(local: string, zone: string): number {
  return dayjs.tz(local, safeZone(zone)).unix();
}

/** Today's calendar day on the pet's wall clock. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  return dayjs(now).tz(safeZone(zone)).format(ISO_DAY);
}

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
