import type { ReadingKind } from '@vetboard/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { offsetOf, orderByWithTieBreak } from '../../../lib/list-query.ts';
import { trackerReadings } from './trackers.table.ts';

export interface ReadingPageQuery {
  petId: string;
  kind: ReadingKind;
  start?: Date;
  end?: Date;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface ReadingRow {
  id: string;
  value: number;
  measuredAt: Date;
  source: 'app' | 'tracker';
}

function readingConditions(query: ReadingPageQuery): SQL | undefined {
  return and(
    eq(trackerReadings.petId, query.petId),
    eq(trackerReadings.kind, query.kind),
    query.start ? gte(trackerReadings.measuredAt, query.start) : undefined,
    query.end ? lt(trackerReadings.measuredAt, query.end) : undefined,
  );
}

/** One page of raw readings, newest first by default, ties broken by id so pages are stable. */
export async function listReadings(db: DbOrTx, query: ReadingPageQuery): Promise<ReadingRow[]> {
  return db
    .select({
      id: trackerReadings.id,
      value: trackerReadings.value,
      measuredAt: trackerReadings.measuredAt,
      source: trackerReadings.source,
    })
    .from(trackerReadings)
    .where(readingConditions(query))
    .orderBy(...orderByWithTieBreak(trackerReadings.measuredAt, query.order, trackerReadings.id))
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
}

/**
 * How many readings the list has. Without a range the rollups already hold the count (they are
 * written in the same statement as the readings), which spares counting a year of rows.
 */
export async function countReadings(db: DbOrTx, query: ReadingPageQuery): Promise<number> {
  if (!query.start && !query.end) {
    const result = await db.execute(sql`
      select coalesce(sum(count), 0)::int as total
      from tracker_rollups_daily
      where pet_id = ${query.petId} and kind = ${query.kind}::reading_kind`);
    return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(trackerReadings)
    .where(readingConditions(query));
  return row?.total ?? 0;
}
