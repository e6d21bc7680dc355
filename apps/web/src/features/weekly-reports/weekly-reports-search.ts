import { type WeeklyReportListQuery, weeklyReportSortFields, weeklyReportStatuses } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, optionalEnumParam } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'inbox', order: 'asc' } as const;

const optionalText = (pattern: RegExp) => z.catch(z.optional(z.string().check(z.regex(pattern))), undefined);
const optionalUuid = z.catch(z.optional(z.uuid()), undefined);

/**
 * `/weekly-reports?week=&status=&company=&vet=&petUuid=&search=&sort=&order=&page=&pageSize=`: by default
 * drafts to review first, the most concerning on top. `petUuid` is the pet menu's link to a pet's reports.
 */
export const weeklyReportsSearchSchema = z.extend(listSearchSchema(weeklyReportSortFields, DEFAULT_SORT), {
  week: optionalText(/^\d{4}-W\d{2}$/),
  status: optionalEnumParam(weeklyReportStatuses),
  company: optionalText(/^[A-Za-z0-9_-]{1,64}$/),
  vet: optionalUuid,
  petUuid: optionalUuid,
});
export type WeeklyReportsSearch = z.output<typeof weeklyReportsSearchSchema>;

export const weeklyReportsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const WEEKLY_REPORT_FILTERS = [
  'week',
  'status',
  'company',
  'vet',
  'petUuid',
] as const satisfies readonly (keyof WeeklyReportsSearch)[];

export function weeklyReportsListQuery(search: WeeklyReportsSearch): WeeklyReportListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    week: search.week,
    status: search.status,
    company: search.company,
    vetUuid: search.vet,
    petUuid: search.petUuid,
  };
}
