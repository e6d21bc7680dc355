import { describe, expect, it } from 'vitest';
import {
  anchorSeconds,
  hasNextPeriod,
  lastDays,
  periodLabel,
  periodOf,
  shiftDate,
} from './tracker-period.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const hours = (period: { startSeconds: number; endSeconds: number }) =>
  (period.endSeconds - period.startSeconds) / 3600;

describe('periodOf: the period around a day, on the pet’s wall clock', () => {
  it('a day runs from local midnight to the next, in the pet’s zone, not the browser’s', () => {
    const london = periodOf('2026-07-14', 'day', 'Europe/London');
    expect(london.startSeconds).toBe(utc('2026-07-13T23:00:00Z'));
    expect(london.endSeconds).toBe(utc('2026-07-14T23:00:00Z'));
    const auckland = periodOf('2026-07-14', 'day', 'Pacific/Auckland');
    expect(auckland.startSeconds).toBe(utc('2026-07-13T12:00:00Z'));
  });

  it('the spring-forward day is 23 hours long and the autumn one 25', () => {
    expect(hours(periodOf('2026-03-29', 'day', 'Europe/London'))).toBe(23);
    expect(hours(periodOf('2026-10-25', 'day', 'Europe/London'))).toBe(25);
    expect(hours(periodOf('2026-03-08', 'day', 'America/New_York'))).toBe(23);
    expect(hours(periodOf('2026-07-14', 'day', 'Europe/London'))).toBe(24);
  });

  it('a week is the ISO week, Monday to Monday, whatever day it is anchored on', () => {
    for (const date of ['2026-03-23', '2026-03-26', '2026-03-29']) {
      const week = periodOf(date, 'week', 'Europe/London');
      expect(week.firstDay).toBe('2026-03-23');
      expect(week.nextDay).toBe('2026-03-30');
      // Monday 23 March is still GMT; Monday 30 March is already BST.
      expect(week.startSeconds).toBe(utc('2026-03-23T00:00:00Z'));
      expect(week.endSeconds).toBe(utc('2026-03-29T23:00:00Z'));
      expect(hours(week)).toBe(167);
    }
  });

  it('a week across the year end keeps its Monday', () => {
    const week = periodOf('2027-01-01', 'week', 'UTC');
    expect(week.firstDay).toBe('2026-12-28');
    expect(week.nextDay).toBe('2027-01-04');
  });

  it('a month and a year are calendar ones', () => {
    const month = periodOf('2026-10-17', 'month', 'Europe/Berlin');
    expect(month.firstDay).toBe('2026-10-01');
    expect(month.nextDay).toBe('2026-11-01');
    expect(month.startSeconds).toBe(utc('2026-09-30T22:00:00Z'));
    expect(month.endSeconds).toBe(utc('2026-10-31T23:00:00Z'));
    const year = periodOf('2026-10-17', 'year', 'Europe/London');
    expect(year.firstDay).toBe('2026-01-01');
    expect(year.nextDay).toBe('2027-01-01');
  });

  it('an unknown zone name falls back to UTC instead of failing', () => {
    expect(periodOf('2026-07-14', 'day', 'Mars/Olympus').startSeconds).toBe(utc('2026-07-14T00:00:00Z'));
  });
});

describe('shiftDate: previous and next period', () => {
  it('moves a day, a week (same weekday), a month or a year', () => {
    expect(shiftDate('2026-03-01', 'day', -1)).toBe('2026-02-28');
    expect(shiftDate('2026-03-28', 'day', 1)).toBe('2026-03-29');
    expect(shiftDate('2026-03-26', 'week', 1)).toBe('2026-04-02');
    expect(shiftDate('2026-01-02', 'week', -1)).toBe('2025-12-26');
    expect(shiftDate('2026-11-21', 'month', -1)).toBe('2026-10-21');
    expect(shiftDate('2028-02-29', 'year', 1)).toBe('2029-02-28');
  });

  it('clamps a month’s day, and the period stays the adjacent month', () => {
    expect(shiftDate('2026-03-31', 'month', -1)).toBe('2026-02-28');
    expect(periodOf(shiftDate('2026-03-31', 'month', -1), 'month', 'UTC').firstDay).toBe('2026-02-01');
    expect(shiftDate('2026-01-31', 'month', 1)).toBe('2026-02-28');
  });

  it('stepping over a DST change lands on whole local days', () => {
    const before = periodOf('2026-03-28', 'day', 'Europe/London');
    const after = periodOf(shiftDate('2026-03-28', 'day', 1), 'day', 'Europe/London');
    const next = periodOf(shiftDate('2026-03-29', 'day', 1), 'day', 'Europe/London');
    expect(after.startSeconds).toBe(before.endSeconds);
    expect(next.startSeconds).toBe(after.endSeconds);
    expect(next.startSeconds).toBe(utc('2026-03-29T23:00:00Z'));
  });
});

describe('hasNextPeriod', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('is false on the current period and true on an earlier one', () => {
    expect(hasNextPeriod('2026-11-21', 'day', 'Europe/London', now)).toBe(false);
    expect(hasNextPeriod('2026-11-20', 'day', 'Europe/London', now)).toBe(true);
    expect(hasNextPeriod('2026-11-18', 'week', 'Europe/London', now)).toBe(false);
    expect(hasNextPeriod('2026-10-31', 'month', 'Europe/London', now)).toBe(true);
  });

  it('follows the pet’s midnight: at 12:00 UTC it is already tomorrow in Auckland (UTC+13)', () => {
    const noon = new Date('2026-11-21T12:00:00Z');
    expect(hasNextPeriod('2026-11-21', 'day', 'Pacific/Auckland', now)).toBe(false);
    expect(hasNextPeriod('2026-11-21', 'day', 'Pacific/Auckland', noon)).toBe(true);
    expect(hasNextPeriod('2026-11-21', 'day', 'America/New_York', noon)).toBe(false);
  });
});

describe('labels and anchors', () => {
  it('says what the chart covers', () => {
    expect(periodLabel(periodOf('2026-11-21', 'day', 'UTC'))).toBe('Sat 21/11/2026');
    expect(periodLabel(periodOf('2026-11-21', 'week', 'UTC'))).toBe('16/11/2026 – 22/11/2026');
    expect(periodLabel(periodOf('2026-11-21', 'month', 'UTC'))).toBe('November 2026');
    expect(periodLabel(periodOf('2026-11-21', 'year', 'UTC'))).toBe('2026');
  });

  it('anchors a day at its local noon', () => {
    expect(anchorSeconds('2026-07-14', 'Europe/London')).toBe(utc('2026-07-14T11:00:00Z'));
    expect(anchorSeconds('2026-03-29', 'Europe/London')).toBe(utc('2026-03-29T11:00:00Z'));
  });

  it('the last N days end with today and span N local days', () => {
    const window = lastDays('2026-11-21', 30, 'Europe/London');
    expect(window.firstDay).toBe('2026-10-23');
    expect(window.nextDay).toBe('2026-11-22');
    // 25 October (the autumn change) is inside: one hour longer.
    expect(hours(window)).toBe(30 * 24 + 1);
  });
});
