import { Box, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './chart-config.ts';

const TimeSeriesChart = lazy(() => import('./time-series-chart.tsx'));

/** Phones get a shorter chart, so it and the controls above it fit one screen. */
export const CHART_HEIGHT = 'clamp(220px, 42vw, 340px)';

/**
 * Only the tracker pages draw charts, so Chart.js is fetched with the first chart rather than with the
 * app, which loads faster for every other page; a skeleton of the same size holds the place meanwhile.
 */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Box pos="relative" h={CHART_HEIGHT} w="100%" data-testid="time-series-chart">
      <Suspense fallback={<Skeleton h="100%" w="100%" role="status" aria-label="Loading the chart" />}>
        <TimeSeriesChart {...props} />
      </Suspense>
    </Box>
  );
}
