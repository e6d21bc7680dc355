import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkupsListQuery, checkupsSearchSchema } from './checkups-search.ts';

describe('the checkups inbox URL', () => {
  it('defaults to the inbox order and drops values it cannot read', () => {
    const search = checkupsSearchSchema.parse({
      status: 'lost',
      problematic: 'maybe',
      poolUuid: 'not-a-uuid',
      sentFrom: '2026-02-31',
      sort: 'nonsense',
    });
    expect(search).toMatchObject({ sort: 'inbox', order: 'asc', page: 1 });
    expect(search.status).toBeUndefined();
    expect(search.problematic).toBeUndefined();
    expect(search.poolUuid).toBeUndefined();
    expect(search.sentFrom).toBeUndefined();
  });

  it('asks for the whole last day of a date range (the API’s upper bound is exclusive)', () => {
    const search = checkupsSearchSchema.parse({
      status: 'answered',
      problematic: true,
      sentFrom: '2026-11-02',
      sentTo: '2026-11-05',
    });
    const query = checkupsListQuery(search);
    expect(query).toMatchObject({ status: 'answered', problematic: true, sort: 'inbox', order: 'asc' });
    expect(query.sentFrom).toBe(dayjs('2026-11-02').startOf('day').unix());
    expect(query.sentTo).toBe(dayjs('2026-11-06').startOf('day').unix());
  });
});
