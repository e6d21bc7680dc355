import { ActionIcon, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  type ChartBucket,
  type DietProgress,
  plannedWeightOn,
  type WeightEntry,
  type WeightTimeScope,
  weightLocationLabels,
  weightTimeScopes,
} from '@vetboard/contract';
import { useState } from 'react';
import { dietProgressQueryOptions } from '@/components/diets/diet-progress.queries.ts';
import { DIET_PLAN_COLOR, DietProgressPanel } from '@/components/diets/diet-progress-panel.tsx';
import { formatKg } from '@/components/trackers/tracker-format.ts';
import { WeightVariation } from '@/components/trackers/weight-variation.tsx';
import { formatZoned, wallClock } from '@/lib/format/zoned-time.ts';
import { EntriesTable, type EntryColumn } from './entries-table.tsx';
import { WhenCell } from './entry-cells.tsx';
import { TrackerChartPanel } from './tracker-chart-panel.tsx';
import { PeriodControls, type SearchPatch, TrackerHeader } from './tracker-header.tsx';
import { trackerViewOf } from './tracker-view.ts';
import { weightChartQueryOptions, weightHistoryQueryOptions } from './trackers.queries.ts';
import { WeightEntryModal } from './weight-entry-modal.tsx';

const route = getRouteApi('/pets/$uuid/weight-history');

const TARGET_COLOR = '#2f9e44';

function authorLabel(entry: WeightEntry): string {
  if (entry.author === 'user') return 'Added by the user';
  return entry.authorVet ? `Added by ${entry.authorVet.name}` : 'Added by a vet';
}

function columns(timezone: string, onCorrect: (entry: WeightEntry) => void): EntryColumn<WeightEntry>[] {
  return [
    {
      key: 'when',
      header: 'Date and time',
      render: (entry) => <WhenCell at={entry.measuredAt} timezone={timezone} />,
    },
    {
      key: 'value',
      header: 'Weight',
      render: (entry) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatKg(entry.value)}
        </Text>
      ),
    },
    {
      key: 'variation',
      header: 'Change',
      render: (entry) => (
        <WeightVariation variationKg={entry.variationKg} sentiment={entry.variationSentiment} />
      ),
    },
    {
      key: 'location',
      header: 'Location',
      render: (entry) => <Text size="sm">{weightLocationLabels[entry.location]}</Text>,
    },
    {
      key: 'author',
      header: 'Source',
      render: (entry) => (
        <Text size="sm" c="dimmed">
          {authorLabel(entry)}
        </Text>
      ),
    },
    {
      key: 'note',
      header: 'Note',
      wrap: true,
      render: (entry) => (
        <Text size="sm" lineClamp={2} miw={160} maw={260}>
          {entry.note ?? ''}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (entry) => {
        const label = `Correct the weight of ${formatZoned(entry.measuredAt, timezone)}`;
        return (
          <Tooltip label="Correct">
            <ActionIcon variant="subtle" aria-label={label} onClick={() => onCorrect(entry)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        );
      },
    },
  ];
}

/** The diet's planned weight at each bucket's first day on the pet's clock, from the day it started. */
function plannedOverlay(progress: DietProgress, buckets: readonly ChartBucket[], timezone: string) {
  return {
    label: 'Plan',
    color: DIET_PLAN_COLOR,
    values: buckets.map((bucket) => {
      const day = wallClock(bucket.start.seconds, timezone);
      return plannedWeightOn(progress, { year: day.year, month: day.month, day: day.day });
    }),
  };
}

/** `/pets/{uuid}/weight-history`: the weight trend against the target, and the entries a vet adds and corrects. */
export function WeightPage() {
  const { uuid } = route.useParams();
  const { timezone } = route.useLoaderData();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const view = trackerViewOf(search, timezone);
  const chart = useQuery(weightChartQueryOptions(uuid, view.chartQuery));
  const entries = useQuery(weightHistoryQueryOptions(uuid, view.historyQuery));
  const progress = useQuery(dietProgressQueryOptions(uuid)).data?.dietProgress ?? null;
  const change = (patch: SearchPatch<WeightTimeScope>) =>
    navigate({ search: (previous) => ({ ...previous, ...patch }) });
  // The entry stays while the modal closes, so its title does not flip to "Add" during the animation.
  const [modal, setModal] = useState<{ opened: boolean; entry: WeightEntry | null }>({
    opened: false,
    entry: null,
  });

  return (
    <Stack gap="lg" maw={1200}>
      <TrackerHeader
        title="Weight Tracker"
        timezone={timezone}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, entry: null })}
          >
            Add weight
          </Button>
        }
      >
        <PeriodControls scopes={weightTimeScopes} view={view} timezone={timezone} onChange={change} />
      </TrackerHeader>
      <TrackerChartPanel
        query={chart}
        events={{
          petUuid: uuid,
          shown: search.events === true,
          vital: 'weight',
          onShownChange: (shown) => change({ events: shown || undefined }),
        }}
        chart={(data) => ({
          type: 'line',
          buckets: data.buckets,
          bucketSize: data.bucketSize,
          timezone: data.timezone,
          measure: 'avg',
          band: true,
          spanGaps: true,
          decimals: 2,
          seriesLabel: 'Weight',
          unit: 'kg',
          lines:
            data.targetWeightKg === null
              ? []
              : [
                  {
                    value: data.targetWeightKg,
                    label: `Target ${formatKg(data.targetWeightKg)}`,
                    color: TARGET_COLOR,
                  },
                ],
          overlay: progress ? plannedOverlay(progress, data.buckets, data.timezone) : undefined,
          ariaLabel: `Weight in kg, ${view.scope} chart`,
        })}
        caption={(data) => (
          <Text size="xs" c="dimmed" data-testid="weight-target">
            {data.targetWeightKg === null
              ? 'No target weight is set for this pet.'
              : `Target weight: ${formatKg(data.targetWeightKg)} (dashed green line)${
                  progress
                    ? "; the diet's planned weight from its start is the dashed line that slopes to it"
                    : ''
                }.`}
          </Text>
        )}
      />
      <DietProgressPanel petUuid={uuid} />
      <EntriesTable
        label="Weight entries"
        columns={columns(timezone, (entry) => setModal({ opened: true, entry }))}
        query={entries}
        rowKey={(entry) => entry.uuid}
        onPageChange={(page) => change({ page })}
        onPageSizeChange={(pageSize) => change({ pageSize, page: 1 })}
      />
      <WeightEntryModal
        opened={modal.opened}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
        petUuid={uuid}
        timezone={timezone}
        entry={modal.entry}
      />
    </Stack>
  );
}
