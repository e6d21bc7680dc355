import { LIST_TOTAL_CAP, type Pagination, paginationOf } from '@vetboard/contract';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** `%` and `_` in what a vet types are literal characters, not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A case-insensitive "contains" pattern for the lower-cased, trigram-indexed `search_text` columns. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term.toLowerCase())}%`;
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** Sort by the chosen column, then by id so that pages are stable when values tie. */
export function orderByWithTieBreak(
  column: AnyPgColumn | SQL,
  order: 'asc' | 'desc',
  id: AnyPgColumn,
): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(id)];
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * One page of any list with its `pagination`, the shape every list (and inbox) answers with.
 *
 * `rows` reads the page (join after limiting: read the page's ids first, then what hangs off them);
 * `count(bound)` counts matching rows but may stop at `bound` (see `boundedCount`). The count is
 * skipped when the page itself says how many there are: a short page, or an empty first page.
 */
export async function listPage<Row>(
  request: { page: number; pageSize: number },
  reads: {
    rows: (window: PageWindow) => Promise<Row[]>;
    count: (bound: number) => Promise<number>;
  },
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const { page, pageSize } = request;
  const window = { offset: offsetOf(page, pageSize), limit: pageSize };
  const rows = await reads.rows(window);
  const pageTellsTotal = rows.length < pageSize && (rows.length > 0 || window.offset === 0);
  const counted = pageTellsTotal ? window.offset + rows.length : await reads.count(LIST_TOTAL_CAP + 1);
  return { rows, pagination: paginationOf(page, pageSize, counted) };
}

/**
 * `listPage` for a list whose page statement also counts, up to a bound, the rows matching: `total`
 * on every row (one round trip for a page and its total). Only a page past the end, which comes back
 * empty, needs `count`. `exactTotal`: the total is kept exact at any size (an unfiltered list reading
 * `list_totals`), so it is not capped.
 */
export async function listPageWithTotal<Row extends { total: number | null }>(
  request: { page: number; pageSize: number; exactTotal?: boolean },
  reads: {
    rows: (window: PageWindow, bound: number) => Promise<Row[]>;
    count: (bound: number) => Promise<number>;
  },
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const { page, pageSize } = request;
  const window = { offset: offsetOf(page, pageSize), limit: pageSize };
  const bound = LIST_TOTAL_CAP + 1;
  const rows = await reads.rows(window, bound);
  const counted = rows[0]?.total ?? (window.offset === 0 ? 0 : await reads.count(bound));
  return { rows, pagination: paginationOf(page, pageSize, counted, request.exactTotal) };
}

/**
 * `count(*)` of the rows matching `where` that stops after `bound` rows: an index scan of at most
 * `bound` entries instead of the whole table.
 */
export async function boundedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  bound: number,
): Promise<number> {
  return boundedCountOf(db, db.select({ one: sql`1` }).from(table).where(where).$dynamic(), bound);
}

/**
 * The same bounded `count(*)` over a list's own rows query (its joins and filter, as a dynamic select
 * of a constant): an inbox counts the rows its page reads, stopping after `bound`.
 */
export async function boundedCountOf(db: DbOrTx, rows: PgSelect, bound: number): Promise<number> {
  const matching = rows.limit(bound).as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  return row?.count ?? 0;
}
