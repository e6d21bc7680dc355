import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
