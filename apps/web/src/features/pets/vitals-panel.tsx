import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type ChartBucket,
  type Timestamp,
  type Vital,
  type VitalBand,
  type VitalChange,
  type VitalKind,
  type VitalsRange,
  type VitalsResponse,
  vitalsRangeLabels,
  vitalsRanges,
} from '@vetboard/contract';
import { type ReactNode, useState } from 'react';
import { hasReadings } from '@/components/charts/chart-labels.ts';
import { LOW_COVERAGE, periodCoverage } from '@/components/charts/coverage.ts';
import { CoverageNote } from '@/components/charts/coverage-note.tsx';
import { createHoverSync, type HoverSync } from '@/components/charts/hover-sync.ts';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { AbnormalBadge } from '@/components/trackers/abnormal-badge.tsx';
import { formatKg, sentimentColors, sentimentLabels } from '@/components/trackers/tracker-format.ts';
import { TreatmentResponses } from '@/components/trackers/treatment-responses.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatNumber } from '@/lib/format/numbers.ts';
import { formatZoned, todayInZone } from '@/lib/format/zoned-time.ts';
import { usePreloadRouteCode } from '@/lib/navigation/preload-route-code.ts';
import { treatmentResponsesQueryOptions } from '@/lib/treatments/treatment-responses.queries.ts';
import { petVitalsQueryOptions } from './pets.queries.ts';
import { VITAL_CHART_HEIGHT, vitalConfigs, Y_AXIS_WIDTH } from './vital-configs.ts';

const route = getRouteApi('/pets/$uuid/');

const positionLabels = { below: 'Below target', at: 'At target', above: 'Above target' } as const;

function BandBadge({ band }: { band: VitalBand }) {
  if (band.type === 'respiratory') return <AbnormalBadge abnormal={band.abnormal} size="xs" />;
  if (band.type === 'weight-target') {
    const sentiment = band.variationSentiment;
    return (
      <>
        <Badge
          size="xs"
          radius="sm"
          tt="none"
          variant="light"
          color={band.position === 'at' ? 'green' : 'orange'}
          data-band={band.position}
          title={`Target ${formatKg(band.targetKg)}`}
        >
          {positionLabels[band.position]}
        </Badge>
        {sentiment !== 'neutral' && (
          <Badge
            size="xs"
            radius="sm"
            tt="none"
            variant="light"
            color={sentimentColors[sentiment]}
            data-sentiment={sentiment}
            title="The latest entry against the one before it"
          >
            {sentimentLabels[sentiment]}
          </Badge>
        )}
      </>
    );
  }
  return null;
}

/** A day total's day: 'Today', or 'Tue 24/11' for the last day the collar counted anything. */
function dayLabel(at: Timestamp, timezone: string): string {
  const day = formatZoned(at, timezone, 'YYYY-MM-DD');
  return day === todayInZone(timezone) ? 'Today' : `On ${formatZoned(at, timezone, 'ddd DD/MM')}`;
}

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : value < 0 ? `−${text}` : text);

/** '+2.5 breaths/min (+9.1 %) vs the previous 7 days', or why there is nothing to compare. */
function changeText(change: VitalChange, format: (value: number) => string, rangeLabel: string): string {
  const previous = `the previous ${rangeLabel}`;
  if (change.current === null) return `No data in the last ${rangeLabel}`;
  if (change.delta === null) return `No data in ${previous} to compare`;
  const percent =
    change.percent === null
      ? ''
      : ` (${signed(`${formatNumber(Math.abs(change.percent))} %`, change.percent)})`;
  const what = change.measure === 'total' ? 'Total' : 'Average';
  return `${what} ${signed(format(Math.abs(change.delta)), change.delta)}${percent} vs ${previous}`;
}

