import { preloadTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { type PetPageLoaderContext, petPageLoader } from '@/lib/pets/pet-page-loader.ts';
import type { TrackerSearch } from './tracker-search.ts';
import {
  heartRateRange,
  LATEST_READING_QUERY,
  PERIOD_AVERAGE_DAYS,
  rpmChartQuery,
  trackerViewOf,
} from './tracker-view.ts';
import {
  heartRateHalfHourlyQueryOptions,
  heartRateHistoryQueryOptions,
  type ReadingResource,
  readingAverageQueryOptions,
  readingChartQueryOptions,
  readingHistoryQueryOptions,
  respiratoryChartQueryOptions,
  respiratoryHistoryQueryOptions,
  respiratoryLastAverageQueryOptions,
  respiratoryThresholdsQueryOptions,
  weightChartQueryOptions,
  weightHistoryQueryOptions,
} from './trackers.queries.ts';

/*
 * Each tracker route's loader: the reads its page shows first (chart, entries, cards), built from the
 * same view of the URL as the page, so the page finds them in the cache.
 */

/**
 * Every tracker page draws a chart: its chunk is fetched from the start of the loader, beside the pet
 * and the page's reads, not after them. The loader does not wait for it (a failed chunk is the chart's
 * own error, not the page's).
 */
function withChart<TDeps>(loader: (context: PetPageLoaderContext<TDeps>) => Promise<{ timezone: string }>) {
  return (context: PetPageLoaderContext<TDeps>) => {
    preloadTimeSeriesChart().catch(() => undefined);
    return loader(context);
  };
}

/** Head itch (`shaking`) and drinking: one shape of page, told apart by the resource. */
export const readingTrackerLoader = (resource: ReadingResource) =>
  withChart(
    petPageLoader<TrackerSearch>(({ uuid, timezone, deps, prefetch }) => {
      const view = trackerViewOf(deps, timezone);
      return [
        prefetch(readingChartQueryOptions(resource, uuid, view.chartQuery)),
        prefetch(readingHistoryQueryOptions(resource, uuid, view.historyQuery)),
        prefetch(readingAverageQueryOptions(resource, uuid, PERIOD_AVERAGE_DAYS)),
      ];
    }),
  );

export const weightTrackerLoader = withChart(
  petPageLoader<TrackerSearch>(({ uuid, timezone, deps, prefetch }) => {
    const view = trackerViewOf(deps, timezone);
    return [
      prefetch(weightChartQueryOptions(uuid, view.chartQuery)),
      prefetch(weightHistoryQueryOptions(uuid, view.historyQuery)),
    ];
  }),
);

export const respiratoryTrackerLoader = withChart(
  petPageLoader<TrackerSearch>(({ uuid, timezone, deps, prefetch }) => {
    const view = trackerViewOf(deps, timezone);
    return [
      prefetch(respiratoryChartQueryOptions(uuid, view.chartQuery)),
      prefetch(respiratoryHistoryQueryOptions(uuid, view.historyQuery)),
    ];
  }),
);

export const heartRateTrackerLoader = withChart(
  petPageLoader<TrackerSearch>(({ uuid, timezone, deps, prefetch }) => {
    const view = trackerViewOf(deps, timezone);
    return [
      prefetch(heartRateHalfHourlyQueryOptions(uuid, heartRateRange(view))),
      prefetch(heartRateHistoryQueryOptions(uuid, view.historyQuery)),
    ];
  }),
);

export const rpmLoader = withChart(
  petPageLoader<{ days: number }>(({ uuid, timezone, deps, prefetch }) => [
    prefetch(respiratoryChartQueryOptions(uuid, rpmChartQuery(deps.days, timezone))),
    prefetch(respiratoryLastAverageQueryOptions(uuid)),
    prefetch(respiratoryHistoryQueryOptions(uuid, LATEST_READING_QUERY)),
    prefetch(respiratoryThresholdsQueryOptions(uuid)),
  ]),
);
