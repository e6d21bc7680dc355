import { DEFAULT_PAGE_SIZE, type SortOrder, sortOrders } from '@vetboard/contract';
// Route search validators load with the route tree, on every page's first download: zod's
// tree-shakable API keeps its full one out of it.
import { z } from 'zod/mini';

/** The page sizes offered; any other value in a URL falls back to the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * The router parses search values as JSON where it can, so `?search=123` arrives as a number and
 * `?search=true` as a boolean; a text parameter takes them back as the text the person typed.
 */
export const urlText = z.pipe(
  z.transform((value: unknown) =>
    typeof value === 'number' || typeof value === 'boolean' ? String(value) : value,
  ),
  z.string().check(z.trim(), z.maxLength(100)),
);

/** Free text from a URL: too long or not text is dropped, and empty means none. */
export const searchParam = z.catch(
  z.optional(
    z.pipe(
      urlText,
      z.transform((value: string) => value || undefined),
    ),
  ),
  undefined,
);

/** A page number from a URL: a whole number from 1, else the first page. */
export const pageParam = z.catch(
  z._default(z.coerce.number().check(z.refine(Number.isInteger), z.gte(1), z.lte(1_000_000)), 1),
  1,
);

/** A page size from a URL: one of those offered, else the default. */
export const pageSizeParam = z.catch(
  z._default(
    z.coerce.number().check(z.refine((size) => (PAGE_SIZES as readonly number[]).includes(size))),
    DEFAULT_PAGE_SIZE,
  ),
  DEFAULT_PAGE_SIZE,
);

/** One of `values`, else `fallback`; the fallback is also what a missing key means. */
export function enumParam<const TValues extends readonly [string, ...string[]]>(
  values: TValues,
  fallback: TValues[number],
) {
  return z.catch(z._default(z.enum(values), fallback), fallback);
}

/** One of `values` or nothing: a filter whose bad value shows the list unfiltered. */
export function optionalEnumParam<const TValues extends readonly [string, ...string[]]>(values: TValues) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

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
    page: pageParam,
    pageSize: pageSizeParam,
    sort: enumParam(sortFields, defaults.sort),
    order: enumParam(sortOrders, defaults.order),
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
