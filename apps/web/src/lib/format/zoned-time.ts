import { calendarDateToIso, type Timestamp } from '@vetboard/contract';
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

/** The fields of an instant on a zone's wall clock, read without a date library. */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  second: number;
  /** 'Mon' … 'Sun', as dayjs's `ddd`. */
  weekday: string;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The instant `seconds` on `zone`'s wall clock, for drawing many instants at once (a chart's axis).
 * dayjs's `.tz()` builds a new Intl formatter and re-parses a string for every instant (about 1 ms
 * each on a phone); this keeps one formatter per zone.
 */
export function wallClock(seconds: number, zone: string): WallClock {
  const safe = safeZone(zone);
  let format = wallClockFormats.get(safe);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: safe,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(safe, format);
  }
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: '' };
  for (const part of format.formatToParts(seconds * 1000)) {
    switch (part.type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        clock[part.type] = Number(part.value);
        break;
      case 'weekday':
        clock.weekday = part.value;
        break;
    }
  }
  return clock;
}

// Its own copy of calendar-date.ts's: imported from there, that small module became a chunk of its own,
// one more request on every tracker page.
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `DD/MM` of a wall clock. */
export const dayMonth = (clock: WallClock) => `${twoDigits(clock.day)}/${twoDigits(clock.month)}`;

/** `HH:mm` of a wall clock. */
export const hourMinute = (clock: WallClock) => `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;

/** The instant `seconds` as a wall clock in `zone`. */
export function inZone(seconds: number, zone: string): Dayjs {
  return dayjs.unix(seconds).tz(safeZone(zone));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** dayjs's tokens `formatZoned` writes itself, longest first, and `[literal]` text. */
const WALL_CLOCK_TOKENS = /\[([^\]]*)]|YYYY|MM|DD|HH|mm|ss|dddd|ddd/g;

/** `pattern` written from the wall clock, or undefined when it has a token this does not know. */
function formatWallClock(seconds: number, zone: string, pattern: string): string | undefined {
  if (/[A-Za-z]/.test(pattern.replace(WALL_CLOCK_TOKENS, ''))) return undefined;
  const clock = wallClock(seconds, zone);
  return pattern.replace(WALL_CLOCK_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return String(clock.year);
      case 'MM':
        return twoDigits(clock.month);
      case 'DD':
        return twoDigits(clock.day);
      case 'HH':
        return twoDigits(clock.hour);
      case 'mm':
        return twoDigits(clock.minute);
      case 'ss':
        return twoDigits(clock.second);
      case 'ddd':
        return clock.weekday;
      default:
        return WEEKDAYS[new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()] ?? '';
    }
  });
}

/**
 * SPEC §9 vet view: DD/MM/YYYY HH:mm, on the pet's wall clock. Lists and cards write dozens of these
 * as a page draws: through the zone's one formatter (`wallClock`), not dayjs's `.tz()` (about 1 ms each
 * on a phone, counted in the page's blocking time); a pattern with other tokens goes to dayjs.
 */
export function formatZoned(timestamp: Timestamp, zone: string, pattern = 'DD/MM/YYYY HH:mm'): string {
  return formatWallClock(timestamp.seconds, zone, pattern) ?? inZone(timestamp.seconds, zone).format(pattern);
}

/** A wall-clock time in `zone` (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm[:ss]`) as epoch seconds. */
export function zonedToSeconds(local: string, zone: string): number {
  return dayjs.tz(local, safeZone(zone)).unix();
}

/** Today's calendar day on the pet's wall clock. */
export function todayInZone(zone: string, now: Date = new Date()): string {
  return calendarDateToIso(wallClock(Math.floor(now.getTime() / 1000), zone));
}

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
