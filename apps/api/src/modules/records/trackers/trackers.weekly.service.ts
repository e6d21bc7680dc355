import {
  isoWeekRange,
  type ReadingKind,
  readingKinds,
  readingRanges,
  shiftIsoWeek,
  type WeeklyReportContent,
  type WeeklyTrackerSummary,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import { round2 } from './trackers.read.mapper.ts';
import {
  dailyRollupsOfPets,
  type PetDayRollupRow,
  petsWithDataBetween,
  weightsOfPets,
} from './trackers.weekly.repository.ts';

/**
 * What a weekly report says about the trackers (DOMAIN.md "Weekly reports"), read from the daily
 * rollups (local days in each pet's timezone), never from the raw readings, and for many pets at once.
 */

const DAY_MS = 86_400_000;
const RATES: ReadonlySet<ReadingKind> = new Set(['respiratory_rate', 'heart_rate']);

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The week's local days [from, to) and, for timestamps, its UTC bounds [start, end). */
export function weekBounds(week: string) {
  const { start, end } = isoWeekRange(week);
  const to = nextDay(end);
  return { from: start, to, start: new Date(`${start}T00:00:00Z`), end: new Date(`${to}T00:00:00Z`) };
}

export function monitoredPetIds(db: DbOrTx, week: string): Promise<string[]> {
  return petsWithDataBetween(db, weekBounds(week));
}

function daysOf(week: string): string[] {
  const { start } = isoWeekRange(week);
  const days = [start];
  for (let n = 1; n < 7; n += 1) days.push(nextDay(days[n - 1] as string));
  return days;
}

interface WeekFigures {
  average: number | null;
  min: number | null;
  max: number | null;
  daily: Map<string, number>;
}

/**
 * A rate's week is its readings' mean and extremes; a count's week (episodes, seconds drinking) is its
 * mean daily total and its lowest and highest day, counting only days with data: a day without the
 * collar is no data, not a day of zero.
 */
function figuresOf(kind: ReadingKind, rows: readonly PetDayRollupRow[]): WeekFigures {
  const daily = new Map<string, number>();
  if (rows.length === 0) return { average: null, min: null, max: null, daily };
  if (RATES.has(kind)) {
    let sum = 0;
    let count = 0;
    for (const row of rows) {
      sum += row.sum;
      count += row.count;
      daily.set(row.day, round2(row.sum / row.count));
    }
    return {
      average: round2(sum / count),
      min: round2(Math.min(...rows.map((row) => row.min))),
      max: round2(Math.max(...rows.map((row) => row.max))),
      daily,
    };
  }
  const totals = rows.map((row) => row.sum);
  for (const row of rows) daily.set(row.day, round2(row.sum));
  return {
    average: round2(totals.reduce((a, b) => a + b, 0) / totals.length),
    min: round2(Math.min(...totals)),
    max: round2(Math.max(...totals)),
    daily,
  };
}

export function changePercentOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export type WeeklyTrackers = Pick<WeeklyReportContent, 'trackers' | 'weight'>;

/** The week's tracker summaries and weight trend of each pet (pets without any data get empty ones). */
export async function weeklyTrackersOfPets(
  db: DbOrTx,
  petIds: readonly string[],
  week: string,
): Promise<Map<string, WeeklyTrackers>> {
  const current = weekBounds(week);
  const previous = weekBounds(shiftIsoWeek(week, -1));
  const [rollups, weights] = await readTogether(db, [
    () => dailyRollupsOfPets(db, petIds, previous.from, current.to),
    () => weightsOfPets(db, petIds, current.start, current.end),
  ] as const);
  const byPetKind = new Map<string, PetDayRollupRow[]>();
  for (const row of rollups) {
    const key = `${row.petId}/${row.kind}`;
    const list = byPetKind.get(key) ?? [];
    list.push(row);
    byPetKind.set(key, list);
  }
  const weightByPet = new Map(weights.map((row) => [row.petId, row]));
  const days = daysOf(week);
  const result = new Map<string, WeeklyTrackers>();
  for (const petId of petIds) {
    const trackers: WeeklyTrackerSummary[] = readingKinds.map((kind) => {
      const rows = byPetKind.get(`${petId}/${kind}`) ?? [];
      const thisWeek = figuresOf(
        kind,
        rows.filter((row) => row.day >= current.from),
      );
      const lastWeek = figuresOf(
        kind,
        rows.filter((row) => row.day < current.from),
      );
      return {
        kind,
        unit: readingRanges[kind].unit,
        average: thisWeek.average,
        min: thisWeek.min,
        max: thisWeek.max,
        previousAverage: lastWeek.average,
        changePercent: changePercentOf(thisWeek.average, lastWeek.average),
        daysWithData: thisWeek.daily.size,
        daily: days.map((date) => ({ date, value: thisWeek.daily.get(date) ?? null })),
      };
    });
    result.set(petId, { trackers, weight: weightTrend(weightByPet.get(petId)) });
  }
  return result;
}

/** Within 50 g a weight is stable; else it moves towards the target or away from it. */
function weightTrend(
  row: { latestKg: number | null; previousKg: number | null; targetKg: number | null } | undefined,
) {
  const latestKg = row?.latestKg ?? null;
  const previousKg = row?.previousKg ?? null;
  const targetKg = row?.targetKg ?? null;
  const changeKg = latestKg !== null && previousKg !== null ? round2(latestKg - previousKg) : null;
  const trend: WeeklyReportContent['weight']['trend'] =
    latestKg === null
      ? 'no_data'
      : targetKg === null
        ? 'no_target'
        : changeKg === null || Math.abs(changeKg) < 0.05
          ? 'stable'
          : Math.abs(latestKg - targetKg) < Math.abs((previousKg as number) - targetKg)
            ? 'towards_target'
            : 'away_from_target';
  return { latestKg, previousKg, targetKg, changeKg, trend };
}
