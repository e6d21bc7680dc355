import { type FormListQuery, formSortFields } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'updatedAt', order: 'desc' } as const;

/**
 * `/checkups/pools?status=&search=&sort=&order=&page=&pageSize=`: the active pools, latest edited first,
 * by default; `status=archived` finds the archived ones, which nothing else lists.
 */
export const poolsSearchSchema = z.extend(listSearchSchema(formSortFields, DEFAULT_SORT), {
  // Only the other view is named in the URL: no status means the active pools.
  status: z.catch(z.optional(z.literal('archived')), undefined),
});
export type PoolsSearch = z.output<typeof poolsSearchSchema>;

export const poolsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export function poolsListQuery(search: PoolsSearch): FormListQuery {
  return {
    isPool: true,
    status: search.status ?? 'active',
    page: search.page,
    pageSize: search.pageSize,
    search: search.search,
    sort: search.sort,
    order: search.order,
  };
}

/** The list's own filters beside the search term: 'Clear filters' goes back to the active pools. */
export const POOL_FILTERS = ['status'] as const satisfies readonly (keyof PoolsSearch)[];
