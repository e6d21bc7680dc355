import type { BucketSize, ChartBucket } from '@vetboard/contract';
import { dayMonth, hourMinute, inZone, wallClock } from '@/lib/format/zoned-time.ts';

export interface AxisLabels {
  /** One per bucket; '' leaves that tick unlabelled. */
  ticks: string[];
  /** Let Chart.js drop labels that would overlap (every bucket has one), or show exactly the chosen ones. */
  autoSkip: boolean;
  /** The same labels, shorter ('23' for 'Mon 23'), for an axis too narrow for the long ones (a phone). */
  narrowTicks?: string[];
}

/** Below this many pixels of axis per label, 'Mon 23' runs into its neighbours (Montserrat 12 px). */
export const MIN_PX_PER_LONG_LABEL = 56;

/** The label of tick `index` on an axis `width` pixels wide. */
export function tickLabel(labels: AxisLabels, index: number, width: number): string {
  const label = labels.ticks[index] ?? '';
  if (!label || !labels.narrowTicks) return label;
  const shown = labels.ticks.filter(Boolean).length;
  return width / shown < MIN_PX_PER_LONG_LABEL ? (labels.narrowTicks[index] ?? label) : label;
}

const BUCKET_SECONDS: Record<BucketSize, number> = {
  '30m': 1800,
  '1h': 3600,
  '1d': 86_400,
  '1w': 7 * 86_400,
};

/**
 * The x axis labels, on the pet's wall clock. Within a day: every third hour ('03:00'); over a few
 * days of half hours or hours: each local midnight ('Mon 16', or '16' on an axis too narrow for that),
 * thinned to at most about eight so they fit a phone; days and weeks: 'DD/MM', thinned by Chart.js.
 */
export function axisLabels(
  buckets: readonly ChartBucket[],
  bucketSize: BucketSize,
  zone: string,
): AxisLabels {
  // One label per bucket (168 for a week of hours): read through one cached formatter, not dayjs.tz.
  const times = buckets.map((bucket) => wallClock(bucket.start.seconds, zone));
  if (bucketSize === '1d' || bucketSize === '1w') {
    return { ticks: times.map(dayMonth), autoSkip: true };
  }
  const spanHours = (buckets.length * BUCKET_SECONDS[bucketSize]) / 3600;
  if (spanHours <= 26) {
    return {
      ticks: times.map((time) => (time.minute === 0 && time.hour % 3 === 0 ? hourMinute(time) : '')),
      autoSkip: false,
    };
  }
  const step = Math.max(1, Math.ceil(spanHours / 24 / 8));
  let midnight = 0;
  const labelled = times.map((time) => {
    if (time.minute !== 0 || time.hour !== 0) return false;
    const shown = midnight % step === 0;
    midnight += 1;
    return shown;
  });
  if (step > 1) {
    return { ticks: times.map((time, i) => (labelled[i] ? dayMonth(time) : '')), autoSkip: false };
  }
  return {
    ticks: times.map((time, i) => (labelled[i] ? `${time.weekday} ${time.day}` : '')),
    narrowTicks: times.map((time, i) => (labelled[i] ? String(time.day) : '')),
    autoSkip: false,
  };
}

/** The tooltip's title: the bucket in full, so a vet can tell which night a point is. */
export function bucketTitle(bucket: ChartBucket, bucketSize: BucketSize, zone: string): string {
  const time = inZone(bucket.start.seconds, zone);
  switch (bucketSize) {
    case '30m':
    case '1h':
      return time.format('ddd DD/MM/YYYY HH:mm');
    case '1d':
      return time.format('ddd DD/MM/YYYY');
    case '1w':
      return `Week of ${time.format('DD/MM/YYYY')}`;
  }
}

/** Whether any bucket of the period has a reading: a chart of nothing but gaps says "no readings" instead. */
export function hasReadings(buckets: readonly ChartBucket[]): boolean {
  return buckets.some((bucket) => bucket.count > 0);
}

/** Whether any bucket held more than one reading, so a lowest–highest band has something to show. */
export function hasSpread(buckets: readonly ChartBucket[]): boolean {
  return buckets.some((bucket) => bucket.min !== null && bucket.max !== null && bucket.min !== bucket.max);
}
