import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, sortOrders } from './enums.ts';

export const uuidSchema = z.uuid();

export const NUL_MESSAGE = 'Must not contain a NUL character';
export const LONE_SURROGATE_MESSAGE = 'Must not contain a lone UTF-16 surrogate';

/** Half of a surrogate pair without its other half: JSON can carry it (`"\\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The one string schema for everything a client sends: PostgreSQL's text cannot hold NUL, and its
 * jsonb (the audit log's details) refuses a lone surrogate, so both are refused here, as a 400 naming
 * the field, instead of failing in the database as a 500 (issue 47). Chain it like `z.string()`:
 * `text().trim().max(100)`.
 */
export function text() {
  return (
    z
      .string()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing that control character is the point
      .regex(/^[^\u0000]*$/, NUL_MESSAGE)
      .refine((value) => !LONE_SURROGATE.test(value), LONE_SURROGATE_MESSAGE)
  );
}

export const CONTROL_CHARACTER_MESSAGE = 'Must be one line, without control characters';
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * A name shown on one line (a pet's): `text()`, trimmed, then without line breaks, tabs or other control
 * characters (C0, DEL, C1) inside, which would break the lists, the CSV export and the e-mails that
 * print it (issue #47). A pasted name's trailing newline is trimmed, not refused.
 */
export function lineText() {
  // A refinement, not a second `regex`: the OpenAPI document keeps the shared NUL pattern as the field's.
  return text()
    .trim()
    .refine((value) => ONE_LINE.test(value), CONTROL_CHARACTER_MESSAGE);
}

/** Every error the API sends has this shape, so clients handle errors in one place (ARCHITECTURE.md). */
export const errorResponseSchema = z
  .object({
    error: z.string(),
    code: z.string(),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('One entry per invalid field, for 400 answers'),
  })
  // One named schema in the OpenAPI document (`#/components/schemas/Error`) that every error refers to.
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** SPEC §3: timestamps travel as objects with seconds since the Unix epoch. */
export const timestampSchema = z.object({ seconds: z.number().int() });
export type Timestamp = z.infer<typeof timestampSchema>;

export function toTimestamp(date: Date): Timestamp {
  return { seconds: Math.floor(date.getTime() / 1000) };
}

export function timestampToDate(timestamp: Timestamp): Date {
  return new Date(timestamp.seconds * 1000);
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** SPEC §3: calendar dates travel as objects with year, month (1-12) and day; never as timestamps. */
export const calendarDateSchema = z
  .strictObject({
    year: z.number().int().min(1900).max(2200),
    month: z.number().int().min(1).max(12),
    day: z.number().int().min(1).max(31),
  })
  .refine((d) => isRealDate(d.year, d.month, d.day), { message: 'Not a real calendar date' });
export type CalendarDate = z.infer<typeof calendarDateSchema>;

/** `YYYY-MM-DD` (as PostgreSQL's `date` gives it) to a calendar date. */
export function isoToCalendarDate(iso: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Not an ISO date: ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar date written `YYYY-MM-DD` (a query parameter, a multipart field): the same days as
 * `calendarDateSchema` accepts, so a year the database cannot store (0000) or a 31 February is a 400,
 * never a 500 from the insert or the query.
 */
export const isoDaySchema = z
  .string()
  .regex(ISO_DAY, 'A date as YYYY-MM-DD')
  // zod runs a refinement even after the pattern failed: that value is already refused by the pattern.
  .refine((value) => !ISO_DAY.test(value) || calendarDateSchema.safeParse(isoToCalendarDate(value)).success, {
    message: 'Not a real calendar date',
  });

export function calendarDateToIso(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Every list: page numbers start at 1; page sizes are capped so one request cannot dump a table. */
export const MAX_PAGE_SIZE = 200;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const sortOrderSchema = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Free-text search as lists take it: trimmed, an empty value means no search. */
export const searchTermSchema = text()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * The one query shape of every searchable list (users, vets, betas, and the inboxes to come): the
 * list's own filters, a search term, a sort among the list's fields (with its default) and an order.
 * `filter` is what the list's CSV export takes; `list` adds the page. The web app keeps the same
 * values in the page's URL (components/lists/list-search.ts).
 */
export function listQuerySchemas<
  const TSort extends readonly [string, ...string[]],
  TFilters extends z.ZodRawShape,
>(sortFields: TSort, defaults: { sort: TSort[number]; order: SortOrder }, filters: TFilters) {
  const filter = z.object({
    ...filters,
    search: searchTermSchema,
    sort: z.enum(sortFields).default(defaults.sort),
    order: sortOrderSchema.default(defaults.order),
  });
  return { filter, list: pageQuerySchema.extend(filter.shape) };
}

/**
 * Lists stop counting past this many matching rows, so a page costs the same at two thousand rows or
 * two million: the total then reads `LIST_TOTAL_CAP` with `totalIsCapped` (shown as "10,000+").
 */
export const LIST_TOTAL_CAP = 10_000;

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Matching rows, or `LIST_TOTAL_CAP` when there are more and the list counted them (then
   * `totalIsCapped` is true); an unfiltered list whose total is kept exact says it at any size.
   */
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  pageCount: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * `counted` may exceed `LIST_TOTAL_CAP` (a count bounded at `LIST_TOTAL_CAP + 1`): it is then capped,
 * unless `exact` (a total kept exact without counting, as an unfiltered list's `list_totals`).
 */
export function paginationOf(page: number, pageSize: number, counted: number, exact = false): Pagination {
  const totalIsCapped = !exact && counted > LIST_TOTAL_CAP;
  const total = totalIsCapped ? LIST_TOTAL_CAP : counted;
  return { page, pageSize, total, totalIsCapped, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * A query parameter that takes several values, repeated (`?a=1&a=2`) or comma-separated (`?a=1,2`),
 * or both at once.
 */
export function multiValueQuery<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const values = Array.isArray(value) ? value : [value];
    return values
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }, z.array(item).max(200).optional());
}

/** How every person (vet or pet owner) is named on screen, in lists, exports and PDFs. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** A brief reference to a person shown beside a record (who enrolled, who edited). */
export const personRefSchema = z.object({ uuid: z.uuid(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;
