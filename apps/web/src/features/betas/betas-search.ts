import { type BetaListQuery, betaFeatures, betaSortFields } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, optionalEnumParam } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'enrolledAt', order: 'desc' } as const;

/** `/betas?feature=&search=&sort=&order=&page=&pageSize=`: newest enrolments first by default. */
export const betasSearchSchema = z.extend(listSearchSchema(betaSortFields, DEFAULT_SORT), {
  feature: optionalEnumParam(betaFeatures),
});
export type BetasSearch = z.output<typeof betasSearchSchema>;

export const betasSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export function betasListQuery(search: BetasSearch): BetaListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    feature: search.feature,
    search: search.search,
    sort: search.sort,
    order: search.order,
  };
}

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const BETA_FILTERS = ['feature'] as const satisfies readonly (keyof BetasSearch)[];
