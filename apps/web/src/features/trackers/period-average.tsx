import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/lib/format/numbers.ts';
import { PERIOD_AVERAGE_DAYS as DAYS } from './tracker-view.ts';
import { type ReadingResource, readingAverageQueryOptions } from './trackers.queries.ts';

function formatChange(percent: number): string {
  const size = `${formatNumber(Math.abs(percent), 0)}%`;
  if (percent > 0) return `+${size}`;
  return percent < 0 ? `−${size}` : size;
}

/**
 * The daily total averaged over the last week beside the week before: the trend a vet asks about
 * ("is she drinking more?") without reading the chart.
 */
export function PeriodAverage({
  resource,
  petUuid,
  format,
}: {
  resource: ReadingResource;
  petUuid: string;
  format: (dailyAverage: number) => string;
}) {
  const average = useQuery(readingAverageQueryOptions(resource, petUuid, DAYS));
  const data = average.data;
  return (
    <Paper withBorder p="sm" data-testid="period-average">
      {data ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            Daily average, last {data.days} days:
          </Text>
          <Text size="sm" fw={600}>
            {data.dailyAverage === null ? 'no readings' : format(data.dailyAverage)}
          </Text>
          {data.previousDailyAverage !== null && (
            <Text size="sm" c="dimmed">
              (the {data.days} days before: {format(data.previousDailyAverage)}
              {data.changePercent !== null && `, ${formatChange(data.changePercent)}`})
            </Text>
          )}
        </Group>
      ) : average.isError ? (
        <Text size="sm" c="dimmed">
          The weekly average could not be loaded.
        </Text>
      ) : (
        <Skeleton height={20} width="60%" />
      )}
    </Paper>
  );
}
