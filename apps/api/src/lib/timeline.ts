import type { TimelineKind, TimelineSource } from '@vetboard/contract';
import { oneLine } from '@vetboard/contract';
import { type AnyColumn, and, gte, isNotNull, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A place in a pet's timeline. `at` keeps the database's microseconds (ISO, UTC, fixed width, so it
 * also sorts as text): a cursor rounded to milliseconds would skip the events inside that millisecond.
 * Events are ordered newest first by (at, kind, id), which no insert can reorder.
 */
export interface TimelinePosition {
  at: string;
  kind: TimelineKind;
  id: string;
}

/**
 * What the timeline module asks another module for: one pet's events before a position, at most
 * `limit`, and only within `[from, to)` when given (a chart's range).
 */
export interface TimelineRead {
  petId: string;
  before: TimelinePosition | null;
  limit: number;
  from?: Date | undefined;
  to?: Date | undefined;
  kinds: ReadonlySet<TimelineKind>;
  sources: ReadonlySet<TimelineSource>;
}

/** One event as a module gives it; the timeline module orders, pages and serialises them. */
export interface TimelineEvent extends TimelinePosition {
  source: TimelineSource;
  title: string;
  link: string;
}

/** The event time as `TimelinePosition.at` writes it. */
export function timelineAt(column: SQLWrapper) {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Byte order, the same as JavaScript's `<` on these ASCII ids, whatever the database's collation. */
function idText(id: SQLWrapper): SQL {
  return sql`(${id})::text collate "C"`;
}

/**
 * The WHERE of one kind's page: the pet's events of that kind that come after `before` in the
 * timeline's order (older, or as old and lower by kind then id), so a page never repeats or skips one,
 * and inside the read's range. The range bounds the same `(pet_id, <time>)` index scan the page
 * walks newest first, so a chart's read starts at its range's end instead of at the newest event.
 */
export function timelineWhere(
  kind: TimelineKind,
  at: AnyColumn,
  id: SQLWrapper,
  read: TimelineRead,
  pet: SQL,
  ...extra: Array<SQL | undefined>
): SQL | undefined {
  const before = read.before;
  let after: SQL | undefined;
  if (before) {
    const beforeAt = sql`${before.at}::timestamptz`;
    if (kind < before.kind) after = sql`${at} <= ${beforeAt}`;
    else if (kind > before.kind) after = lt(at, beforeAt);
    else after = or(lt(at, beforeAt), and(sql`${at} = ${beforeAt}`, sql`${idText(id)} < ${before.id}`));
  }
  const from = read.from ? gte(at, read.from) : undefined;
  const to = read.to ? lt(at, read.to) : undefined;
  return and(pet, isNotNull(at), after, from, to, ...extra);
}

/** Newest first, then the id: the order `timelineWhere` pages through. */
export function timelineOrder(at: AnyColumn, id: SQLWrapper): SQL[] {
  return [sql`${at} desc`, sql`${idText(id)} desc`];
}

/** The timeline's order on events already read: newest first, then kind, then id, all descending. */
export function compareTimelineEvents(a: TimelinePosition, b: TimelinePosition): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return 0;
}

/** Whether a read wants this kind at all (asked for, and from a source asked for). */
export function wantsKind(read: TimelineRead, kind: TimelineKind): boolean {
  return read.kinds.has(kind);
}

/** A text as a timeline title quotes it: one line, at most 80 characters (SPEC §9's '...'). */
export function quotedInTitle(text: string): string {
  return `“${oneLine(text, 80)}”`;
}
