import type { BucketSize, ChartBucket } from '@vetboard/contract';

/**
 * Below this share of its half hours with a reading, a bucket's value rests on little data: an average
 * of a few minutes of an hour, a day's total from a morning. Half, because then most of the bucket is
 * missing, whatever the bucket's length; the chart fades those points and bars and says so.
 */
export const LOW_COVERAGE = 0.5;

/** Whether a bucket that holds readings covers too little of its time for its value to be trusted. */
export function isLowCoverage(bucket: Pick<ChartBucket, 'count' | 'coverage'>): boolean {
  return bucket.count > 0 && bucket.coverage !== null && bucket.coverage < LOW_COVERAGE;
}

/**
 * A share as a whole percentage that never rounds a little data to nothing nor a gap away:
 * 0.004 is "under 1%", 0.996 is "99%".
 */
export function formatCoverage(share: number): string {
  if (share > 0 && share < 0.01) return 'under 1%';
  const percent = Math.round(share * 100);
  if (share < 1 && percent === 100) return '99%';
  return `${percent}%`;
}

/**
 * The share of the period the collar covered: the mean of its buckets' coverage, over the buckets
 * already over at `nowSeconds`: the rest of this week is not missing data yet, nor is the rest of the
 * hour or day under way. Null when the chart has no coverage (weight) or no bucket is over yet.
 */
export function periodCoverage(buckets: readonly ChartBucket[], nowSeconds: number): number | null {
  let total = 0;
  let counted = 0;
  buckets.forEach((bucket, index) => {
    const next = buckets[index + 1]?.start.seconds;
    const previous = buckets[index - 1]?.start.seconds;
    // The last bucket ends one step after its start (the step before it, as the chart has no end here).
    const end = next ?? (previous === undefined ? bucket.start.seconds : 2 * bucket.start.seconds - previous);
    if (bucket.coverage === null || end > nowSeconds) return;
    total += bucket.coverage;
    counted += 1;
  });
  return counted === 0 ? null : total / counted;
}

/** "Collar data for 81% of the last 7 days.", or null when the chart has no coverage. */
export function coverageSentence(
  buckets: readonly ChartBucket[],
  periodName: string,
  nowSeconds: number,
): string | null {
  const share = periodCoverage(buckets, nowSeconds);
  if (share === null) return null;
  if (share === 0) return `No collar data for ${periodName}.`;
  return `Collar data for ${formatCoverage(share)} of ${periodName}.`;
}

const bucketNames: Record<BucketSize, string> = {
  '30m': 'this half hour',
  '1h': 'this hour',
  '1d': 'this day',
  '1w': 'this week',
};

/** A tooltip's coverage line(s): how much of the bucket, and a warning when its value rests on little data. */
export function bucketCoverageLines(bucket: ChartBucket, bucketSize: BucketSize): string[] {
  if (bucket.coverage === null) return [];
  const lines = [`Collar data for ${formatCoverage(bucket.coverage)} of ${bucketNames[bucketSize]}`];
  if (isLowCoverage(bucket)) lines.push('Based on little data');
  return lines;
}
