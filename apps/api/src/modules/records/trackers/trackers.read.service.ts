import {
  type ChartResponse,
  classifyRespiratoryRate,
  type HistoryQuery,
  isoToCalendarDate,
  type LatestTrackersResponse,
  type PeriodAverageResponse,
  paginationOf,
  type ReadingEntry,
  type ReadingKind,
  type RespiratoryChartResponse,
  type RespiratoryEntry,
  type RespiratoryThresholds,
  readingRanges,
  type TrackerTimeScope,
  toTimestamp,
  weightVariationSentiment,
} from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor } from '../../../policy/actor.ts';
import { petsErrors } from '../../core/pets/index.ts';
import {
  chartOfRange,
  chartOfScope,
  oneStatementBucketSize,
  type PetChart,
  type ReadingBucketSize,
  readingChartOfRange,
} from './trackers.charts.service.ts';
import { countReadings, listReadings, type ReadingRow } from './trackers.history.repository.ts';
import { trackersReadErrors } from './trackers.read.errors.ts';
import { round2, toReadingEntry, toRespiratoryEntry } from './trackers.read.mapper.ts';
import {
  findPetTrackerContext,
  lastDayBefore,
  type PetTrackerContext,
  petChartLookup,
  thresholdsOf,
  trackersNewest,
  windowTotals,
} from './trackers.read.repository.ts';

/** `actor` is who asks: the pet lookup applies the access policy, out of scope reads as unknown. */
type Deps = { db: Db; now: Now; actor: Actor };

async function requirePet(deps: Deps, petId: string): Promise<PetTrackerContext> {
  const pet = await findPetTrackerContext(deps.db, deps.actor, petId);
  if (!pet) throw petsErrors.notFound();
  return pet;
}

const dateOf = (seconds: number | undefined) =>
  seconds === undefined ? undefined : new Date(seconds * 1000);

/** An explicit range needs both ends, the end after the start. */
export function explicitRange(query: {
  startDate?: number;
  endDate?: number;
}): { start: Date; end: Date } | undefined {
  if (query.startDate === undefined && query.endDate === undefined) return undefined;
  if (query.startDate === undefined) throw trackersReadErrors.rangeIncomplete('startDate');
  if (query.endDate === undefined) throw trackersReadErrors.rangeIncomplete('endDate');
  if (query.endDate <= query.startDate) throw trackersReadErrors.rangeEmpty();
  return { start: new Date(query.startDate * 1000), end: new Date(query.endDate * 1000) };
}

/** Lists take either end alone (everything since, everything until). */
function listRange(query: { startDate?: number; endDate?: number }) {
  if (query.startDate !== undefined && query.endDate !== undefined && query.endDate <= query.startDate) {
    throw trackersReadErrors.rangeEmpty();
  }
  return { start: dateOf(query.startDate), end: dateOf(query.endDate) };
}

async function readingPage(db: Db, petId: string, kind: ReadingKind, query: HistoryQuery) {
  const pageQuery = {
    petId,
    kind,
    ...listRange(query),
    order: query.order,
    page: query.page,
    pageSize: query.pageSize,
  };
  const [rows, total] = await Promise.all([listReadings(db, pageQuery), countReadings(db, pageQuery)]);
  return { rows, pagination: paginationOf(query.page, query.pageSize, total) };
}

export async function getReadingHistory(
  deps: Deps,
  petId: string,
  kind: ReadingKind,
  query: HistoryQuery,
): Promise<{ entries: ReadingEntry[]; pagination: ReturnType<typeof paginationOf>; timezone: string }> {
  const pet = await requirePet(deps, petId);
  const { rows, pagination } = await readingPage(deps.db, petId, kind, query);
  return { entries: rows.map(toReadingEntry), pagination, timezone: pet.timezone };
}

export async function getRespiratoryHistory(
  deps: Deps,
  petId: string,
  query: HistoryQuery,
): Promise<{ entries: RespiratoryEntry[]; pagination: ReturnType<typeof paginationOf>; timezone: string }> {
  const pet = await requirePet(deps, petId);
  const { rows, pagination } = await readingPage(deps.db, petId, 'respiratory_rate', query);
  const thresholds = pet.respiratoryThresholds;
  return {
    entries: rows.map((row: ReadingRow) => toRespiratoryEntry(row, thresholds)),
    pagination,
    timezone: pet.timezone,
  };
}

/**
 * A chart with its pet in one statement: the scoped pet lookup runs inside the bucket statement, so an
 * unknown or out-of-scope pet is a 404 as before. A range near the limit of points (or past it) looks
 * the pet up first and takes the period's own step, so the 404 and the range error keep their order.
 */
async function chartWithPet(
  deps: Deps,
  petId: string,
  kind: ReadingKind,
  query: { timeScope: TrackerTimeScope; date?: number; startDate?: number; endDate?: number },
  rangeBucketSize?: ReadingBucketSize,
): Promise<{ chart: ChartResponse; thresholds: RespiratoryThresholds }> {
  const range = explicitRange(query);
  const source = petChartLookup(deps.actor, petId);
  let read: PetChart | undefined;
  if (!range) {
    read = await chartOfScope(deps.db, source, kind, query.timeScope, dateOf(query.date) ?? deps.now());
  } else {
    const bucketSize = oneStatementBucketSize(range, rangeBucketSize);
    if (!bucketSize) {
      const pet = await requirePet(deps, petId);
      const chart = await readingChartOfRange(deps.db, pet, kind, range, rangeBucketSize);
      return { chart, thresholds: pet.respiratoryThresholds };
    }
    read = await chartOfRange(deps.db, source, kind, range, bucketSize);
  }
  if (!read?.pet) throw petsErrors.notFound();
  return { chart: read.chart, thresholds: thresholdsOf(read.pet) };
}

