import { type FormListQuery, formSortFields } from '@vetboard/contract';
import type { z } from 'zod';
import { listSearchDefaults, listSearchSchema } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'updatedAt', order: 'desc' } as const;

/** `/checkups/pools?search=&sort=&order=&page=&pageSize=`: the latest edited pools first by default. */
export const poolsSearchSchema = listSearchSchema(formSortFields, DEFAULT_SORT);
export type PoolsSearch = z.output<typeof poolsSearchSchema>;

export const poolsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export function poolsListQuery(search: PoolsSearch): FormListQuery {
  return {
    isPool: true,
    page: search.page,
    pageSize: search.pageSize,
    search: search.search,
    sort: search.sort,
    order: search.order,
  };
}
