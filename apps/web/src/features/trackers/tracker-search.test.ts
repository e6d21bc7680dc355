import { describe, expect, it } from 'vitest';
import {
  heartRateSearchSchema,
  respiratorySearchSchema,
  rpmSearchSchema,
  weightSearchSchema,
} from './tracker-search.ts';

describe('tracker search params', () => {
  it('keep the events overlay on through a reload, and read anything but true as off', () => {
    expect(respiratorySearchSchema.parse({ events: true }).events).toBe(true);
    expect(weightSearchSchema.parse({ scope: 'year', events: true })).toMatchObject({
      scope: 'year',
      events: true,
    });
    expect(rpmSearchSchema.parse({ days: 90, events: true })).toEqual({ days: 90, events: true });
    expect(heartRateSearchSchema.parse({ events: 'yes' }).events).toBeUndefined();
    expect(respiratorySearchSchema.parse({}).events).toBeUndefined();
  });

  it('default to week (weight: month), today, the first page', () => {
    expect(respiratorySearchSchema.parse({})).toEqual({ scope: 'week', page: 1, pageSize: 25 });
    expect(weightSearchSchema.parse({})).toEqual({ scope: 'month', page: 1, pageSize: 25 });
  });

  it('keep valid values', () => {
    expect(weightSearchSchema.parse({ scope: 'year', date: '2026-02-28', page: '3', pageSize: 50 })).toEqual({
      scope: 'year',
      date: '2026-02-28',
      page: 3,
      pageSize: 50,
    });
  });

  it('offer each tracker its own scopes: no year for respiratory, no month for heart rate, no day for weight', () => {
    expect(respiratorySearchSchema.parse({ scope: 'year' }).scope).toBe('week');
    expect(respiratorySearchSchema.parse({ scope: 'day' }).scope).toBe('day');
    expect(heartRateSearchSchema.parse({ scope: 'month' }).scope).toBe('week');
    expect(weightSearchSchema.parse({ scope: 'day' }).scope).toBe('month');
  });

  it('fall back on bad values instead of failing the page', () => {
    const parsed = respiratorySearchSchema.parse({
      scope: 'fortnight',
      date: '2026-02-30',
      page: -2,
      pageSize: 7,
    });
    expect(parsed).toEqual({ scope: 'week', page: 1, pageSize: 25 });
    expect(respiratorySearchSchema.parse({ date: 20260214 }).date).toBeUndefined();
    expect(respiratorySearchSchema.parse({ date: '14/02/2026' }).date).toBeUndefined();
  });

  it('RPM windows are 30 or 90 days', () => {
    expect(rpmSearchSchema.parse({}).days).toBe(30);
    expect(rpmSearchSchema.parse({ days: '90' }).days).toBe(90);
    expect(rpmSearchSchema.parse({ days: 45 }).days).toBe(30);
  });
});