export async function getReadingChart(
  deps: Deps,
  petId: string,
  kind: ReadingKind,
  query: { timeScope: TrackerTimeScope; date?: number; startDate?: number; endDate?: number },
): Promise<ChartResponse> {
  return (await chartWithPet(deps, petId, kind, query)).chart;
}

/** A scope around `date`, or an explicit `startDate`/`endDate` range, which wins when given. */
export async function getRespiratoryChart(
  deps: Deps,
  petId: string,
  query: { timeScope: TrackerTimeScope; date?: number; startDate?: number; endDate?: number },
): Promise<RespiratoryChartResponse> {
  const { chart, thresholds } = await chartWithPet(deps, petId, 'respiratory_rate', query);
  return { ...chart, thresholds };
}

function shiftDate(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The average of the last complete local day before the one containing `at` (a day still under way
 * would average half a night).
 */
export async function getRespiratoryLastAverage(deps: Deps, petId: string, at: number | undefined) {
  const pet = await requirePet(deps, petId);
  const day = todayIn(pet.timezone, dateOf(at) ?? deps.now());
  const row = await lastDayBefore(deps.db, petId, 'respiratory_rate', pet.timezone, day);
  const thresholds = pet.respiratoryThresholds;
  if (!row || row.count === 0) return { average: null };
  const value = round2(row.sum / row.count);
  return {
    average: {
      date: isoToCalendarDate(row.day),
      value,
      count: row.count,
      coverage: Math.round(row.coverage * 1000) / 1000,
      abnormal: classifyRespiratoryRate(value, thresholds),
    },
  };
}

/**
 * Daily totals averaged over the `days` complete local days before the day containing `at`, beside
 * the `days` before those. Only days with readings count: a day without the collar is no data, not a
 * day of zero.
 */
export async function getPeriodAverage(
  deps: Deps,
  petId: string,
  kind: 'shaking' | 'drinking',
  query: { days: number; at?: number },
): Promise<PeriodAverageResponse> {
  const pet = await requirePet(deps, petId);
  const today = todayIn(pet.timezone, dateOf(query.at) ?? deps.now());
  const from = shiftDate(today, -query.days);
  const [current, previous] = await Promise.all([
    windowTotals(deps.db, petId, kind, from, today),
    windowTotals(deps.db, petId, kind, shiftDate(from, -query.days), from),
  ]);
  const average = (w: typeof current) => (w.days > 0 && w.total !== null ? w.total / w.days : null);
  const dailyAverage = average(current);
  const previousDailyAverage = average(previous);
  const changePercent =
    dailyAverage !== null && previousDailyAverage !== null && previousDailyAverage > 0
      ? Math.round(((dailyAverage - previousDailyAverage) / previousDailyAverage) * 1000) / 10
      : null;
  return {
    days: query.days,
    dailyAverage: dailyAverage === null ? null : round2(dailyAverage),
    previousDailyAverage: previousDailyAverage === null ? null : round2(previousDailyAverage),
    changePercent,
    daysWithData: current.days,
    unit: readingRanges[kind].unit,
  };
}

export async function getHeartRateHalfHourly(
  deps: Deps,
  query: { petUuid: string; startDate: number; endDate: number },
): Promise<ChartResponse> {
  if (!explicitRange(query)) throw trackersReadErrors.rangeIncomplete('startDate');
  return (await chartWithPet(deps, query.petUuid, 'heart_rate', { ...query, timeScope: 'day' }, '30m')).chart;
}

export async function getHeartRateHistory(
  deps: Deps,
  query: HistoryQuery & { petUuid: string },
): Promise<{ entries: ReadingEntry[]; pagination: ReturnType<typeof paginationOf>; timezone: string }> {
  return getReadingHistory(deps, query.petUuid, 'heart_rate', query);
}

/** The pet profile's tracker summary: newest values, and today's totals in the pet's timezone. */
export async function getLatestTrackers(deps: Deps, petId: string): Promise<LatestTrackersResponse> {
  const pet = await requirePet(deps, petId);
  const today = todayIn(pet.timezone, deps.now());
  const { weight, respiratory, heart, totals } = await trackersNewest(deps.db, petId, today);
  const thresholds = pet.respiratoryThresholds;
  const todayTotal = (kind: ReadingKind) => Math.round(totals.find((t) => t.kind === kind)?.sum ?? 0);
  return {
    weight: weight
      ? {
          value: weight.valueKg,
          measuredAt: toTimestamp(weight.measuredAt),
          variationSentiment: weightVariationSentiment(weight.previousKg, weight.valueKg, pet.targetWeightKg),
        }
      : null,
    respiratoryRate: respiratory
      ? {
          value: respiratory.value,
          measuredAt: toTimestamp(respiratory.measuredAt),
          source: respiratory.source,
          abnormal: classifyRespiratoryRate(respiratory.value, thresholds),
        }
      : null,
    heartRate: heart
      ? { value: heart.value, measuredAt: toTimestamp(heart.measuredAt), source: heart.source }
      : null,
    shakingToday: todayTotal('shaking'),
    drinkingTodaySeconds: todayTotal('drinking'),
    timezone: pet.timezone,
  };
}
