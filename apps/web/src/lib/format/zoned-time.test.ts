import { describe, expect, it } from 'vitest';
import {
  dayMonth,
  formatZoned,
  hourMinute,
  inZone,
  isIsoDay,
  safeZone,
  todayInZone,
  wallClock,
  zonedToSeconds,
} from './zoned-time.ts';

const at = (iso: string) => ({ seconds: Date.parse(iso) / 1000 });

describe('times on the pet’s wall clock (SPEC §9 DD/MM/YYYY HH:mm)', () => {
  it('formats an instant in the pet’s zone, summer and winter time alike', () => {
    expect(formatZoned(at('2026-07-14T23:30:00Z'), 'Europe/London')).toBe('15/07/2026 00:30');
    expect(formatZoned(at('2026-01-14T23:30:00Z'), 'Europe/London')).toBe('14/01/2026 23:30');
    expect(formatZoned(at('2026-01-14T23:30:00Z'), 'Europe/Berlin')).toBe('15/01/2026 00:30');
  });

  it('reads a wall-clock time back as the instant it was there', () => {
    expect(zonedToSeconds('2026-10-25 00:30:00', 'Europe/London')).toBe(at('2026-10-24T23:30:00Z').seconds);
    expect(zonedToSeconds('2026-10-25 03:30:00', 'Europe/London')).toBe(at('2026-10-25T03:30:00Z').seconds);
  });

  it('knows the pet’s today, and falls back to UTC for a zone the browser does not know', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(todayInZone('Europe/London', now)).toBe('2026-11-21');
    expect(todayInZone('Europe/Berlin', now)).toBe('2026-11-22');
    expect(safeZone('Nowhere/Special')).toBe('UTC');
    expect(todayInZone('Nowhere/Special', now)).toBe('2026-11-21');
  });

  it('accepts only real calendar days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-2-01')).toBe(false);
  });
});

describe('formatZoned', () => {
  it('writes what dayjs.tz writes, for every pattern the app uses, across daylight-saving changes', () => {
    const patterns = [
      'DD/MM/YYYY HH:mm',
      'DD/MM HH:mm',
      'DD/MM/YYYY HH:mm:ss',
      'HH:mm',
      'YYYY-MM-DD',
      'ddd DD/MM',
      'dddd DD/MM/YYYY',
      '[at] HH:mm',
    ];
    const zones = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Not/AZone'];
    for (const zone of zones) {
      // Every 3 h 13 min 7 s over London's autumn change of 2026 and New Year (dayjs.tz is the slow one).
      for (const start of [Date.UTC(2026, 9, 24) / 1000, Date.UTC(2026, 11, 30) / 1000]) {
        for (let seconds = start; seconds < start + 3 * 86_400; seconds += 11_587) {
          // One dayjs.tz instant per sample, not per pattern: it is the expensive side (Intl per call).
          const expected = inZone(seconds, zone);
          for (const pattern of patterns) {
            expect(formatZoned({ seconds }, zone, pattern)).toBe(expected.format(pattern));
          }
        }
      }
    }
  });

  it('leaves a pattern with other tokens to dayjs', () => {
    expect(formatZoned({ seconds: Date.UTC(2026, 10, 26, 9, 5) / 1000 }, 'UTC', 'D MMM YYYY, h:mm A')).toBe(
      '26 Nov 2026, 9:05 AM',
    );
  });
});

describe('wallClock', () => {
  it('reads the same wall clock as dayjs.tz, across daylight-saving changes and half-hour zones', () => {
    const zones = [
      'Europe/London',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'UTC',
      'Not/AZone',
    ];
    // Every 30 minutes over two days around London's and New York's autumn changes of 2026, and a spring
    // one: each change falls 25–30 h after its start, so every zone's local midnight and the change are crossed.
    const starts = [Date.UTC(2026, 9, 24) / 1000, Date.UTC(2026, 10, 0) / 1000, Date.UTC(2026, 2, 28) / 1000];
    for (const zone of zones) {
      for (const start of starts) {
        for (let seconds = start; seconds < start + 2 * 86_400; seconds += 1800) {
          const expected = inZone(seconds, zone);
          expect(wallClock(seconds, zone)).toEqual({
            year: expected.year(),
            month: expected.month() + 1,
            day: expected.date(),
            hour: expected.hour(),
            minute: expected.minute(),
            second: expected.second(),
            weekday: expected.format('ddd'),
          });
        }
      }
    }
  });

  it('writes DD/MM and HH:mm', () => {
    const clock = wallClock(Date.UTC(2026, 0, 5, 7, 5) / 1000, 'UTC');
    expect(dayMonth(clock)).toBe('05/01');
    expect(hourMinute(clock)).toBe('07:05');
  });
});
