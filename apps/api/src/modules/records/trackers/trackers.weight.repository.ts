import type { WeightAuthor, WeightLocation } from '@vetboard/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executePrepared } from '../../../db/plain-statement.ts';
import { rowsOf } from '../../../db/rows.ts';
import { offsetOf } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import type { BucketRow } from './trackers.charts.repository.ts';
import type { ChartPeriod } from './trackers.periods.repository.ts';
import { type NewWeightEntryRow, type WeightEntryRow, weightEntries } from './trackers.weight.table.ts';

/** An entry with the value of the entry before it (by measuredAt) and its author's name. */
export interface WeightEntryWithPreviousRow {
  id: string;
  petId: string;
  valueKg: number;
  previousKg: number | null;
  measuredAt: Date;
  location: WeightLocation;
  author: WeightAuthor;
  authorVetId: string | null;
  authorVetName: string | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface RawEntryRow {
  id: string;
  pet_id: string;
  value_kg: number;
  previous_kg: number | null;
  measured_at: number;
  location: WeightLocation;
  author: WeightAuthor;
  author_vet_id: string | null;
  author_vet_name: string | null;
  note: string | null;
  created_at: number;
  updated_at: number;
}

function fromRaw(row: RawEntryRow): WeightEntryWithPreviousRow {
  return {
    id: row.id,
    petId: row.pet_id,
    valueKg: row.value_kg,
    previousKg: row.previous_kg,
    measuredAt: new Date(row.measured_at * 1000),
    location: row.location,
    author: row.author,
    authorVetId: row.author_vet_id,
    authorVetName: row.author_vet_name,
    note: row.note,
    createdAt: new Date(row.created_at * 1000),
    updatedAt: new Date(row.updated_at * 1000),
  };
}

/**
 * The pet's entries, each with its predecessor's value. The window runs over all the pet's entries
 * before `where` filters them, so the first entry of a page or range still has its predecessor.
 */
function entriesWithPrevious(petId: string, where: SQL, tail: SQL) {
  return sql`
    select w.id, w.pet_id, w.value_kg_f as value_kg, w.previous_kg, extract(epoch from w.measured_at)::float8 as measured_at,
           w.location::text as location, w.author::text as author, w.author_vet_id,
           v.first_name || ' ' || v.last_name as author_vet_name, w.note,
           extract(epoch from w.created_at)::float8 as created_at,
           extract(epoch from w.updated_at)::float8 as updated_at
    from (
      select *, value_kg::float8 as value_kg_f,
             (lag(value_kg) over (order by measured_at, id))::float8 as previous_kg
      from weight_entries
      where pet_id = ${petId}
    ) as w
    left join vets v on v.id = w.author_vet_id
    where ${where}
    ${tail}`;
}

export interface WeightPageQuery {
  petId: string;
  start?: Date;
  end?: Date;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

function rangeCondition(query: Pick<WeightPageQuery, 'start' | 'end'>): SQL {
  return sql`true
    ${query.start ? sql`and w.measured_at >= ${query.start.toISOString()}::timestamptz` : sql``}
    ${query.end ? sql`and w.measured_at < ${query.end.toISOString()}::timestamptz` : sql``}`;
}

export async function listWeightEntries(
  db: DbOrTx,
  query: WeightPageQuery,
): Promise<WeightEntryWithPreviousRow[]> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const result = await db.execute(
    entriesWithPrevious(
      query.petId,
      rangeCondition(query),
      sql`order by w.measured_at ${direction}, w.id ${direction}
          limit ${query.pageSize} offset ${offsetOf(query.page, query.pageSize)}`,
    ),
  );
  return rowsOf<RawEntryRow>(result).map(fromRaw);
}

export async function countWeightEntries(db: DbOrTx, query: WeightPageQuery): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as total from weight_entries w
    where w.pet_id = ${query.petId} and ${rangeCondition(query)}`);
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}

export async function findWeightEntry(
  db: DbOrTx,
  petId: string,
  id: string,
): Promise<WeightEntryWithPreviousRow | undefined> {
  const result = await db.execute(entriesWithPrevious(petId, sql`w.id = ${id}`, sql``));
  const row = rowsOf<RawEntryRow>(result)[0];
  return row && fromRaw(row);
}

/** The newest entry, with its predecessor's value. */
const latestEntrySql = (petId: string) =>
  entriesWithPrevious(petId, sql`true`, sql`order by w.measured_at desc, w.id desc limit 1`);

/** The newest entry as a json scalar subquery (its raw row), for a statement that reads it beside others. */
export const latestWeightEntryJsonSql = (petId: string) =>
  sql<RawEntryRow | null>`(select row_to_json(e) from (${latestEntrySql(petId)}) as e)`;

/** The entry a `latestWeightEntryJsonSql` column holds. */
export const weightEntryOfJson = (row: RawEntryRow | null): WeightEntryWithPreviousRow | undefined =>
  row ? fromRaw(row) : undefined;

/** Locks the entry until the transaction ends, so two corrections apply one after the other. */
export async function lockWeightEntry(tx: DbOrTx, id: string): Promise<WeightEntryRow | undefined> {
  const [row] = await tx.select().from(weightEntries).where(eq(weightEntries.id, id)).for('update').limit(1);
  return row;
}

export async function insertWeightEntry(tx: DbOrTx, row: NewWeightEntryRow): Promise<void> {
  await tx.insert(weightEntries).values(row);
}

export type WeightEntryUpdateRow = Partial<
  Pick<WeightEntryRow, 'valueKg' | 'measuredAt' | 'location' | 'note'>
>;

export async function updateWeightEntry(
  tx: DbOrTx,
  id: string,
  changes: WeightEntryUpdateRow,
  at: Date,
): Promise<void> {
  await tx
    .update(weightEntries)
    .set({ ...changes, updatedAt: at })
    .where(eq(weightEntries.id, id));
}

/**
 * One bucket per local day or ISO week of the period (weight entries are few: no rollup needed).
 * Buckets start at local midnights, placed in UTC one by one so a DST change shifts none of them.
 */
export async function weightBuckets(
  db: DbOrTx,
  petId: string,
  timezone: string,
  unit: 'day' | 'week',
  period: ChartPeriod,
): Promise<BucketRow[]> {
  const step = unit === 'day' ? sql`interval '1 day'` : sql`interval '7 days'`;
  return executePrepared<BucketRow>(
    db,
    sql`
    with agg as (
      select date_trunc(${unit}, measured_at at time zone ${timezone}) as local_bucket,
             count(*)::int as count, sum(value_kg)::float8 as sum, avg(value_kg)::float8 as avg,
             min(value_kg)::float8 as min, max(value_kg)::float8 as max
      from weight_entries
      where pet_id = ${petId}
        and measured_at >= ${period.start.toISOString()}::timestamptz
        and measured_at < ${period.end.toISOString()}::timestamptz
      group by 1
    )
    select extract(epoch from (slot at time zone ${timezone}))::float8 as start,
           coalesce(a.count, 0) as count, a.sum, a.avg, a.min, a.max, null::float8 as coverage
    from generate_series(${period.startDate}::timestamp, ${period.endDate}::timestamp - ${step}, ${step}) as slot
    left join agg a on a.local_bucket = slot
    order by slot`,
  );
}

const subDailyStep = { '30m': '30 minutes', '1h': '1 hour' } as const;

/**
 * Weight entries in the collar charts' half hours or hours over the period (the vitals panel's short
 * ranges), binned from the period's start like `subDailyBuckets`, so the five vitals share one axis.
 */
export async function weightSubDailyBuckets(
  db: DbOrTx,
  petId: string,
  bucketSize: '30m' | '1h',
  period: ChartPeriod,
): Promise<BucketRow[]> {
  const step = sql`${subDailyStep[bucketSize]}::interval`;
  const start = sql`${period.start.toISOString()}::timestamptz`;
  const end = sql`${period.end.toISOString()}::timestamptz`;
  return executePrepared<BucketRow>(
    db,
    sql`
    with agg as (
      select date_bin(${step}, measured_at, ${start}) as bucket,
             count(*)::int as count, sum(value_kg)::float8 as sum, avg(value_kg)::float8 as avg,
             min(value_kg)::float8 as min, max(value_kg)::float8 as max
      from weight_entries
      where pet_id = ${petId} and measured_at >= ${start} and measured_at < ${end}
      group by 1
    )
    select extract(epoch from slot)::float8 as start, coalesce(a.count, 0) as count, a.sum, a.avg, a.min, a.max,
           null::float8 as coverage
    from generate_series(${start}, ${end} - ${step}, ${step}) as slot
    left join agg a on a.bucket = slot
    order by slot`,
  );
}

/** One pet's weight entries by vets, for its timeline: one bounded page. */
export function vetWeightTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: weightEntries.id,
      at: timelineAt(weightEntries.measuredAt),
      valueKg: weightEntries.valueKg,
      location: weightEntries.location,
    })
    .from(weightEntries)
    .where(
      timelineWhere(
        'weight.recorded',
        weightEntries.measuredAt,
        weightEntries.id,
        read,
        eq(weightEntries.petId, read.petId),
        eq(weightEntries.author, 'vet'),
      ),
    )
    .orderBy(...timelineOrder(weightEntries.measuredAt, weightEntries.id))
    .limit(read.limit);
}

/**
 * A pet's weight entries from `fromDay` (a `YYYY-MM-DD` in `timezone`) on, each with the day it was
 * measured on the pet's wall clock, oldest first: what a diet's progress is computed from.
 */
export async function weightEntriesFromDay(
  db: DbOrTx,
  petId: string,
  timezone: string,
  fromDay: string,
  upTo?: Date,
): Promise<{ day: string; valueKg: number }[]> {
  const day = sql<string>`to_char(${weightEntries.measuredAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, valueKg: weightEntries.valueKg })
    .from(weightEntries)
    .where(
      and(
        eq(weightEntries.petId, petId),
        // A day's margin on the index, then the exact wall-clock day.
        gte(weightEntries.measuredAt, sql`${fromDay}::date - interval '1 day'`),
        sql`${day} >= ${fromDay}`,
        upTo ? lte(weightEntries.measuredAt, upTo) : undefined,
      ),
    )
    .orderBy(asc(weightEntries.measuredAt), asc(weightEntries.id));
  return rows.map((row) => ({ day: row.day, valueKg: Number(row.valueKg) }));
}

/** The pet's newest weight entry (by when it was measured), for a dose computed from it. */
export async function latestWeightOfPet(db: DbOrTx, petId: string) {
  const [row] = await db
    .select({ valueKg: weightEntries.valueKg, measuredAt: weightEntries.measuredAt })
    .from(weightEntries)
    .where(eq(weightEntries.petId, petId))
    .orderBy(desc(weightEntries.measuredAt), desc(weightEntries.id))
    .limit(1);
  return row;
}
