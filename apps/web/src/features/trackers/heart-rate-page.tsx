import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReadingEntry, readingRanges } from '@vetboard/contract';
import { hasSpread } from '@/components/charts/chart-labels.ts';
import { formatReading } from '@/components/trackers/tracker-format.ts';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import { SourceCell, WhenCell } from './entry-cells.tsx';
import { TrackerChartPanel } from './tracker-chart-panel.tsx';
import { PeriodControls, type SearchPatch, TrackerHeader } from './tracker-header.tsx';
import { heartRateScopes } from './tracker-search.ts';
import { coveragePeriodName, heartRateRange, trackerViewOf } from './tracker-view.ts';
import { heartRateHalfHourlyQueryOptions, heartRateHistoryQueryOptions } from './trackers.queries.ts';

const route = getRouteApi('/pets/$uuid/heart-rate');
const UNIT = readingRanges.heart_rate.unit;

/** `/pets/{uuid}/heart-rate`: half-hourly averages from the collar, and the raw readings. */
export function HeartRatePage() {
  const { uuid } = route.useParams();
  const { timezone } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const view = trackerViewOf(search, timezone);
  const chart = useQuery(heartRateHalfHourlyQueryOptions(uuid, heartRateRange(view)));
  const entries = useQuery(heartRateHistoryQueryOptions(uuid, view.historyQuery));
  const change = (patch: SearchPatch<(typeof heartRateScopes)[number]>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const columns: EntryColumn<ReadingEntry>[] = [
    {
      key: 'when',
      header: 'Date and time',
      render: (entry) => <WhenCell at={entry.measuredAt} timezone={timezone} />,
    },
    {
      key: 'value',
      header: 'Heart rate',
      render: (entry) => <Text size="sm">{formatReading('heart_rate', entry.value)}</Text>,
    },
    { key: 'source', header: 'Source', render: (entry) => <SourceCell source={entry.source} /> },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <TrackerHeader title="Heart Rate" timezone={timezone}>
        <PeriodControls scopes={heartRateScopes} view={view} timezone={timezone} onChange={change} />
      </TrackerHeader>
      <TrackerChartPanel
        query={chart}
        coveragePeriod={coveragePeriodName(view)}
        events={{
          petUuid: uuid,
          shown: search.events === true,
          vital: 'heartRate',
          onShownChange: (shown) => change({ events: shown || undefined }),
        }}
        chart={(data) => ({
          type: 'line',
          buckets: data.buckets,
          bucketSize: data.bucketSize,
          timezone: data.timezone,
          measure: 'avg',
          band: true,
          decimals: 0,
          seriesLabel: 'Average',
          unit: UNIT,
          color: '#c2255c',
          ariaLabel: `Heart rate in ${UNIT}, half-hourly averages, ${view.scope} chart`,
        })}
        caption={(data) => (
          <Text size="xs" c="dimmed">
            Half-hourly averages
            {hasSpread(data.buckets) && "; the shaded band spans each half hour's lowest to highest reading"}.
          </Text>
        )}
      />
      <EntriesTable
        label="Heart rate readings"
        title="Readings"
        columns={columns}
        query={entries}
        rowKey={(entry) => entry.uuid}
        onPageChange={(page) => change({ page })}
        onPageSizeChange={(pageSize) => change({ pageSize, page: 1 })}
      />
    </Stack>
  );
}
