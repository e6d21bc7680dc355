import { describe, expect, it } from 'vitest';
import { heartRateRange, rpmChartQuery, trackerViewOf } from './tracker-view.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;
const now = new Date('2026-11-21T12:00:00Z');

describe('trackerViewOf: what a tracker URL shows', () => {
  it('without a date shows today on the pet’s clock, which may be the browser’s tomorrow', () => {
    const search = { scope: 'day' as const, page: 1, pageSize: 25 };
    expect(trackerViewOf(search, 'Europe/London', now).date).toBe('2026-11-21');
    expect(trackerViewOf(search, 'Pacific/Auckland', now).date).toBe('2026-11-22');
  });

  it('asks the chart for the scope around the day’s noon, and the entries of exactly that period', () => {
    const view = trackerViewOf(
      { scope: 'week', date: '2026-10-28', page: 3, pageSize: 50 },
      'Europe/London',
      now,
    );
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
