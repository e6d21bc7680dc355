import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CoverageDays, dailyCoverage, subDailyCoverage } from './trackers.coverage.ts';

const HALF_HOUR = 1800;
const DAY = 86_400;

/** The coverage days of readings in these half hours of the grid, as `tracker_coverage_days` holds them. */
function coverageDaysOf(halfHours: readonly number[]): CoverageDays {
  const byDay = new Map<number, number>();
  for (const k of new Set(halfHours)) {
    const day = Math.floor(k / 48);
    byDay.set(day, (byDay.get(day) ?? 0) + 2 ** (k - day * 48));
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  return { days, bits: days.map((day) => byDay.get(day) ?? 0) };
}

/** The statement's read: the days from the one before `from`'s UTC day, up to `end`. */
const asRead = (all: CoverageDays, from: number, end: number): CoverageDays => {
  const keep = all.days.map((day) => day >= Math.floor(from / DAY) - 1 && day * DAY < end);
  return { days: all.days.filter((_, i) => keep[i]), bits: all.bits.filter((_, i) => keep[i]) };
};

/** Half hour by half hour: the grid's half hours starting in [start, stop) ∩ [from, end) with a reading in the four hours up to them. */
function coveredByHand(readings: readonly number[], from: number, end: number, start: number, stop: number) {
  let covered = 0;
  for (let k = Math.ceil(Math.max(start, from) / HALF_HOUR); k * HALF_HOUR < Math.min(stop, end); k++) {
    if (readings.some((reading) => reading <= k && reading >= k - 7)) covered++;
  }
  return covered;
}

/** Around 2024-06-10, readings over nine days, bounds anywhere to the second (45-minute zones too). */
const ORIGIN = Math.floor(Date.UTC(2024, 5, 10) / 1000 / HALF_HOUR);
const scenario = fc.record({
  readings: fc.array(fc.integer({ min: ORIGIN - 60, max: ORIGIN + 9 * 48 }), { maxLength: 60 }),
  from: fc.integer({ min: 0, max: 3 * DAY }),
  lengths: fc.array(fc.integer({ min: 15 * 60, max: 26 * 3600 }), { minLength: 1, maxLength: 12 }),
  coverageLater: fc.integer({ min: 0, max: 2 * DAY }),
});

describe('counting the collar coverage of chart buckets from the days’ reading bits', () => {
  it('gives every sub-daily bucket the share of its half hours a half hour by half hour check of the readings gives', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom(1800, 3600),
        fc.integer({ min: 0, max: 3599 }),
        (s, step, offset) => {
          const start = ORIGIN * HALF_HOUR + s.from + offset;
          const starts = s.lengths.map((_, i) => start + i * step);
          const end = start + starts.length * step;
          const from = Math.min(end, start + (s.coverageLater % 3 === 0 ? s.coverageLater : 0));
          const days = asRead(coverageDaysOf(s.readings), from, end);
          const expected = starts.map(
            (bucket) => coveredByHand(s.readings, from, end, bucket, bucket + step) / (step / HALF_HOUR),
          );
          expect(subDailyCoverage(days, from, end, starts, step)).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives every local day, however long, its covered half hours over its own, at most all of them', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const midnights: number[] = [];
        let at = ORIGIN * HALF_HOUR + s.from;
        for (const length of s.lengths) {
          midnights.push(at);
          at += length;
        }
        const first = midnights[0] ?? 0;
        const end = at;
        const from = Math.min(end, first + (s.coverageLater % 3 === 0 ? s.coverageLater : 0));
        const days = asRead(coverageDaysOf(s.readings), from, end);
        const expected = midnights.map((midnight, i) => {
          const stop = midnights[i + 1] ?? end;
          return Math.min(
            1,
            coveredByHand(s.readings, from, end, midnight, stop) / ((stop - midnight) / HALF_HOUR),
          );
        });
        expect(dailyCoverage(days, from, end, midnights)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a reading on the last half hour of a UTC day into the next day’s first seven', () => {
    const lastOfDay = ORIGIN + 47;
    const days = coverageDaysOf([lastOfDay]);
    const nextMidnight = (ORIGIN + 48) * HALF_HOUR;
    const starts = Array.from({ length: 10 }, (_, i) => nextMidnight + i * HALF_HOUR);
    expect(subDailyCoverage(days, nextMidnight, nextMidnight + 10 * HALF_HOUR, starts, HALF_HOUR)).toEqual([
      1, 1, 1, 1, 1, 1, 1, 0, 0, 0,
    ]);
  });

  it('reads all 48 bits of a day, the top 24 beyond what a 32-bit operator holds', () => {
    const day = ORIGIN * HALF_HOUR;
    const everyHalfHour = Array.from({ length: 48 }, (_, i) => ORIGIN + i);
    const starts = Array.from({ length: 48 }, (_, i) => day + i * HALF_HOUR);
    expect(subDailyCoverage(coverageDaysOf(everyHalfHour), day, day + DAY, starts, HALF_HOUR)).toEqual(
      starts.map(() => 1),
    );
    const onlyTheLast = coverageDaysOf([ORIGIN + 47]);
    expect(subDailyCoverage(onlyTheLast, day, day + DAY, starts, HALF_HOUR)).toEqual(
      starts.map((_, i) => (i === 47 ? 1 : 0)),
    );
    expect(dailyCoverage({ days: [], bits: [] }, day, day + DAY, [day])).toEqual([0]);
  });
});
