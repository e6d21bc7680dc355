import { type CheckupListQuery, checkupSortFields, checkupStatuses } from '@vetboard/contract';
import { z } from 'zod/mini';
import { listSearchDefaults, listSearchSchema, optionalEnumParam } from '@/components/lists/list-search.ts';

const DEFAULT_SORT = { sort: 'inbox', order: 'asc' } as const;

/**
 * The day `value` (`2026-11-02`) names, at local midnight, `plusDays` later; null if it names no day.
 * Plain `Date`: this module is part of every page's entry (the route's search), so no date library.
 */
function localDay(value: string, plusDays = 0): Date | null {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  date.setDate(date.getDate() + plusDays);
  return date;
}

/** A calendar day in the URL (`2026-11-02`); anything else is dropped. */
const day = z.catch(
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/),
      z.refine((value) => localDay(value) !== null),
    ),
  ),
  undefined,
);

/**
 * `/checkups?status=&problematic=&poolUuid=&sentFrom=&sentTo=&search=&sort=&order=&page=&pageSize=`:
 * by default the inbox order (answered and awaiting review first, problematic first, then oldest first).
 */
export const checkupsSearchSchema = z.extend(listSearchSchema(checkupSortFields, DEFAULT_SORT), {
  status: optionalEnumParam(checkupStatuses),
  // The router parses `?problematic=true` as a boolean already.
  problematic: z.catch(z.optional(z.boolean()), undefined),
  poolUuid: z.catch(z.optional(z.uuid()), undefined),
  /** Sent on or after this day. */
  sentFrom: day,
  /** Sent on or before this day. */
  sentTo: day,
});
export type CheckupsSearch = z.output<typeof checkupsSearchSchema>;

export const checkupsSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const CHECKUP_FILTERS = [
  'status',
  'problematic',
  'poolUuid',
  'sentFrom',
  'sentTo',
] as const satisfies readonly (keyof CheckupsSearch)[];

/** A day in the vet's own calendar as unix seconds at its start; `next` gives the start of the day after. */
function dayStart(value: string, next = false): number | undefined {
  const date = localDay(value, next ? 1 : 0);
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

export function checkupsListQuery(search: CheckupsSearch): CheckupListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    status: search.status,
    problematic: search.problematic,
    poolUuid: search.poolUuid,
    sentFrom: search.sentFrom ? dayStart(search.sentFrom) : undefined,
    // The range's last day is included: the API's bound is exclusive.
    sentTo: search.sentTo ? dayStart(search.sentTo, true) : undefined,
  };
}
