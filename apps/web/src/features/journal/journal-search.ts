import {
  type JournalListQuery,
  journalCategories,
  journalSortFields,
  journalStatuses,
} from '@vetboard/contract';
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
 * `/journal?status=&category=&severity=&from=&to=&search=&sort=&order=&page=&pageSize=`: by default the
 * inbox order (new first, severe first, then the longest waiting).
 */
export const journalSearchSchema = z.extend(listSearchSchema(journalSortFields, DEFAULT_SORT), {
  status: optionalEnumParam(journalStatuses),
  category: optionalEnumParam(journalCategories),
  // The router parses `?severity=3` as a number already.
  severity: z.catch(z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])), undefined),
  /** Occurred on or after this day. */
  from: day,
  /** Occurred on or before this day. */
  to: day,
});
export type JournalSearch = z.output<typeof journalSearchSchema>;

export const journalSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const JOURNAL_FILTERS = [
  'status',
  'category',
  'severity',
  'from',
  'to',
] as const satisfies readonly (keyof JournalSearch)[];

function dayStart(value: string, next = false): number | undefined {
  const date = localDay(value, next ? 1 : 0);
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

export function journalListQuery(search: JournalSearch): JournalListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    status: search.status,
    category: search.category,
    severity: search.severity,
    occurredFrom: search.from ? dayStart(search.from) : undefined,
    // The range's last day is included: the API's bound is exclusive.
    occurredTo: search.to ? dayStart(search.to, true) : undefined,
  };
}

/** `/pets/{uuid}/journal?category=`: the pet's timeline, filterable by category. */
export const petJournalSearchSchema = z.object({ category: optionalEnumParam(journalCategories) });
export type PetJournalSearch = z.output<typeof petJournalSearchSchema>;
