import { type B2bPetsQuery, dailyStatusFilters } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, optionalEnumParam } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'name', order: 'asc' } as const;

/** A calendar day in the URL (`2026-11-25`); anything else is dropped (then it is today). */
const day = z.catch(
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/),
      z.refine((value) => {
        const [year = 0, month = 0, date = 0] = value.split('-').map(Number);
        const parsed = new Date(Date.UTC(year, month - 1, date));
        return parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
      }),
    ),
  ),
  undefined,
);

/** `/b2b/{sku}?date=&status=written|missing&search=&page=&pageSize=`: by default today, every pet. */
export const companyPetsSearchSchema = z.extend(listSearchSchema(['name'] as const, DEFAULT_SORT), {
  date: day,
  status: optionalEnumParam(dailyStatusFilters),
});
export type CompanyPetsSearch = z.output<typeof companyPetsSearchSchema>;

export const companyPetsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export const COMPANY_PET_FILTERS = ['date', 'status'] as const satisfies readonly (keyof CompanyPetsSearch)[];

export function companyPetsQuery(sku: string, search: CompanyPetsSearch, today: string): B2bPetsQuery {
  return {
    sku,
    date: search.date ?? today,
    status: search.status,
    search: search.search,
    sort: search.sort,
    order: search.order,
    page: search.page,
    pageSize: search.pageSize,
  };
}
