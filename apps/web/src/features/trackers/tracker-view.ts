import { todayInZone } from '@/lib/format/zoned-time.ts';
import {
  anchorSeconds,
  lastDays,
  type Period,
  type PeriodScope,
  periodLabel,
  periodOf,
  rollingLabels,
  rollingPeriod,
} from './tracker-period.ts';
import type { TrackerSearch } from './tracker-search.ts';
import type { ChartQuery, HistoryQuery } from './trackers.queries.ts';

export interface TrackerView {
  /** The anchor day, `YYYY-MM-DD` on the pet's wall clock (today when the URL has none). */
  date: string;
  scope: PeriodScope;
  /** No date in the URL: the rolling window ending now, not a calendar period. */
  rolling: boolean;
  period: Period;
  /** What the header says the chart covers: 'Last 7 days', or the calendar period. */
  label: string;
  chartQuery: ChartQuery;
  /** The entries behind the chart: the same period, newest first, one page of them. */
  historyQuery: HistoryQuery;
}

/**
 * What a tracker page shows for its URL: without a date, the rolling window ending now;
 * with one, the calendar period containing it. Shared by the route's loader (prefetch) and the page.
 */
export function trackerViewOf(search: TrackerSearch, timezone: string, now: Date = new Date()): TrackerView {
  const rolling = search.date === undefined;
  const date = search.date ?? todayInZone(timezone, now);
  const period = rolling
    ? rollingPeriod(search.scope, timezone, now)
    : periodOf(date, search.scope, timezone);
  return {
    date,
    scope: search.scope,
    rolling,
    period,
    label: rolling ? rollingLabels[search.scope] : periodLabel(period),
    chartQuery: rolling
      ? { timeScope: search.scope, startDate: period.startSeconds, endDate: period.endSeconds }
      : { timeScope: search.scope, date: anchorSeconds(date, timezone) },
    historyQuery: {
      page: search.page,
      pageSize: search.pageSize,
      startDate: period.startSeconds,
      endDate: period.endSeconds,
      order: 'desc',
    },
  };
}

/**
 * The period as the coverage sentence names it: 'the last 7 days' for the rolling window, 'this week'
 * for the calendar period the page shows.
 */
export function coveragePeriodName(view: Pick<TrackerView, 'rolling' | 'scope'>): string {
  return view.rolling ? `the ${rollingLabels[view.scope].toLowerCase()}` : `this ${view.scope}`;
}

export const scopeLabels: Record<PeriodScope, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};

/** The half-hourly endpoint takes the range itself: the period's local midnights (336 half hours a week). */
export function heartRateRange(view: TrackerView) {
  return { startDate: view.period.startSeconds, endDate: view.period.endSeconds };
}

/** The RPM trend's query: daily averages over the last `days` local days, today included. */
export function rpmChartQuery(days: number, timezone: string, now: Date = new Date()) {
  const window = lastDays(todayInZone(timezone, now), days, timezone);
  return { startDate: window.startSeconds, endDate: window.endSeconds };
}

/** The collar trackers' average card: the last 7 local days beside the 7 before. */
export const PERIOD_AVERAGE_DAYS = 7;

/** The newest reading, for "latest" beside the last daily average. */
export const LATEST_READING_QUERY = { page: 1, pageSize: 1, order: 'desc' } as const;
