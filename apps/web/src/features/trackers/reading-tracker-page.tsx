import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReadingEntry, type TrackerTimeScope, trackerTimeScopes } from '@vetboard/contract';
import { formatDuration, formatReading } from '@/components/trackers/tracker-format.ts';
import { formatNumber } from '@/lib/format/numbers.ts';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import { SourceCell, WhenCell } from './entry-cells.tsx';
import { PeriodAverage } from './period-average.tsx';
import { TrackerChartPanel } from './tracker-chart-panel.tsx';
import { PeriodControls, type SearchPatch, TrackerHeader } from './tracker-header.tsx';
import type { TrackerSearch } from './tracker-search.ts';
import { coveragePeriodName, trackerViewOf } from './tracker-view.ts';
import {
  type ReadingResource,
  readingChartQueryOptions,
  readingHistoryQueryOptions,
} from './trackers.queries.ts';

interface ReadingTrackerConfig {
  title: string;
  kind: 'shaking' | 'drinking';
  valueHeader: string;
  seriesLabel: string;
  unit: string;
  toDisplay?: (value: number) => number;
  decimals: number;
  color: string;
  formatDaily: (value: number) => string;
}

/** Both trackers count per interval, so their charts are bars of each bucket's total (`sum`). */
const configs: Record<ReadingResource, ReadingTrackerConfig> = {
  shaking: {
    title: 'Head Itch Tracker',
    kind: 'shaking',
    valueHeader: 'Episodes',
    seriesLabel: 'Head-shaking episodes',
    unit: 'episodes',
    decimals: 0,
    color: '#7048e8',
    formatDaily: (value) => `${formatNumber(value)} episodes`,
  },
  drinking: {
    title: 'Drinking Tracker',
    kind: 'drinking',
    valueHeader: 'Drinking time',
    seriesLabel: 'Drinking time',
    unit: 'min',
    toDisplay: (seconds) => seconds / 60,
    decimals: 1,
    color: '#1c7ed6',
    formatDaily: (seconds) => formatDuration(seconds),
  },
};

function ReadingTrackerView({
  resource,
  petUuid,
  timezone,
  search,
  onChange,
}: {
  resource: ReadingResource;
  petUuid: string;
  timezone: string;
  search: TrackerSearch;
  onChange: (patch: SearchPatch<TrackerTimeScope>) => void;
}) {
  const config = configs[resource];
  const view = trackerViewOf(search, timezone);
  const chart = useQuery(readingChartQueryOptions(resource, petUuid, view.chartQuery));
  const entries = useQuery(readingHistoryQueryOptions(resource, petUuid, view.historyQuery));
  const columns: EntryColumn<ReadingEntry>[] = [
    {
      key: 'when',
      header: 'Date and time',
      render: (entry) => <WhenCell at={entry.measuredAt} timezone={timezone} />,
    },
    {
      key: 'value',
      header: config.valueHeader,
      render: (entry) => <Text size="sm">{formatReading(config.kind, entry.value)}</Text>,
    },
    { key: 'source', header: 'Source', render: (entry) => <SourceCell source={entry.source} /> },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <TrackerHeader title={config.title} timezone={timezone}>
        <PeriodControls scopes={trackerTimeScopes} view={view} timezone={timezone} onChange={onChange} />
      </TrackerHeader>
      <PeriodAverage resource={resource} petUuid={petUuid} format={config.formatDaily} />
      <TrackerChartPanel
        query={chart}
        coveragePeriod={coveragePeriodName(view)}
        events={{
          petUuid,
          shown: search.events === true,
          vital: resource === 'drinking' ? 'drinking' : undefined,
          onShownChange: (shown) => onChange({ events: shown || undefined }),
        }}
        chart={(data) => ({
          type: 'bar',
          buckets: data.buckets,
          bucketSize: data.bucketSize,
          timezone: data.timezone,
          measure: 'sum',
          toDisplay: config.toDisplay,
          decimals: config.decimals,
          seriesLabel: config.seriesLabel,
          unit: config.unit,
          color: config.color,
          ariaLabel: `${config.seriesLabel} in ${config.unit}, ${view.scope} chart`,
        })}
      />
      <EntriesTable
        label={`${config.title} entries`}
        columns={columns}
        query={entries}
        rowKey={(entry) => entry.uuid}
        onPageChange={(page) => onChange({ page })}
        onPageSizeChange={(pageSize) => onChange({ pageSize, page: 1 })}
      />
    </Stack>
  );
}

const shakingRoute = getRouteApi('/pets/$uuid/itch-history');
const drinkingRoute = getRouteApi('/pets/$uuid/drinking');

/** `/pets/{uuid}/itch-history`: head-shaking episodes counted by the collar. */
export function ShakingPage() {
  const { uuid } = shakingRoute.useParams();
  const { timezone } = shakingRoute.useLoaderData();
  const navigate = shakingRoute.useNavigate();
  return (
    <ReadingTrackerView
      resource="shaking"
      petUuid={uuid}
      timezone={timezone}
      search={shakingRoute.useSearch()}
      onChange={(patch) => navigate({ search: (previous) => ({ ...previous, ...patch }) })}
    />
  );
}

/** `/pets/{uuid}/drinking`: time spent drinking, from the collar. */
export function DrinkingPage() {
  const { uuid } = drinkingRoute.useParams();
  const { timezone } = drinkingRoute.useLoaderData();
  const navigate = drinkingRoute.useNavigate();
  return (
    <ReadingTrackerView
      resource="drinking"
      petUuid={uuid}
      timezone={timezone}
      search={drinkingRoute.useSearch()}
      onChange={(patch) => navigate({ search: (previous) => ({ ...previous, ...patch }) })}
    />
  );
}
