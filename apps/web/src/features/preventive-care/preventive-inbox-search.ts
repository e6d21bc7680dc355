import {
  type PreventiveInboxQuery,
  preventiveInboxSortFields,
  preventiveInboxStatuses,
  species,
} from '@vetboard/contract';
import { z } from 'zod/mini';
import {
  listSearchDefaults,
  listSearchSchema,
  optionalEnumParam,
  searchParam,
} from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'dueOn', order: 'asc' } as const;

/** An item code as the protocols write it ('dog.rabies'); anything else in the URL is dropped. */
const itemParam = z.catch(
  z.optional(z.string().check(z.regex(/^[a-z]+\.[a-z0-9_]+$/), z.maxLength(100))),
  undefined,
);

/**
 * `/preventive-care?status=&species=&item=&companySku=&search=&sort=&order=&page=&pageSize=`: by default
 * every overdue, due and almost-due item, the longest due first.
 */
export const preventiveInboxSearchSchema = z.extend(
  listSearchSchema(preventiveInboxSortFields, DEFAULT_SORT),
  {
    status: optionalEnumParam(preventiveInboxStatuses),
    species: optionalEnumParam(species),
    item: itemParam,
    companySku: searchParam,
  },
);
export type PreventiveInboxSearch = z.output<typeof preventiveInboxSearchSchema>;

export const preventiveInboxSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export const PREVENTIVE_INBOX_FILTERS = [
  'status',
  'species',
  'item',
  'companySku',
] as const satisfies readonly (keyof PreventiveInboxSearch)[];

export function preventiveInboxListQuery(search: PreventiveInboxSearch): PreventiveInboxQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    status: search.status,
    species: search.species,
    item: search.item,
    companySku: search.companySku,
  };
}
