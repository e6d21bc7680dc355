import { describe, expect, it } from 'vitest';
import { usersFilterQuery, usersListQuery, usersSearchSchema, usersTitle } from './users-search.ts';

describe('users search params', () => {
  it('reads the menu links: user_type 2 and 1, newest first by default', () => {
    expect(usersSearchSchema.parse({ user_type: 2 })).toMatchObject({
      user_type: 2,
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
    });
    expect(usersSearchSchema.parse({ user_type: '1' }).user_type).toBe(1);
  });

  it.each([3, 0, 'b2b', null, [1, 2]])('drops an unknown user_type (%j) and lists everyone', (value) => {
    expect(usersSearchSchema.parse({ user_type: value }).user_type).toBeUndefined();
  });

  it('falls back on a sort field the API does not offer', () => {
    expect(usersSearchSchema.parse({ sort: 'phone', order: 'up' })).toMatchObject({
      sort: 'createdAt',
      order: 'desc',
    });
    expect(usersSearchSchema.parse({ sort: 'petsCount' }).sort).toBe('petsCount');
  });

  it('asks the API for the page, and exports the same filter without paging', () => {
    const search = usersSearchSchema.parse({ user_type: 2, search: 'becker', page: 3, sort: 'name' });
    expect(usersListQuery(search)).toEqual({
      page: 3,
      pageSize: 25,
      user_type: 2,
      search: 'becker',
      sort: 'name',
      order: 'desc',
    });
    expect(usersFilterQuery(search)).toEqual({ user_type: 2, search: 'becker', sort: 'name', order: 'desc' });
  });
});

describe('usersTitle', () => {
  it("names the list after SPEC §2's menu entry", () => {
    expect(usersTitle(2, 'Vetboard')).toBe('B2B users');
    expect(usersTitle(1, 'Vetboard')).toBe('Vetboard users');
    expect(usersTitle(undefined, 'Vetboard')).toBe('Users');
  });
});
