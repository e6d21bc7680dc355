import { Alert, Box, Button, Center, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartLine, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChartResponse } from '@vetboard/contract';
import type { ReactNode } from 'react';
import type { TimeSeriesChartProps } from '@/components/charts/chart-config.ts';
import { hasReadings } from '@/components/charts/chart-labels.ts';
import { CoverageNote } from '@/components/charts/coverage-note.tsx';
import { CHART_HEIGHT, LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';

export const NO_READINGS = 'No readings in this period';

export function NoReadings({ height = CHART_HEIGHT }: { height?: string | number }) {
  return (
    <Center h={height} data-testid="tracker-empty">
      <Stack align="center" gap={6}>
        <ThemeIcon variant="light" color="gray" size={40} radius="xl">
          <IconChartLine size={20} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{NO_READINGS}</Text>
        <Text size="sm" c="dimmed">
          Try an earlier period.
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * A chart in its card: a skeleton on the first load, the server's error with a retry, "No readings in
 * this period" when every bucket is empty, else the chart (the previous one dimmed while the next loads).
 */
export function TrackerChartPanel<T extends ChartResponse>({
  query,
  chart,
  caption,
  coveragePeriod,
  testId = 'tracker-chart',
}: {
  query: UseQueryResult<T>;
  chart: (data: T) => TimeSeriesChartProps;
  caption?: (data: T) => ReactNode;
  /** For collar charts: what the coverage sentence calls the period ('the last 7 days', 'this week'). */
  coveragePeriod?: string;
  testId?: string;
}) {
  const { data } = query;
  let body: ReactNode;
  if (!data && query.isError) {
    body = (
      <Center h={CHART_HEIGHT}>
        <Alert color="red" variant="light" title="The chart could not be loaded" maw={480}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(query.error)}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={() => query.refetch()}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  } else if (!data) {
    body = <Skeleton h={CHART_HEIGHT} role="status" aria-label="Loading the chart" />;
  } else if (!hasReadings(data.buckets)) {
    body = <NoReadings />;
  } else {
    body = <LazyTimeSeriesChart {...chart(data)} coverage={coveragePeriod !== undefined} />;
  }
  return (
    <Paper
      withBorder
      p={{ base: 'xs', sm: 'md' }}
      data-testid={testId}
      data-range-start={data?.range.start.seconds}
      data-bucket-size={data?.bucketSize}
      aria-busy={!data || query.isPlaceholderData || undefined}
    >
      <Box style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}>{body}</Box>
      {data && coveragePeriod !== undefined && hasReadings(data.buckets) && (
        <Box mt="xs">
          <CoverageNote buckets={data.buckets} measures={[chart(data).measure]} periodName={coveragePeriod} />
        </Box>
      )}
      {data && caption && <Box mt="xs">{caption(data)}</Box>}
    </Paper>
  );
}
