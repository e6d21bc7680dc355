import { describe, expect, it } from 'vitest';
import { listSearchDefaults, listSearchSchema, nextSort, rangeSummary, searchParam } from './list-search.ts';

const schema = listSearchSchema(['name', 'createdAt'], { sort: 'createdAt', order: 'desc' });

describe('listSearchSchema', () => {
  it('fills every missing value with its default', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      search: undefined,
    });
  });

  it('keeps good values, from numbers or from text', () => {
    expect(schema.parse({ page: 3, pageSize: '50', sort: 'name', order: 'asc', search: ' emma ' })).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      order: 'asc',
      search: 'emma',
    });
  });

  it.each([
    ['page', 0, 1],
    ['page', -2, 1],
    ['page', 1.5, 1],
    ['page', 'abc', 1],
    ['page', { a: 1 }, 1],
    ['pageSize', 30, 25],
    ['pageSize', 100_000, 25],
    ['pageSize', 'many', 25],
    ['sort', 'password', 'createdAt'],
    ['sort', 7, 'createdAt'],
    ['order', 'sideways', 'desc'],
  ])('a bad %s (%j) falls back to %j instead of failing', (key, value, fallback) => {
    expect(schema.parse({ [key]: value })[key as keyof ReturnType<typeof schema.parse>]).toEqual(fallback);
  });

  it('takes back as text a search the router parsed as a number or boolean', () => {
    expect(searchParam.parse(985112004567890)).toBe('985112004567890');
    expect(searchParam.parse(true)).toBe('true');
  });

  it('drops an empty, blank or over-long search', () => {
    expect(searchParam.parse('')).toBeUndefined();
    expect(searchParam.parse('   ')).toBeUndefined();
    expect(searchParam.parse('x'.repeat(101))).toBeUndefined();
    expect(searchParam.parse(['a', 'b'])).toBeUndefined();
  });

  it('has defaults that match what the schema fills in, for stripping them from URLs', () => {
    const { search: _search, ...parsed } = schema.parse({});
    expect(listSearchDefaults({ sort: 'createdAt', order: 'desc' })).toEqual(parsed);
  });
});

describe('nextSort', () => {
  const byName = { sort: 'name', order: 'asc' } as const;

  it('flips the order when the sorted column is clicked again', () => {
    expect(nextSort(byName, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });

  it("sorts by a new column in that column's first order", () => {
    expect(nextSort(byName, 'createdAt', 'desc')).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  });
});

describe('rangeSummary', () => {
  it('says which rows of how many, with thousands separators and an en dash', () => {
    expect(rangeSummary({ page: 1, pageSize: 25, total: 2034 })).toBe('1–25 of 2,034');
    expect(rangeSummary({ page: 2, pageSize: 25, total: 2034 })).toBe('26–50 of 2,034');
  });

  it('stops the last page at the total', () => {
    expect(rangeSummary({ page: 82, pageSize: 25, total: 2034 })).toBe('2,026–2,034 of 2,034');
    expect(rangeSummary({ page: 1, pageSize: 25, total: 3 })).toBe('1–3 of 3');
  });

  it('says 0 for an empty list or a page past the end', () => {
    expect(rangeSummary({ page: 1, pageSize: 25, total: 0 })).toBe('0 of 0');
    expect(rangeSummary({ page: 9, pageSize: 25, total: 30 })).toBe('0 of 30');
  });

  it('says "10,000+" when the server stopped counting, on every page', () => {
    expect(rangeSummary({ page: 1, pageSize: 50, total: 10_000, totalIsCapped: true })).toBe(
      '1–50 of 10,000+',
    );
    expect(rangeSummary({ page: 201, pageSize: 50, total: 10_000, totalIsCapped: true })).toBe(
      '10,001–10,050 of 10,000+',
    );
  });
});
