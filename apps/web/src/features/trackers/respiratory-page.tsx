import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  type RespiratoryEntry,
  readingRanges,
  respiratoryTimeScopes,
  type TrackerTimeScope,
} from '@vetboard/contract';
import { hasSpread } from '@/components/charts/chart-labels.ts';
import { AbnormalBadge } from '@/components/trackers/abnormal-badge.tsx';
import {
  respiratoryPointColor,
  respiratorySeverity,
  respiratoryThresholdLines,
} from '@/components/trackers/respiratory-chart.ts';
import { formatReading } from '@/components/trackers/tracker-format.ts';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import { RespiratoryValue, SourceCell, WhenCell } from './entry-cells.tsx';
import { ThresholdLegend } from './threshold-legend.tsx';
import { TrackerChartPanel } from './tracker-chart-panel.tsx';
import { PeriodControls, type SearchPatch, TrackerHeader } from './tracker-header.tsx';
import { coveragePeriodName, trackerViewOf } from './tracker-view.ts';
import { respiratoryChartQueryOptions, respiratoryHistoryQueryOptions } from './trackers.queries.ts';

const route = getRouteApi('/pets/$uuid/respiratory-history');

function columns(timezone: string): EntryColumn<RespiratoryEntry>[] {
  return [
    {
      key: 'when',
      header: 'Date and time',
      render: (entry) => <WhenCell at={entry.measuredAt} timezone={timezone} />,
    },
    {
      key: 'value',
      header: 'Rate',
      render: (entry) => (
        <RespiratoryValue abnormal={entry.abnormal}>
          {formatReading('respiratory_rate', entry.value)}
        </RespiratoryValue>
      ),
    },
    { key: 'abnormal', header: 'Status', render: (entry) => <AbnormalBadge abnormal={entry.abnormal} /> },
    { key: 'source', header: 'Source', render: (entry) => <SourceCell source={entry.source} /> },
  ];
}

/** `/pets/{uuid}/respiratory-history`: breaths per minute, mostly asleep, against the pet's thresholds. */
export function RespiratoryPage() {
  const { uuid } = route.useParams();
  const { timezone } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const view = trackerViewOf(search, timezone);
  const chart = useQuery(respiratoryChartQueryOptions(uuid, view.chartQuery));
  const entries = useQuery(respiratoryHistoryQueryOptions(uuid, view.historyQuery));
  const change = (patch: SearchPatch<TrackerTimeScope>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }) });
  const unit = readingRanges.respiratory_rate.unit;

  return (
    <Stack gap="lg" maw={1200}>
      <TrackerHeader title="Respiratory Rate" timezone={timezone}>
        <PeriodControls scopes={respiratoryTimeScopes} view={view} timezone={timezone} onChange={change} />
      </TrackerHeader>
      <TrackerChartPanel
        query={chart}
        coveragePeriod={coveragePeriodName(view)}
        events={{
          petUuid: uuid,
          shown: search.events === true,
          vital: 'respiratoryRate',
          onShownChange: (shown) => change({ events: shown || undefined }),
        }}
        chart={(data) => ({
          type: 'line',
          buckets: data.buckets,
          bucketSize: data.bucketSize,
          timezone: data.timezone,
          measure: 'avg',
          band: true,
          seriesLabel: 'Average',
          unit,
          lines: respiratoryThresholdLines(data.thresholds),
          pointColor: respiratoryPointColor(data.thresholds),
          pointSeverity: respiratorySeverity(data.thresholds),
          ariaLabel: `Respiratory rate, ${unit}, ${view.scope} chart`,
        })}
        caption={(data) => (
          <Stack gap={4}>
            <ThresholdLegend thresholds={data.thresholds} />
            <Text size="xs" c="dimmed">
              The line is the average of each interval
              {hasSpread(data.buckets) && '; the shaded band spans its lowest to highest reading'}.
            </Text>
          </Stack>
        )}
      />
      <EntriesTable
        label="Respiratory rate entries"
        columns={columns(timezone)}
        query={entries}
        rowKey={(entry) => entry.uuid}
        onPageChange={(page) => change({ page })}
        onPageSizeChange={(pageSize) => change({ pageSize, page: 1 })}
      />
    </Stack>
  );
}
