import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type DietProgress,
  type DietProgressStatus,
  dietProgressSentence,
  dietProgressStatusLabels,
  dietProgressUnavailableLabels,
  suggestedAssessmentSentence,
} from '@vetboard/contract';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { formatVariationKg, formatKg as kg } from '@/components/trackers/tracker-format.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { dietProgressQueryOptions } from './diet-progress.queries.ts';
import { dietProgressChart } from './diet-progress-chart.ts';

/** The dashed planned line, the same green as the weight chart's target. */
export const DIET_PLAN_COLOR = '#2f9e44';

const statusColor: Record<DietProgressStatus, string> = { on_track: 'teal', behind: 'orange', ahead: 'blue' };

function PlanFacts({ progress }: { progress: DietProgress }) {
  const rate = progress.currentWeeklyRateKg;
  return (
    <Text size="xs" c="dimmed" data-testid="diet-progress-plan">
      Plan: {kg(progress.startWeightKg)} on {formatCalendarDate(progress.startDate)} to the{' '}
      {kg(progress.targetWeightKg)} target by {formatCalendarDate(progress.plannedTargetDate)}, at{' '}
      {kg(progress.weeklyRateKg)} a week ({progress.weeklyRatePercent} % of the start weight, the standard
      rate for a weight {progress.direction}); on track within ±{kg(progress.toleranceKg)}.
      {rate !== null && ` Current rate: ${formatVariationKg(rate)} a week.`}
    </Text>
  );
}

function ProgressBody({ progress, withChart }: { progress: DietProgress; withChart: boolean }) {
  const suggestion = suggestedAssessmentSentence(progress);
  const chart = withChart ? dietProgressChart(progress) : null;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {progress.status && (
          <Badge
            color={statusColor[progress.status]}
            variant="light"
            radius="sm"
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {dietProgressStatusLabels[progress.status]}
          </Badge>
        )}
        <Text size="sm" fw={500} data-testid="diet-progress-status">
          {dietProgressSentence(progress)}
        </Text>
      </Group>
      {suggestion && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconCalendarDue size={18} />}
          p="xs"
          data-testid="diet-progress-suggestion"
        >
          <Text size="sm">
            {suggestion}: behind plan on every entry for {progress.behindDays} days (since{' '}
            {progress.behindSince ? formatCalendarDate(progress.behindSince) : 'the start'}).
          </Text>
        </Alert>
      )}
      <PlanFacts progress={progress} />
      {chart && (
        <LazyTimeSeriesChart
          type="line"
          buckets={chart.buckets}
          bucketSize={chart.bucketSize}
          timezone="UTC"
          measure="avg"
          spanGaps
          decimals={2}
          seriesLabel="Weight"
          unit="kg"
          overlay={{ label: 'Plan', values: chart.planned, color: DIET_PLAN_COLOR }}
          ariaLabel={`Weight in kg since the diet started on ${formatCalendarDate(progress.startDate)}, with the planned line to the ${progress.targetWeightKg} kg target`}
          height="clamp(200px, 36vw, 280px)"
        />
      )}
    </Stack>
  );
}

/**
 * The diet-to-weight loop: how the pet's current weight diet is doing against its plan. `dietUuid`
 * (the diet page) shows it only for that diet; the weight tracker shows the current one's.
 */
export function DietProgressPanel({
  petUuid,
  dietUuid,
  withChart = false,
}: {
  petUuid: string;
  dietUuid?: string;
  withChart?: boolean;
}) {
  const query = useQuery(dietProgressQueryOptions(petUuid));
  let body: React.ReactNode;
  if (query.isPending) {
    body = <Skeleton h={withChart ? 260 : 48} role="status" aria-label="Loading the diet's progress" />;
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" p="xs">
        Could not load the diet's progress: {errorMessage(query.error)}
      </Alert>
    );
  } else {
    const { dietProgress, unavailableReason } = query.data;
    body =
      dietProgress && (!dietUuid || dietProgress.dietUuid === dietUuid) ? (
        <ProgressBody progress={dietProgress} withChart={withChart} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="diet-progress-empty">
          {dietProgress
            ? "This is not the pet's current diet: the progress is followed on the current one."
            : dietProgressUnavailableLabels[unavailableReason ?? 'no_published_diet']}
        </Text>
      );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="diet-progress">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Weight goal
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
