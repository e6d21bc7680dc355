import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { listSearchSchema, searchParam } from './list-search.ts';
import { hasListFilters, type ListNavigate, useListPage } from './use-list-page.ts';

const schema = z.extend(listSearchSchema(['name', 'createdAt'], { sort: 'createdAt', order: 'desc' }), {
  kind: searchParam,
  feature: searchParam,
});
type Search = ReturnType<typeof schema.parse>;

/** The router's navigate as a list sees it: each call turns the URL's search into the next one. */
function fakeRouter(initial: Partial<Search>) {
  let url = schema.parse(initial);
  const calls: { replace: boolean | undefined }[] = [];
  const navigate: ListNavigate<Search> = ({ search, replace }) => {
    url = search(url);
    calls.push({ replace });
  };
  return { navigate, calls, url: () => url };
}

function render(initial: Partial<Search>, filters: readonly ('feature' | 'kind')[] = ['feature']) {
  const router = fakeRouter(initial);
  const { result } = renderHook(() => useListPage(router.url(), router.navigate, filters));
  return { page: result.current, router };
}

describe('useListPage', () => {
  it('reads page, sort and search from the URL', () => {
    const { page } = render({ page: 3, sort: 'name', order: 'asc', search: 'ada' });
    expect(page.search).toMatchObject({ page: 3, pageSize: 25, search: 'ada' });
    expect(page.sort).toEqual({ sort: 'name', order: 'asc' });
  });

  it('update() merges into the URL and keeps everything else', () => {
    const { page, router } = render({ page: 2, kind: 'b2b', search: 'ada' });
    page.update({ pageSize: 50 }, true);
    expect(router.url()).toMatchObject({ page: 2, pageSize: 50, kind: 'b2b', search: 'ada' });
    expect(router.calls).toEqual([{ replace: true }]);
  });

  it('a new sort, search or page size starts again at page 1; a page change does not', () => {
    const { page, router } = render({ page: 4, kind: 'b2b' });
    page.onSortChange({ sort: 'name', order: 'desc' });
    expect(router.url()).toMatchObject({ page: 1, sort: 'name', order: 'desc', kind: 'b2b' });

    page.onPageChange(7);
    expect(router.url().page).toBe(7);
    page.onSearch('clarke', { replace: true });
    expect(router.url()).toMatchObject({ page: 1, search: 'clarke' });
    expect(router.calls.at(-1)).toEqual({ replace: true });

    page.onPageChange(3);
    page.onPageSizeChange(100);
    expect(router.url()).toMatchObject({ page: 1, pageSize: 100 });
  });

  it("clearing the filters drops the search and the list's own filters, not what the list is of", () => {
    const { page, router } = render({ page: 3, kind: 'b2b', feature: 'ai_triage', search: 'ada' });
    expect(page.filtered).toBe(true);
    page.clearFilters();
    expect(router.url()).toMatchObject({ page: 1, kind: 'b2b', feature: undefined, search: undefined });
  });

  it('goes back to the first page from past the end', () => {
    const { page, router } = render({ page: 9, search: 'ada' });
    page.firstPage();
    expect(router.url()).toMatchObject({ page: 1, search: 'ada' });
  });
});

describe('hasListFilters', () => {
  it('counts the search term and the named filters only', () => {
    const parse = (search: Partial<Search>) => schema.parse(search);
    expect(hasListFilters(parse({}), ['feature'])).toBe(false);
    expect(hasListFilters(parse({ kind: 'b2b' }), ['feature'])).toBe(false);
    expect(hasListFilters(parse({ feature: 'x' }), ['feature'])).toBe(true);
    expect(hasListFilters(parse({ search: 'ada' }), [])).toBe(true);
  });
});
