import {
  type ReminderListQuery,
  reminderAssignments,
  reminderSortFields,
  reminderStatuses,
} from '@vetboard/contract';
import { z } from 'zod/mini';
import {
  listSearchDefaults,
  listSearchSchema,
  optionalEnumParam,
  searchParam,
} from '@/components/lists/list-search.ts';

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

/** `all` shows open and done reminders; without it the inbox shows the open ones (SPEC §2). */
export const REMINDER_STATUS_FILTERS = [...reminderStatuses, 'all'] as const;

/**
 * `/reminders?status=&assignment=&assignee=&from=&to=&search=&sort=&order=&page=&pageSize=`: by default
 * the open reminders, overdue first, then due today, then later.
 */
export const remindersSearchSchema = z.extend(listSearchSchema(reminderSortFields, DEFAULT_SORT), {
  status: optionalEnumParam(REMINDER_STATUS_FILTERS),
  /** Mine or unassigned. */
  assignment: optionalEnumParam(reminderAssignments),
  /** One vet's (a uuid). */
  assignee: searchParam,
  /** Due on or after this day. */
  from: day,
  /** Due on or before this day. */
  to: day,
});
export type RemindersSearch = z.output<typeof remindersSearchSchema>;

export const remindersSearchDefaults = listSearchDefaults(DEFAULT_SORT);

/** The list's own filters beside the search term: 'Clear filters' clears them too. */
export const REMINDER_FILTERS = [
  'status',
  'assignment',
  'assignee',
  'from',
  'to',
] as const satisfies readonly (keyof RemindersSearch)[];

function dayStart(value: string, next = false): number | undefined {
  const date = localDay(value, next ? 1 : 0);
  return date ? Math.floor(date.getTime() / 1000) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function remindersListQuery(search: RemindersSearch): ReminderListQuery {
  return {
    page: search.page,
    pageSize: search.pageSize,
    sort: search.sort,
    order: search.order,
    search: search.search,
    status: search.status === 'all' ? undefined : (search.status ?? 'open'),
    assignment: search.assignment,
    assigneeUuid: search.assignee && UUID.test(search.assignee) ? search.assignee : undefined,
    dueFrom: search.from ? dayStart(search.from) : undefined,
    // The range's last day is included: the API's bound is exclusive.
    dueTo: search.to ? dayStart(search.to, true) : undefined,
  };
}

/** The pet's reminders, open ones first by due time, then the done ones. */
export function petRemindersQuery(petUuid: string): ReminderListQuery {
  return { petUuid, page: 1, pageSize: 200, sort: 'inbox', order: 'asc', search: undefined };
}
