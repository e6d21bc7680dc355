import { Box, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './chart-config.ts';

let chartModule: Promise<typeof import('./time-series-chart.tsx')> | undefined;

/**
 * Starts fetching the chart module (Chart.js) once. A page that draws a chart calls it as it starts
 * loading, so the chunk arrives with the page's data instead of being asked for only once the data
 * has arrived and the chart first renders.
 */
export function preloadTimeSeriesChart(): Promise<typeof import('./time-series-chart.tsx')> {
  chartModule ??= import('./time-series-chart.tsx').catch((error: unknown) => {
    // A failed fetch (a deploy replaced the chunk, the network dropped) may be retried by the next render.
    chartModule = undefined;
    throw error;
  });
  return chartModule;
}

// Only the code of a page that draws a chart imports this module, so the chart's code starts
// downloading with the page's: on a first load that is before the session check and the loader
// have answered, which otherwise left Chart.js for last, after the data.
preloadTimeSeriesChart().catch(() => undefined);

const TimeSeriesChart = lazy(preloadTimeSeriesChart);

/** Phones get a shorter chart, so it and the controls above it fit one screen. */
export const CHART_HEIGHT = 'clamp(220px, 42vw, 340px)';

/**
 * Only the tracker pages draw charts, so Chart.js is fetched with the first chart rather than with the
 * app, which loads faster for every other page; a skeleton of the same size holds the place meanwhile.
 */
export function LazyTimeSeriesChart({
  height = CHART_HEIGHT,
  ...props
}: TimeSeriesChartProps & { height?: number | string }) {
  return (
    <Box pos="relative" h={height} w="100%" data-testid="time-series-chart">
      <Suspense fallback={<Skeleton h="100%" w="100%" role="status" aria-label="Loading the chart" />}>
        <TimeSeriesChart {...props} />
      </Suspense>
    </Box>
  );
}
