import {
  type PendingCardListQuery,
  pendingCardAssignments,
  pendingCardConcerns,
  pendingCardSeverities,
  pendingCardSortFields,
  pendingCardViews,
} from '@vetboard/contract';
import { z } from 'zod/mini';
import {
  listSearchDefaults,
  listSearchSchema,
  optionalEnumParam,
  searchParam,
} from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'queue', order: 'desc' } as const;

/**
 * `/pending-cards?view=&concern=&severity=&assignment=&companySku=&search=&sort=&order=&page=&pageSize=`:
 * by default the open cards not snoozed, high-red first, then the longest waiting.
 */
export const pendingCardsSearchSchema = z.extend(listSearchSchema(pendingCardSortFields, DEFAULT_SORT), {
  view: optionalEnumParam(pendingCardViews),
  concern: optionalEnumParam(pendingCardConcerns),
  severity: optionalEnumParam(pendingCardSeverities),
  assignment: optionalEnumParam(pendingCardAssignments),
  companySku: searchParam,
});
export type PendingCardsSearch = z.output<typeof pendingCardsSearchSchema>;

export const pendingCardsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

export const PENDING_CARD_FILTERS = [
  'view',
  'concern',
  'severity',
  'assignment',
  'companySku',
] as const satisfies readonly (keyof PendingCardsSearch)[];

export function pendingCardsListQuery(search: PendingCardsSearch): PendingCardListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    view: search.view ?? 'open',
    concern: search.concern,
    severity: search.severity,
    assignment: search.assignment,
    companySku: search.companySku,
  };
}
