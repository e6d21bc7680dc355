import { Alert, Box, Button, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartLine, IconRefresh } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ChartResponse, TreatmentResponseVital } from '@vetboard/contract';
import type { ReactNode } from 'react';
import type { TimeSeriesChartProps } from '@/components/charts/chart-config.ts';
import { hasReadings } from '@/components/charts/chart-labels.ts';
import { CoverageNote } from '@/components/charts/coverage-note.tsx';
import { CHART_HEIGHT, LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { DrawnLater } from '@/components/layouts/drawn-later.tsx';
import { TreatmentResponses } from '@/components/trackers/treatment-responses.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { petTimelineRangeQueryOptions } from '@/lib/timeline/pet-timeline.queries.ts';
import { treatmentResponsesQueryOptions } from '@/lib/treatments/treatment-responses.queries.ts';
import { ChartEventsList, EventsSwitch } from './chart-events.tsx';

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

/** The events overlay of a pet's chart: whether it is on (from the URL) and how to turn it on or off. */
export interface ChartEventsOverlay {
  petUuid: string;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
  /** The vital the chart draws, for what each treatment marked on it did to it. */
  vital?: TreatmentResponseVital;
}

/**
 * A chart in its card: a skeleton on the first load, the server's error with a retry, "No readings in
 * this period" when every bucket is empty, else the chart (the previous one dimmed while the next loads).
 * With `events`, a switch draws the pet's timeline events of the chart's own range on it, and lists them.
 */
export function TrackerChartPanel<T extends ChartResponse>({
  query,
  chart,
  caption,
  coveragePeriod,
  events,
  testId = 'tracker-chart',
}: {
  query: UseQueryResult<T>;
  chart: (data: T) => TimeSeriesChartProps;
  caption?: (data: T) => ReactNode;
  /** For collar charts: what the coverage sentence calls the period ('the last 7 days', 'this week'). */
  coveragePeriod?: string;
  events?: ChartEventsOverlay;
  testId?: string;
}) {
  const { data } = query;
  // The events of exactly the range the server bucketed, so every marker has a bucket to sit in.
  const range = data ? { from: data.range.start.seconds, to: data.range.end.seconds } : { from: 0, to: 1 };
  const shownEvents = Boolean(events?.shown && data);
  const markers = useQuery({
    ...petTimelineRangeQueryOptions(events?.petUuid ?? '', range),
    enabled: shownEvents,
  });
  const markerItems = shownEvents ? markers.data : undefined;
  const treatments = useQuery({
    ...treatmentResponsesQueryOptions(events?.petUuid ?? '', events?.vital),
    enabled: shownEvents && events?.vital !== undefined,
  });
  // Beside the markers the chart draws: the treatments that began, changed or ended in its range.
  const responses = (shownEvents && treatments.data?.responses) || [];
  const responsesInRange = responses.filter(
    (response) => response.at.seconds >= range.from && response.at.seconds < range.to,
  );
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
    const props = chart(data);
    body = (
      <LazyTimeSeriesChart
        {...props}
        coverage={coveragePeriod !== undefined}
        {...(markerItems && {
          events: { items: markerItems.items, rangeEnd: data.range.end.seconds },
          ariaLabel: `${props.ariaLabel}, with ${markerItems.items.length} events marked`,
        })}
      />
    );
  }
  // After the page's header and controls, in a commit of its own (the chart's own drawing included).
  return (
    <DrawnLater>
      <Paper
        withBorder
        p={{ base: 'xs', sm: 'md' }}
        data-testid={testId}
        data-range-start={data?.range.start.seconds}
        data-bucket-size={data?.bucketSize}
        aria-busy={!data || query.isPlaceholderData || undefined}
        data-events-shown={events?.shown || undefined}
      >
        {events && (
          <Group justify="flex-end" mb="xs">
            <EventsSwitch shown={events.shown} onChange={events.onShownChange} />
          </Group>
        )}
        <Box style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}>{body}</Box>
        {data && coveragePeriod !== undefined && hasReadings(data.buckets) && (
          <Box mt="xs">
            <CoverageNote
              buckets={data.buckets}
              measures={[chart(data).measure]}
              periodName={coveragePeriod}
            />
          </Box>
        )}
        {data && caption && <Box mt="xs">{caption(data)}</Box>}
        {events?.shown && data && responsesInRange.length > 0 && (
          <Box mt="sm">
            <TreatmentResponses responses={responsesInRange} />
          </Box>
        )}
        {events?.shown && data && (
          <Box mt="sm">
            <ChartEventsList
              query={markers}
              timezone={data.timezone}
              timelineHref={`/pets/${events.petUuid}/timeline`}
            />
          </Box>
        )}
      </Paper>
    </DrawnLater>
  );
}
