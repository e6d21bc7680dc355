/**
 * Collar coverage counted in the service from the coverage days' bits (`tracker_coverage_days`: per pet
 * and UTC day of the half-hour grid, bit i for the half hour i × 30 minutes after the day's midnight
 * holding a reading of any kind). The chart statement returns the bits; counting them here instead of in
 * SQL took the 300-day chart's statement from 4.3 to 1.2 ms, for 0.04 ms here (#13, bench/README).
 *
 * The rule is the collar-data rule of the pending cards (`COVERAGE_SPREAD_HOURS`): a reading stands for
 * its own half hour and the rest of the four hours after it, because the slowest collars (v1) measure
 * every four hours and drinking or head shaking is only sent when it happens. So a half hour of the grid
 * is covered when it or one of the seven before it holds a reading.
 */

/** A pet's coverage days as the statement reads them: UTC days (days since 1970) and their bits. */
export interface CoverageDays {
  days: readonly number[];
  bits: readonly number[];
}

const HALF_HOUR = 1800;
/** Half hours before a covered one that may hold its reading: four hours' worth, less its own. */
const SPREAD = 7;
/**
 * The count works on words of 24 half hours (half a grid day): JavaScript's bit operators are 32-bit,
 * and a word with the previous word's last seven bits above it still fits in 31. A word at a time, a
 * 300-day chart's count is about 700 steps; a half hour at a time it was 14,400 (0.32 ms against 0.04).
 */
const WORD = 24;
const WORD_BITS = 0xffffff;

/** The first half hour of the grid at or after `seconds`, counted in half hours since 1970. */
const halfHourAtOrAfter = (seconds: number) => Math.ceil(seconds / HALF_HOUR);

function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The covered half hours of the grid in [from, end). `coverage` must hold the UTC day before `from`'s
 * (its last half hours spread into `from`'s day); days outside are ignored.
 */
function coveredHalfHours(coverage: CoverageDays, from: number, end: number) {
  const first = halfHourAtOrAfter(from);
  const last = Math.max(first, halfHourAtOrAfter(end));
  // Word 0 is the one before `first`'s: only its last bits count, spread into the next.
  const w0 = Math.floor(first / WORD) - 1;
  const words = Math.floor(last / WORD) + 1 - w0;
  const readings = new Int32Array(words);
  for (let d = 0; d < coverage.days.length; d++) {
    const bits = coverage.bits[d] ?? 0;
    // A grid day is 48 half hours from a UTC midnight: its two words.
    const w = (coverage.days[d] ?? 0) * 2 - w0;
    if (w >= 0 && w < words) readings[w] = (readings[w] as number) | (bits % 2 ** WORD);
    if (w + 1 >= 0 && w + 1 < words)
      readings[w + 1] = (readings[w + 1] as number) | Math.floor(bits / 2 ** WORD);
  }
  const covered = new Int32Array(words);
  for (let w = 1; w < words; w++) {
    const y = ((readings[w] as number) << SPREAD) | ((readings[w - 1] as number) >>> (WORD - SPREAD));
    // Bit i is covered when y holds one of bits i to i + 7: itself or one of the seven before it.
    const spread = y | (y >>> 1) | (y >>> 2) | (y >>> 3) | (y >>> 4) | (y >>> 5) | (y >>> 6) | (y >>> 7);
    covered[w] = spread & WORD_BITS;
  }
  const before = new Int32Array(words + 1);
  for (let w = 0; w < words; w++) before[w + 1] = (before[w] as number) + bitCount(covered[w] as number);
  /** Covered half hours before k, from an origin that cancels out: k is kept within [first, last]. */
  const coveredBefore = (half: number) => {
    const k = Math.min(Math.max(half, first), last);
    const w = Math.floor(k / WORD) - w0;
    return (before[w] as number) + bitCount((covered[w] as number) & ((1 << (k % WORD)) - 1));
  };
  return {
    /** Covered half hours of the grid whose start falls in [start, stop), within [from, end). */
    within: (start: number, stop: number) => {
      const a = halfHourAtOrAfter(Math.max(start, from));
      const b = halfHourAtOrAfter(Math.min(stop, end));
      return b > a ? coveredBefore(b) - coveredBefore(a) : 0;
    },
  };
}

/** A sub-daily bucket's coverage: its covered half hours over the half hours it spans (1 or 2). */
export function subDailyCoverage(
  coverage: CoverageDays,
  from: number,
  end: number,
  starts: readonly number[],
  stepSeconds: number,
): number[] {
  const covered = coveredHalfHours(coverage, from, end);
  const halfHours = stepSeconds / HALF_HOUR;
  return starts.map((start) => covered.within(start, start + stepSeconds) / halfHours);
}

/**
 * A local day's coverage: its covered half hours over its length in half hours (46 or 50 across a DST
 * change), at most 1 (a 45-minute zone's day may start mid half hour and hold 49 of the grid's). Each
 * day ends where the next starts, the last at `end`; half hours before `from` are not counted.
 */
export function dailyCoverage(
  coverage: CoverageDays,
  from: number,
  end: number,
  midnights: readonly number[],
): number[] {
  const covered = coveredHalfHours(coverage, from, end);
  return midnights.map((start, index) => {
    const stop = midnights[index + 1] ?? end;
    return Math.min(1, covered.within(start, stop) / ((stop - start) / HALF_HOUR));
  });
}