function VitalRow({
  kind,
  vital,
  data,
  petUuid,
  hoverSync,
  littleData,
}: {
  kind: VitalKind;
  vital: Vital;
  data: VitalsResponse;
  petUuid: string;
  hoverSync: HoverSync;
  /** The collar covered under half of the period, so its averages and totals rest on little data. */
  littleData: boolean;
}) {
  const config = vitalConfigs[kind];
  const rangeLabel = vitalsRangeLabels[data.range];
  const latest = vital.latest;
  return (
    <Grid gap="sm" align="center" data-testid={`vital-${kind}`}>
      <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
        <Stack gap={2}>
          <Anchor
            size="sm"
            fw={600}
            renderRoot={(props) => <Link to={config.to} params={{ uuid: petUuid }} {...props} />}
          >
            {config.title}
          </Anchor>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={700} data-testid="vital-latest">
              {latest ? config.format(latest.value) : 'No readings yet'}
            </Text>
            <BandBadge band={vital.band} />
          </Group>
          {latest && (
            <Text size="xs" c="dimmed">
              {config.dayTotal ? dayLabel(latest.at, data.timezone) : formatZoned(latest.at, data.timezone)}
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="vital-change">
            {changeText(vital.change, config.format, rangeLabel)}
          </Text>
          {config.collar && littleData && vital.change.current !== null && (
            <Badge
              size="xs"
              radius="sm"
              tt="none"
              color="gray"
              variant="light"
              w="fit-content"
              data-testid="vital-little-data"
              title="The collar covered under half of this period"
            >
              Based on little data
            </Badge>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
        {hasReadings(vital.buckets) ? (
          <LazyTimeSeriesChart
            height={VITAL_CHART_HEIGHT}
            {...config.chart(data)}
            buckets={vital.buckets as ChartBucket[]}
            bucketSize={data.bucketSize}
            timezone={data.timezone}
            ariaLabel={`${config.title}, last ${rangeLabel}`}
            hoverSync={hoverSync}
            yAxisWidth={Y_AXIS_WIDTH}
            coverage={config.collar}
          />
        ) : (
          <Center h={VITAL_CHART_HEIGHT} bg="gray.0" style={{ borderRadius: 4 }} data-testid="vital-empty">
            <Text size="sm" c="dimmed">
              No readings in the last {rangeLabel}
            </Text>
          </Center>
        )}
      </Grid.Col>
    </Grid>
  );
}

const vitalOrder: VitalKind[] = ['respiratoryRate', 'heartRate', 'weight', 'drinking', 'shaking'];
const collarKinds = vitalOrder.filter((kind) => vitalConfigs[kind].collar);
const trackerPages = vitalOrder.map((kind) => vitalConfigs[kind].to);

/**
 * What treatments begun in the panel's period did, read on its own: in the panel, their arrival would
 * re-render every chart and draw it twice.
 */
function PanelTreatmentResponses({ petUuid, from }: { petUuid: string; from: number }) {
  const responses = useQuery(treatmentResponsesQueryOptions(petUuid)).data?.responses ?? [];
  return <TreatmentResponses responses={responses.filter((response) => response.at.seconds >= from)} />;
}

/**
 * The pet profile's five vitals on one time axis and one range (kept in the URL as `?vitals=`): each
 * with its latest value, band and change against the previous period, and a link to its tracker page.
 * Hovering one chart shows the same bucket on all five. Chart.js loads with the first chart drawn.
 */
export function VitalsPanel({ petUuid }: { petUuid: string }) {
  const { vitals: range } = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery(petVitalsQueryOptions(petUuid, range));
  // One per panel, for the charts' whole life: a new range redraws them on the same axis.
  const [hoverSync] = useState(createHoverSync);
  const { data } = query;
  // Each vital's title opens its tracker: that page's code is here before the click.
  usePreloadRouteCode(trackerPages, data !== undefined);

  let body: ReactNode;
  if (!data && query.isError) {
    body = (
      <Alert color="red" variant="light" title="The vitals could not be loaded">
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
    );
  } else if (!data) {
    body = (
      <Stack gap="md" role="status" aria-label="Loading the vitals">
        {vitalOrder.map((kind) => (
          <Skeleton key={kind} h={VITAL_CHART_HEIGHT} />
        ))}
      </Stack>
    );
  } else {
    // Coverage is the collar's, the same on its four charts: one sentence for the panel.
    const collarBuckets = data.vitals.heartRate.buckets as ChartBucket[];
    const share = periodCoverage(collarBuckets, Date.now() / 1000);
    body = (
      <Stack gap="lg" onPointerLeave={() => hoverSync.publish(null, null)}>
        {vitalOrder.map((kind) => (
          <VitalRow
            key={kind}
            kind={kind}
            vital={data.vitals[kind]}
            data={data}
            petUuid={petUuid}
            hoverSync={hoverSync}
            littleData={share !== null && share < LOW_COVERAGE}
          />
        ))}
        <CoverageNote
          buckets={collarBuckets}
          lowBuckets={collarKinds.flatMap((kind) => data.vitals[kind].buckets as ChartBucket[])}
          measures={['avg', 'sum']}
          periodName={`the last ${vitalsRangeLabels[data.range]}`}
        />
        <PanelTreatmentResponses petUuid={petUuid} from={data.period.start.seconds} />
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      data-testid="vitals-panel"
      data-range={data?.range}
      aria-busy={!data || query.isPlaceholderData || undefined}
    >
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="md">
          Vitals
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Vitals range"
          value={range}
          onChange={(value) =>
            navigate({
              search: (previous) => ({ ...previous, vitals: value as VitalsRange }),
              replace: true,
              resetScroll: false,
            })
          }
          data={vitalsRanges.map((value) => ({ value, label: vitalsRangeLabels[value] }))}
        />
      </Group>
      <Box style={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}>{body}</Box>
      {data && (
        <Text size="xs" c="dimmed" mt="sm">
          In the pet's timezone ({data.timezone}). Rates and weight compare averages, drinking and head
          shaking totals.
        </Text>
      )}
    </Paper>
  );
}
