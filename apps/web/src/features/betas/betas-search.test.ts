import { describe, expect, it } from 'vitest';
import { hasListFilters } from '@/components/lists/use-list-page.ts';
import { BETA_FILTERS, betasListQuery, betasSearchSchema } from './betas-search.ts';

describe('betas search params', () => {
  it('lists the newest enrolments first by default', () => {
    expect(betasSearchSchema.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'enrolledAt',
      order: 'desc',
      search: undefined,
      feature: undefined,
    });
  });

  it('keeps a known feature and drops an unknown one', () => {
    expect(betasSearchSchema.parse({ feature: 'heart_rate' }).feature).toBe('heart_rate');
    expect(betasSearchSchema.parse({ feature: 'teleportation' }).feature).toBeUndefined();
    expect(betasSearchSchema.parse({ feature: 3 }).feature).toBeUndefined();
  });

  it('falls back on a bad sort, order or page', () => {
    expect(betasSearchSchema.parse({ sort: 'notes', order: 'random', page: -1 })).toMatchObject({
      sort: 'enrolledAt',
      order: 'desc',
      page: 1,
    });
  });

  it('asks the API for exactly the URL state, and knows when filters are set', () => {
    const search = betasSearchSchema.parse({
      feature: 'ai_triage',
      search: 'clarke',
      sort: 'name',
      order: 'asc',
    });
    expect(betasListQuery(search)).toEqual({
      page: 1,
      pageSize: 25,
      feature: 'ai_triage',
      search: 'clarke',
      sort: 'name',
      order: 'asc',
    });
    expect(hasListFilters(search, BETA_FILTERS)).toBe(true);
    expect(hasListFilters(betasSearchSchema.parse({ sort: 'name' }), BETA_FILTERS)).toBe(false);
  });
});
