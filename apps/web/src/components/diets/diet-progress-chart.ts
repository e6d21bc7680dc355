import {
  type BucketSize,
  type CalendarDate,
  type ChartBucket,
  calendarDaysBetween,
  type DietProgress,
  plannedWeightOn,
} from '@vetboard/contract';

const DAY_SECONDS = 86_400;
/** Up to this many days a bucket is a day; a longer plan is drawn by the week so a phone can read it. */
const DAILY_UP_TO_DAYS = 180;

const secondsOf = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day) / 1000;
function dateOf(seconds: number): CalendarDate {
  const day = new Date(seconds * 1000);
  return { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}

/**
 * The diet page's chart: the entries since the diet started as buckets (on UTC midnights, drawn in
 * UTC, so each is the pet's own calendar day), from the start to the later of the latest entry and
 * the planned target date, with the planned weight of each bucket's first day as the dashed line.
 */
export function dietProgressChart(progress: DietProgress): {
  buckets: ChartBucket[];
  bucketSize: BucketSize;
  planned: (number | null)[];
} {
  const lastEntry = progress.entries.at(-1)?.date;
  const end =
    lastEntry && calendarDaysBetween(progress.plannedTargetDate, lastEntry) > 0
      ? lastEntry
      : progress.plannedTargetDate;
  const days = calendarDaysBetween(progress.startDate, end) + 1;
  const step = days <= DAILY_UP_TO_DAYS ? 1 : 7;
  const first = secondsOf(progress.startDate);
  const buckets: ChartBucket[] = [];
  const planned: (number | null)[] = [];
  for (let offset = 0; offset < days; offset += step) {
    const start = first + offset * DAY_SECONDS;
    const values = progress.entries
      .filter((entry) => {
        const at = calendarDaysBetween(progress.startDate, entry.date);
        return at >= offset && at < offset + step;
      })
      .map((entry) => entry.kg);
    const sum = values.reduce((total, value) => total + value, 0);
    buckets.push({
      start: { seconds: start },
      avg: values.length ? sum / values.length : null,
      min: values.length ? Math.min(...values) : null,
      max: values.length ? Math.max(...values) : null,
      sum: values.length ? sum : null,
      count: values.length,
      // Weights are entered, not sampled by a collar: no coverage (as the weight tracker's buckets).
      coverage: null,
    });
    planned.push(plannedWeightOn(progress, dateOf(start)));
  }
  return { buckets, bucketSize: step === 1 ? '1d' : '1w', planned };
}
