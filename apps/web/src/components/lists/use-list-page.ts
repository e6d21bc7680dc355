import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ListSort } from './list-search.ts';

/** What every list keeps in its URL (listSearchSchema), beside its own filters. */
export interface ListPageSearch<TSort extends string = string> extends ListSort<TSort> {
  page: number;
  pageSize: number;
  search?: string | undefined;
}

/**
 * The route's `navigate` as the kit uses it: a new search from the previous one. A route's
 * `getRouteApi(…).useNavigate()` fits as it is.
 */
export type ListNavigate<S> = (options: { search: (previous: S) => S; replace?: boolean }) => unknown;

export interface ListPageState<S extends ListPageSearch> {
  search: S;
  /** Merges `patch` into the URL's search; `replace` for changes that should not add a history entry. */
  update: (patch: Partial<S>, replace?: boolean) => void;
  sort: ListSort<S['sort']>;
  /** A new sort starts again at page 1, as does every change of what the list holds. */
  onSortChange: (sort: ListSort<S['sort']>) => void;
  onSearch: (term: string | undefined, options: { replace: boolean }) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** A search term or one of the list's own filters is set. */
  filtered: boolean;
  clearFilters: () => void;
  firstPage: () => void;
}

/** A search term or one of the list's own filters is set: an empty list then says "no match". */
export function hasListFilters<S extends ListPageSearch>(
  search: S,
  filters: readonly (keyof S & string)[],
): boolean {
  return Boolean(search.search) || filters.some((key) => search[key] !== undefined);
}

/**
 * A list page's URL state (page, page size, sort, search and the list's own `filters`, all in the
 * search params) and the handlers its toolbar, table, empty state and pagination call. The state is
 * the URL's: nothing is kept here, so back and forward, reloads and shared links show the same list.
 */
export function useListPage<S extends ListPageSearch>(
  search: S,
  navigate: ListNavigate<S>,
  filters: readonly (keyof S & string)[] = [],
): ListPageState<S> {
  const update = (patch: Partial<S>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace });
  const cleared = Object.fromEntries(filters.map((key) => [key, undefined])) as Partial<S>;
  return {
    search,
    update,
    sort: { sort: search.sort, order: search.order },
    onSortChange: (sort) => update({ ...sort, page: 1 } as Partial<S>),
    onSearch: (term, { replace }) => update({ search: term, page: 1 } as Partial<S>, replace),
    onPageChange: (page) => update({ page } as Partial<S>),
    onPageSizeChange: (pageSize) => update({ pageSize, page: 1 } as Partial<S>),
    filtered: hasListFilters(search, filters),
    clearFilters: () => update({ ...cleared, search: undefined, page: 1 } as Partial<S>),
    firstPage: () => update({ page: 1 } as Partial<S>),
  };
}

/**
 * A list's page of rows: while the next page, sort or search loads, the previous rows stay on screen
 * (marked as refreshing) instead of a blank table.
 */
export function useListQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
) {
  return useQuery({ ...options, placeholderData: keepPreviousData });
}
