import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PendingCard, PendingCardTrigger } from '@vetboard/contract';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import {
  respiratoryPointColor,
  respiratorySeverity,
  respiratoryThresholdLines,
} from '@/components/trackers/respiratory-chart.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import {
  cardRespiratoryChartQueryOptions,
  cardWeightChartQueryOptions,
  type VitalRange,
} from './pending-cards.queries.ts';

const DAY = 86_400;

/** From a day before the first trigger to a day after the last (never past now). */
function rangeAround(triggers: PendingCardTrigger[]): VitalRange | null {
  if (triggers.length === 0) return null;
  const times = triggers.map((trigger) => trigger.at.seconds);
  const now = Math.floor(Date.now() / 1000);
  const endDate = Math.min(now, Math.max(...times) + DAY);
  const startDate = Math.min(Math.min(...times) - DAY, endDate - 2 * DAY);
  return { startDate, endDate };
}

export function VitalChart({ card }: { card: PendingCard }) {
  const range = rangeAround(card.triggers);
  const respiratory = useQuery({
    ...cardRespiratoryChartQueryOptions(card.pet.uuid, range ?? { startDate: 0, endDate: 0 }),
    enabled: card.concern === 'respiratory' && range !== null,
  });
  const weight = useQuery({
    ...cardWeightChartQueryOptions(card.pet.uuid, range ?? { startDate: 0, endDate: 0 }),
    enabled: card.concern === 'weight' && range !== null,
  });
  if (card.concern === 'respiratory') {
    if (respiratory.isError)
      return <Alert color="red">Could not load the chart: {errorMessage(respiratory.error)}</Alert>;
    const data = respiratory.data;
    return (
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Sleeping respiratory rate around the triggers
          </Title>
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link to="/pets/$uuid/respiratory-history" params={{ uuid: card.pet.uuid }} {...props} />
            )}
          >
            Open the respiratory tracker
          </Anchor>
        </Group>
        {data ? (
          <LazyTimeSeriesChart
            type="line"
            buckets={data.buckets}
            bucketSize={data.bucketSize}
            timezone={data.timezone}
            measure="avg"
            band
            seriesLabel="Average"
            unit="breaths/min"
            lines={respiratoryThresholdLines(data.thresholds)}
            pointColor={respiratoryPointColor(data.thresholds)}
            pointSeverity={respiratorySeverity(data.thresholds)}
            ariaLabel={`${card.pet.name}’s sleeping respiratory rate around the card’s triggers, in breaths/min`}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Loading the chart…
          </Text>
        )}
      </Stack>
    );
  }
  if (card.concern === 'weight') {
    const data = weight.data;
    return (
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Weight around the triggers
          </Title>
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link to="/pets/$uuid/weight-history" params={{ uuid: card.pet.uuid }} {...props} />
            )}
          >
            Open the weight tracker
          </Anchor>
        </Group>
        {data && (
          <LazyTimeSeriesChart
            type="line"
            buckets={data.buckets}
            bucketSize={data.bucketSize}
            timezone={data.timezone}
            measure="avg"
            spanGaps
            seriesLabel="Weight"
            unit="kg"
            decimals={2}
            lines={
              data.targetWeightKg
                ? [
                    {
                      value: data.targetWeightKg,
                      label: `Target ${data.targetWeightKg} kg`,
                      color: '#1c7ed6',
                    },
                  ]
                : []
            }
            ariaLabel={`${card.pet.name}’s weight around the card’s triggers, in kg`}
          />
        )}
      </Stack>
    );
  }
  return null;
}
