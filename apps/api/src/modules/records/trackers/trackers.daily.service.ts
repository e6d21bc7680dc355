import type { ReadingKind } from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import { type BucketRow, dailyBucketsOfKinds } from './trackers.charts.repository.ts';
import { localDaysPeriod } from './trackers.periods.repository.ts';
import { weightBuckets } from './trackers.weight.repository.ts';

export type DailyVitalKind = 'respiratory_rate' | 'heart_rate' | 'drinking' | 'weight';

/** One local day of a vital: its readings' count and sum, and the collar's coverage (null for weight). */
export interface DailyVitalRow {
  date: string;
  /** The day's local midnight, epoch seconds. */
  start: number;
  count: number;
  sum: number;
  coverage: number | null;
}

const DAY_MS = 86_400_000;
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);
const dateOf = (start: string, offset: number) =>
  new Date(Date.parse(start) + offset * DAY_MS).toISOString().slice(0, 10);

const toDaily = (startDate: string) => (row: BucketRow, index: number) => ({
  date: dateOf(startDate, index),
  start: Math.round(row.start),
  count: row.count,
  sum: row.sum ?? 0,
  coverage: row.coverage,
});

/**
 * A pet's vitals day by day over the local days [startDate, endDate) in its zone, from the daily
 * rollups (and the weight entries), with each day's collar coverage counted as the charts count it:
 * what another module needs to compare spans of days without reading the trackers' tables.
 */
export async function dailyVitalsOfPet(
  db: DbOrTx,
  petId: string,
  timezone: string,
  kinds: readonly DailyVitalKind[],
  startDate: string,
  endDate: string,
): Promise<Map<DailyVitalKind, DailyVitalRow[]>> {
  const period = await localDaysPeriod(db, timezone, endDate, daysBetween(startDate, endDate));
  const collarKinds = kinds.filter((kind): kind is Exclude<DailyVitalKind, 'weight'> => kind !== 'weight');
  const [collar, weight] = await readTogether(db, [
    () =>
      collarKinds.length > 0
        ? dailyBucketsOfKinds(db, petId, collarKinds as ReadingKind[], timezone, period)
        : Promise.resolve(new Map<ReadingKind, BucketRow[]>()),
    () =>
      kinds.includes('weight') ? weightBuckets(db, petId, timezone, 'day', period) : Promise.resolve([]),
  ] as const);
  const daily = toDaily(period.startDate);
  const result = new Map<DailyVitalKind, DailyVitalRow[]>();
  for (const kind of collarKinds) result.set(kind, (collar.get(kind) ?? []).map(daily));
  if (kinds.includes('weight')) result.set('weight', weight.map(daily));
  return result;
}
