import { describe, expect, it } from 'vitest';
import { isoWeekLabel, isoWeekOfDate, isoWeekRange, isoWeekSchema, shiftIsoWeek } from './weekly-reports.ts';

describe('ISO weeks of the weekly reports', () => {
  it('number the weeks from the one holding 4 January, across year ends', () => {
    expect(isoWeekOfDate('2026-11-22')).toBe('2026-W47');
    expect(isoWeekOfDate('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOfDate('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOfDate('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOfDate('2024-12-30')).toBe('2025-W01');
  });

  it('give each week its Monday to Sunday, and step over year ends', () => {
    expect(isoWeekRange('2026-W47')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(isoWeekRange('2025-W01')).toEqual({ start: '2024-12-30', end: '2025-01-05' });
    expect(shiftIsoWeek('2027-W01', -1)).toBe('2026-W53');
    expect(shiftIsoWeek('2026-W53', 1)).toBe('2027-W01');
    expect(isoWeekLabel('2026-W47')).toBe('16–22 November 2026');
    expect(isoWeekLabel('2026-W49')).toBe('30 November–6 December 2026');
  });

  it('accept only weeks the year has', () => {
    expect(isoWeekSchema.safeParse('2026-W53').success).toBe(true);
    expect(isoWeekSchema.safeParse('2025-W53').success).toBe(false);
    expect(isoWeekSchema.safeParse('2026-W00').success).toBe(false);
    expect(isoWeekSchema.safeParse('2026-47').success).toBe(false);
  });
});
