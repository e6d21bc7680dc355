import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { calendarDateToIso, readingRanges } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { formatCoverage, LOW_COVERAGE } from '@/components/charts/coverage.ts';
import { AbnormalBadge } from '@/components/trackers/abnormal-badge.tsx';
import {
  respiratoryPointColor,
  respiratorySeverity,
  respiratoryThresholdLines,
} from '@/components/trackers/respiratory-chart.ts';
import { formatReading } from '@/components/trackers/tracker-format.ts';
import { dayjs, formatZoned } from '@/lib/format/zoned-time.ts';
import { RespiratoryValue, SourceCell } from './entry-cells.tsx';
import { ThresholdLegend } from './threshold-legend.tsx';
import { ThresholdsEditor } from './thresholds-editor.tsx';
import { TrackerChartPanel } from './tracker-chart-panel.tsx';
import { TrackerHeader } from './tracker-header.tsx';
import { rpmWindows } from './tracker-search.ts';
import { LATEST_READING_QUERY, rpmChartQuery } from './tracker-view.ts';
import {
  respiratoryChartQueryOptions,
  respiratoryHistoryQueryOptions,
  respiratoryLastAverageQueryOptions,
} from './trackers.queries.ts';

const route = getRouteApi('/pets/$uuid/rpm');
const UNIT = readingRanges.respiratory_rate.unit;

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function LatestFigures({ petUuid, timezone }: { petUuid: string; timezone: string }) {
  const average = useQuery(respiratoryLastAverageQueryOptions(petUuid));
  const latest = useQuery(respiratoryHistoryQueryOptions(petUuid, LATEST_READING_QUERY));
  const lastAverage = average.data?.average;
  const reading = latest.data?.entries[0];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Figure label="Last daily average" testId="rpm-last-average">
        {average.isPending ? (
          <Skeleton height={28} width="60%" />
        ) : lastAverage ? (
          <Stack gap={2}>
            <Group gap="xs">
              <Text fz={24} fw={700}>
                {formatReading('respiratory_rate', lastAverage.value)}
              </Text>
              <AbnormalBadge abnormal={lastAverage.abnormal} size="md" />
              {lastAverage.coverage < LOW_COVERAGE && (
                <Badge color="gray" variant="light" data-testid="little-data">
                  Based on little data
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {dayjs(calendarDateToIso(lastAverage.date)).format('ddd DD/MM/YYYY')} · {lastAverage.count}{' '}
              readings · collar data for {formatCoverage(lastAverage.coverage)} of the day
            </Text>
          </Stack>
        ) : (
          <Text c="dimmed">No readings yet</Text>
        )}
      </Figure>
      <Figure label="Latest reading" testId="rpm-latest-reading">
        {latest.isPending ? (
          <Skeleton height={28} width="60%" />
        ) : reading ? (
          <Stack gap={2}>
            <Group gap="xs">
              <RespiratoryValue abnormal={reading.abnormal}>
                {formatReading('respiratory_rate', reading.value)}
              </RespiratoryValue>
              <AbnormalBadge abnormal={reading.abnormal} />
            </Group>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {formatZoned(reading.measuredAt, timezone)} ·
              </Text>
              <SourceCell source={reading.source} />
            </Group>
          </Stack>
        ) : (
          <Text c="dimmed">No readings yet</Text>
        )}
      </Figure>
    </SimpleGrid>
  );
}

/**
 * `/pets/{uuid}/rpm`, the resting respiratory rate monitor: the sleeping rate's daily trend against the
 * pet's thresholds, the latest values, and the thresholds themselves, where a cardiac vet tunes them.
 */
export function RpmPage() {
  const { uuid } = route.useParams();
  const { timezone } = route.useLoaderData();
  const { days, events } = route.useSearch();
  const navigate = route.useNavigate();
  const chart = useQuery(respiratoryChartQueryOptions(uuid, rpmChartQuery(days, timezone)));

  return (
    <Stack gap="lg" maw={1200}>
      <TrackerHeader title="Resting respiratory rate monitor" timezone={timezone}>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Trend window"
            data={rpmWindows.map((window) => ({ value: String(window), label: `Last ${window} days` }))}
            value={String(days)}
            onChange={(value) => navigate({ search: (previous) => ({ ...previous, days: Number(value) }) })}
          />
        </Group>
      </TrackerHeader>
      <LatestFigures petUuid={uuid} timezone={timezone} />
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Sleeping respiratory rate, daily average
        </Title>
        <TrackerChartPanel
          query={chart}
          coveragePeriod={`the last ${days} days`}
          events={{
            petUuid: uuid,
            shown: events === true,
            onShownChange: (shown) =>
              navigate({ search: (previous) => ({ ...previous, events: shown || undefined }) }),
          }}
          chart={(data) => ({
            type: 'line',
            buckets: data.buckets,
            bucketSize: data.bucketSize,
            timezone: data.timezone,
            measure: 'avg',
            band: true,
            seriesLabel: 'Daily average',
            unit: UNIT,
            lines: respiratoryThresholdLines(data.thresholds),
            pointColor: respiratoryPointColor(data.thresholds),
            pointSeverity: respiratorySeverity(data.thresholds),
            ariaLabel: `Sleeping respiratory rate, daily average over the last ${days} days, in ${UNIT}`,
          })}
          caption={(data) => <ThresholdLegend thresholds={data.thresholds} />}
        />
      </Stack>
      <ThresholdsEditor petUuid={uuid} timezone={timezone} />
    </Stack>
  );
}
