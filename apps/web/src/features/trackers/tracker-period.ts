import { dayjs, ISO_DAY, inZone, zonedToSeconds } from '@/lib/format/zoned-time.ts';

export type PeriodScope = 'day' | 'week' | 'month' | 'year';

/** A chart's period: its first and next-after-last calendar days, and those midnights on the pet's wall clock. */
export interface Period {
  scope: PeriodScope;
  /** First day, `YYYY-MM-DD`. */
  firstDay: string;
  /** The day after the last one, `YYYY-MM-DD` (the end is exclusive, as the API's `range.end`). */
  nextDay: string;
  startSeconds: number;
  endSeconds: number;
}

// Calendar arithmetic is done on UTC dates, which have no DST; only the boundaries are placed in the zone.
const day = (iso: string) => dayjs.utc(iso);

/**
 * The period of `scope` that contains `date` in `zone`, as the API computes it, so the page names the
 * period the chart shows: the local calendar day, the ISO week from Monday, the calendar month or year. Its
 * instants are the local midnights, so a DST day is 23 or 25 hours long.
 */
export function periodOf(date: string, scope: PeriodScope, zone: string): Period {
  const anchor = day(date);
  let first = anchor;
  let next = anchor.add(1, 'day');
  if (scope === 'week') {
    first = anchor.subtract((anchor.day() + 6) % 7, 'day');
    next = first.add(7, 'day');
  } else if (scope === 'month') {
    first = anchor.startOf('month');
    next = first.add(1, 'month');
  } else if (scope === 'year') {
    first = anchor.startOf('year');
    next = first.add(1, 'year');
  }
  const firstDay = first.format(ISO_DAY);
  const nextDay = next.format(ISO_DAY);
  return {
    scope,
    firstDay,
    nextDay,
    startSeconds: zonedToSeconds(firstDay, zone),
    endSeconds: zonedToSeconds(nextDay, zone),
  };
}

/**
 * The same day one period earlier or later: a week keeps its weekday, and a month keeps its day of
 * month, clamped (31 March back one month is 28 or 29 February).
 */
export function shiftDate(date: string, scope: PeriodScope, direction: -1 | 1): string {
  const steps = { day: [1, 'day'], week: [7, 'day'], month: [1, 'month'], year: [1, 'year'] } as const;
  const [amount, unit] = steps[scope];
  return day(date)
    .add(direction * amount, unit)
    .format(ISO_DAY);
}

/** Whether the next period has begun on the pet's wall clock; a future period has nothing to show. */
export function hasNextPeriod(
  date: string,
  scope: PeriodScope,
  zone: string,
  now: Date = new Date(),
): boolean {
  return periodOf(shiftDate(date, scope, 1), scope, zone).startSeconds * 1000 <= now.getTime();
}

/** A day at noon on the pet's wall clock: an anchor inside that day whatever DST does at either end. */
export function anchorSeconds(date: string, zone: string): number {
  return zonedToSeconds(`${date} 12:00`, zone);
}

/** What the header says the chart covers: 'Sat 21/11/2026', '16/11/2026 – 22/11/2026', 'November 2026', '2026'. */
export function periodLabel(period: Period): string {
  const first = day(period.firstDay);
  switch (period.scope) {
    case 'day':
      return first.format('ddd DD/MM/YYYY');
    case 'week':
      return `${first.format('DD/MM/YYYY')} – ${day(period.nextDay).subtract(1, 'day').format('DD/MM/YYYY')}`;
    case 'month':
      return first.format('MMMM YYYY');
    case 'year':
      return first.format('YYYY');
  }
}

/** The last `days` local days up to and including `today`: the RPM trend's window. */
export function lastDays(today: string, days: number, zone: string): Period {
  const nextDay = day(today).add(1, 'day').format(ISO_DAY);
  const firstDay = day(nextDay).subtract(days, 'day').format(ISO_DAY);
  return {
    scope: 'day',
    firstDay,
    nextDay,
    startSeconds: zonedToSeconds(firstDay, zone),
    endSeconds: zonedToSeconds(nextDay, zone),
  };
}

/** Rolling windows move in half hours, so the loader and the page (and a re-render) ask for the same range. */
const ROLLING_STEP_SECONDS = 1800;

/** What each scope's rolling window covers: the screens open on it. */
export const rollingLabels: Record<PeriodScope, string> = {
  day: 'Last 24 hours',
  week: 'Last 7 days',
  month: 'Last 30 days',
  year: 'Last 12 months',
};

/**
 * The window of `scope` ending now (at the end of the current half hour): the last 24 hours, 7 days,
 * 30 days or 12 months, so a vet sees the recent readings whatever day of the week it is.
 */
export function rollingPeriod(scope: PeriodScope, zone: string, now: Date = new Date()): Period {
  const endSeconds = Math.ceil(now.getTime() / 1000 / ROLLING_STEP_SECONDS) * ROLLING_STEP_SECONDS;
  const end = dayjs.unix(endSeconds).utc();
  const start =
    scope === 'day'
      ? end.subtract(1, 'day')
      : scope === 'week'
        ? end.subtract(7, 'day')
        : scope === 'month'
          ? end.subtract(30, 'day')
          : end.subtract(12, 'month');
  const startSeconds = start.unix();
  return {
    scope,
    firstDay: inZone(startSeconds, zone).format(ISO_DAY),
    nextDay: inZone(endSeconds, zone).add(1, 'day').format(ISO_DAY),
    startSeconds,
    endSeconds,
  };
}
