import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  type ChartBucket,
  dietKindLabels,
  pendingCardConcernLabels,
  type WeeklyReport,
  type WeeklyTrackerSummary,
  weeklyTrackerLabels,
  weightTrendLabels,
} from '@vetboard/contract';
import type { ReactNode } from 'react';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { formatNumber } from '@/lib/format/numbers.ts';
import { formatChange } from './weekly-report-cells.tsx';

const RATES = new Set(['respiratory_rate', 'heart_rate']);

/** The week's seven days as chart buckets (UTC midnights: the days are the pet's local days already). */
function bucketsOf(tracker: WeeklyTrackerSummary): ChartBucket[] {
  return tracker.daily.map((day) => ({
    start: { seconds: Date.parse(`${day.date}T00:00:00Z`) / 1000 },
    avg: day.value,
    min: null,
    max: null,
    sum: day.value,
    count: day.value === null ? 0 : 1,
    // A stored report keeps each day's value, not how much of it the collar covered.
    coverage: null,
  }));
}

export function TrackerCard({ tracker, petName }: { tracker: WeeklyTrackerSummary; petName: string }) {
  const label = weeklyTrackerLabels[tracker.kind];
  const rate = RATES.has(tracker.kind);
  const rising = tracker.changePercent !== null && tracker.changePercent > 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="weekly-tracker" data-kind={tracker.kind}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {label}
          </Title>
          <Badge
            variant="light"
            color={tracker.changePercent === null ? 'gray' : rising ? 'orange' : 'blue'}
            tt="none"
            radius="sm"
            style={{ flexShrink: 0 }}
          >
            {formatChange(tracker.changePercent)} vs last week
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {rate ? 'Average' : 'Daily average'}
            </Text>
            <Text fw={700} data-testid="tracker-average">
              {tracker.average === null ? 'No data' : `${formatNumber(tracker.average)} ${tracker.unit}`}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Lowest–highest
            </Text>
            <Text fw={600}>
              {tracker.min === null || tracker.max === null
                ? '—'
                : `${formatNumber(tracker.min)}–${formatNumber(tracker.max)}`}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Last week
            </Text>
            <Text fw={600}>
              {tracker.previousAverage === null ? '—' : formatNumber(tracker.previousAverage)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Data
            </Text>
            <Text fw={600}>{tracker.daysWithData} of 7 days</Text>
          </Stack>
        </Group>
        <LazyTimeSeriesChart
          height={150}
          type={rate ? 'line' : 'bar'}
          buckets={bucketsOf(tracker)}
          bucketSize="1d"
          timezone="UTC"
          measure={rate ? 'avg' : 'sum'}
          seriesLabel={rate ? 'Average' : 'Total'}
          unit={tracker.unit}
          ariaLabel={`${petName}’s ${label.toLowerCase()} day by day, in ${tracker.unit}`}
        />
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

export function WeekFacts({ report }: { report: WeeklyReport }) {
  const { content } = report;
  const { weight } = content;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          The week
        </Title>
        <Fact label="Weight">
          {weight.latestKg === null ? (
            weightTrendLabels.no_data
          ) : (
            <Text size="sm" data-testid="weight-trend">
              {formatNumber(weight.latestKg, 2)} kg
              {weight.changeKg !== null &&
                (weight.changeKg === 0
                  ? ' (no change)'
                  : ` (${weight.changeKg > 0 ? '+' : ''}${formatNumber(weight.changeKg, 2)} kg)`)}
              {weight.targetKg !== null && `, target ${formatNumber(weight.targetKg, 2)} kg`} ·{' '}
              {weightTrendLabels[weight.trend]}
            </Text>
          )}
        </Fact>
        <Fact label={`Pending cards (${content.pendingCards.length})`}>
          {content.pendingCards.length === 0 ? (
            <Text size="sm" c="dimmed">
              None this week.
            </Text>
          ) : (
            <Stack gap={4}>
              {content.pendingCards.map((card) => (
                <Group key={card.uuid} gap="xs">
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />
                    )}
                  >
                    {pendingCardConcernLabels[card.concern]}
                  </Anchor>
                  <Badge size="sm" variant="light" color={card.status === 'open' ? 'red' : 'gray'} tt="none">
                    {card.status === 'open' ? 'Open' : 'Resolved'}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Fact>
        <Fact label={`Journal entries (${content.journal.count})`}>
          {content.journal.count === 0 ? (
            <Text size="sm" c="dimmed">
              None this week.
            </Text>
          ) : (
            <Stack gap={4}>
              {content.journal.entries.map((entry) => (
                <Anchor
                  key={entry.uuid}
                  size="sm"
                  renderRoot={(props) => (
                    <Link to="/journal/$uuid" params={{ uuid: entry.uuid }} {...props} />
                  )}
                >
                  {entry.category.charAt(0).toUpperCase() + entry.category.slice(1)} (severity{' '}
                  {entry.severity}), {formatDateTime(entry.occurredAt)}
                </Anchor>
              ))}
            </Stack>
          )}
        </Fact>
        <Fact label={`Checkups answered (${content.checkups.count})`}>
          {content.checkups.count === 0 ? (
            <Text size="sm" c="dimmed">
              None this week.
            </Text>
          ) : (
            <Stack gap={4}>
              {content.checkups.items.map((checkup) => (
                <Anchor
                  key={checkup.uuid}
                  size="sm"
                  renderRoot={(props) => (
                    <Link to="/checkups/$uuid" params={{ uuid: checkup.uuid }} {...props} />
                  )}
                >
                  {checkup.title}
                  {checkup.problematic ? ' (problematic)' : ''}
                </Anchor>
              ))}
            </Stack>
          )}
        </Fact>
        <Fact label="Diet plan">
          {content.dietPlan ? (
            <Text size="sm">{dietKindLabels[content.dietPlan.kind]}</Text>
          ) : (
            <Text size="sm" c="dimmed">
              No diet plan.
            </Text>
          )}
        </Fact>
      </Stack>
    </Paper>
  );
}
