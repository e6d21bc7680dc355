import { describe, expect, it } from 'vitest';
import { coveragePeriodName, heartRateRange, rpmChartQuery, trackerViewOf } from './tracker-view.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const now = new Date('2026-11-21T12:00:00Z');

describe('trackerViewOf: what a tracker URL shows', () => {
  it('without a date shows today on the pet’s clock, which may be the browser’s tomorrow', () => {
    const search = { scope: 'day' as const, page: 1, pageSize: 25 };
    expect(trackerViewOf(search, 'Europe/London', now).date).toBe('2026-11-21');
    expect(trackerViewOf(search, 'Pacific/Auckland', now).date).toBe('2026-11-22');
  });

  it('without a date opens on the rolling window ending now: last 24 hours, 7 days, 30 days, 12 months', () => {
    const at = new Date('2026-11-23T09:10:00Z'); // a Monday morning
    const end = utc('2026-11-23T09:30:00Z');
    const week = trackerViewOf({ scope: 'week', page: 1, pageSize: 25 }, 'Europe/London', at);
    expect(week.rolling).toBe(true);
    expect(week.label).toBe('Last 7 days');
    expect(week.chartQuery).toEqual({ timeScope: 'week', startDate: end - 7 * 86_400, endDate: end });
    expect(week.historyQuery).toMatchObject({ startDate: end - 7 * 86_400, endDate: end });
    const day = trackerViewOf({ scope: 'day', page: 1, pageSize: 25 }, 'Europe/London', at);
    expect(day.chartQuery).toMatchObject({ startDate: end - 86_400, endDate: end });
    expect(day.label).toBe('Last 24 hours');
    expect(
      trackerViewOf({ scope: 'month', page: 1, pageSize: 25 }, 'Europe/London', at).chartQuery,
    ).toMatchObject({
      startDate: end - 30 * 86_400,
    });
    const year = trackerViewOf({ scope: 'year', page: 1, pageSize: 25 }, 'Europe/London', at);
    expect(year.chartQuery).toMatchObject({ startDate: utc('2025-11-23T09:30:00Z'), endDate: end });
    expect(year.label).toBe('Last 12 months');
    // The same half hour asks for the same range, so the loader's prefetch is the page's query.
    expect(
      trackerViewOf(
        { scope: 'week', page: 1, pageSize: 25 },
        'Europe/London',
        new Date('2026-11-23T09:29:00Z'),
      ).chartQuery,
    ).toEqual(week.chartQuery);
  });

  it('asks the chart for the scope around the day’s noon, and the entries of exactly that period', () => {
    const view = trackerViewOf(
      { scope: 'week', date: '2026-10-28', page: 3, pageSize: 50 },
      'Europe/London',
      now,
    );
    expect(view.rolling).toBe(false);
    expect(view.label).toBe('26/10/2026 – 01/11/2026');
    expect(view.chartQuery).toEqual({ timeScope: 'week', date: utc('2026-10-28T12:00:00Z') });
    expect(view.historyQuery).toEqual({
      page: 3,
      pageSize: 50,
      startDate: utc('2026-10-26T00:00:00Z'),
      endDate: utc('2026-11-02T00:00:00Z'),
      order: 'desc',
    });
  });

  it('gives the heart-rate endpoint the period itself: 336 half hours in a week, 338 across the autumn change', () => {
    const week = trackerViewOf(
      { scope: 'week', date: '2026-11-18', page: 1, pageSize: 25 },
      'Europe/London',
      now,
    );
    const range = heartRateRange(week);
    expect((range.endDate - range.startDate) / 1800).toBe(336);
    const dstWeek = trackerViewOf(
      { scope: 'week', date: '2026-10-21', page: 1, pageSize: 25 },
      'Europe/London',
      now,
    );
    const dstRange = heartRateRange(dstWeek);
    expect((dstRange.endDate - dstRange.startDate) / 1800).toBe(338);
  });

  it('gives the RPM trend the last 30 local days, today included', () => {
    expect(rpmChartQuery(30, 'Europe/London', now)).toEqual({
      startDate: utc('2026-10-23T00:00:00Z') - 3600,
      endDate: utc('2026-11-22T00:00:00Z'),
    });
  });
});

describe('coveragePeriodName: the period in the coverage sentence', () => {
  it('names the rolling window, or the calendar period on screen', () => {
    const search = { scope: 'week' as const, page: 1, pageSize: 25 };
    expect(coveragePeriodName(trackerViewOf(search, 'Europe/London', now))).toBe('the last 7 days');
    expect(coveragePeriodName(trackerViewOf({ ...search, date: '2026-11-10' }, 'Europe/London', now))).toBe(
      'this week',
    );
  });
});
