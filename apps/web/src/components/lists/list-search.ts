import { DEFAULT_PAGE_SIZE, type SortOrder, sortOrderSchema } from '@vetboard/contract';
import { z } from 'zod';

/** The page sizes offered; any other value in a URL falls back to the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * The router parses search values as JSON where it can, so `?search=123` arrives as a number and
 * `?search=true` as a boolean; a text parameter takes them back as the text the person typed.
 */
export const urlText = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
  z.string().trim().max(100),
);

/** Free text from a URL: too long or not text is dropped, and empty means none. */
export const searchParam = urlText
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined);

export interface ListSort<TSort extends string = string> {
  sort: TSort;
  order: SortOrder;
}

/**
 * The search params every list shares (SPEC-wide list conventions: the list's state lives in the URL).
 * Every value has a `.catch` fallback because URLs are typed, pasted and bookmarked: a bad one shows the
 * default instead of an error page. Each list extends this with its own filters.
 */
export function listSearchSchema<const TSort extends readonly [string, ...string[]]>(
  sortFields: TSort,
  defaults: ListSort<TSort[number]>,
) {
  // `.default` before `.catch` keeps each key optional for links (`search: { user_type: 2 }`).
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
    pageSize: z.coerce
      .number()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
      .default(DEFAULT_PAGE_SIZE)
      .catch(DEFAULT_PAGE_SIZE),
    sort: z.enum(sortFields).default(defaults.sort).catch(defaults.sort),
    order: sortOrderSchema.default(defaults.order).catch(defaults.order),
    search: searchParam,
  });
}

/** The values `stripSearchParams` leaves out of URLs, so a list's links stay short (`/users?user_type=2`). */
export function listSearchDefaults<TSort extends string>(defaults: ListSort<TSort>) {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: defaults.sort, order: defaults.order };
}

/**
 * A click on the column the list is sorted by flips the order; a click on another column sorts by it,
 * in the order that column reads best first (names A-Z, dates newest first).
 */
export function nextSort<TSort extends string>(
  current: ListSort<TSort>,
  field: TSort,
  firstOrder: SortOrder = 'asc',
): ListSort<TSort> {
  if (current.sort === field) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: firstOrder };
}

const count = new Intl.NumberFormat('en-GB');

/**
 * "1–25 of 2,034": the rows this page shows, out of all that match; "1–25 of 10,000+" when the
 * server stopped counting (`totalIsCapped`), and then pages past the counted ones still show a range.
 */
export function rangeSummary({
  page,
  pageSize,
  total,
  totalIsCapped = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalIsCapped?: boolean;
}): string {
  const first = (page - 1) * pageSize + 1;
  const of = `${count.format(total)}${totalIsCapped ? '+' : ''}`;
  if (totalIsCapped) return `${count.format(first)}–${count.format(page * pageSize)} of ${of}`;
  if (total === 0 || first > total) return `0 of ${of}`;
  const last = Math.min(page * pageSize, total);
  return `${count.format(first)}–${count.format(last)} of ${of}`;
}
