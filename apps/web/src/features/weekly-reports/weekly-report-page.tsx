import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecks, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type ChartBucket,
  dietKindLabels,
  isoWeekLabel,
  pendingCardConcernLabels,
  replacePetNamePlaceholders,
  WEEKLY_REPORT_COMMENT_MAX,
  type WeeklyReport,
  type WeeklyTrackerSummary,
  weeklyTrackerLabels,
  weightTrendLabels,
} from '@vetboard/contract';
import { type ReactNode, useState } from 'react';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { Editor } from '@/components/editors/editor.tsx';
import { useServerDraft } from '@/components/editors/server-draft.ts';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { formatNumber } from '@/lib/format/numbers.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { formatChange, WeeklyReportStatusBadge } from './weekly-report-cells.tsx';
import { useCommentMutation, useReviewMutation, useSendMutation } from './weekly-reports.mutations.ts';
import { weeklyReportQueryOptions } from './weekly-reports.queries.ts';

const route = getRouteApi('/_default/weekly-reports/$uuid');

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

function TrackerCard({ tracker, petName }: { tracker: WeeklyTrackerSummary; petName: string }) {
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

function WeekFacts({ report }: { report: WeeklyReport }) {
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

function CommentEditor({ report }: { report: WeeklyReport }) {
  const comment = useCommentMutation(report.uuid);
  // Live updates bring the saved comment back, this vet's own save or another one's: the draft
  // follows it unless the vet has typed something else, which is kept.
  const draft = useServerDraft(report.vetComment);
  const { text, setText } = draft;
  const changed = text.trim() !== report.vetComment;
  const preview = replacePetNamePlaceholders(text.trim(), report.pet.name);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Vet’s comment
        </Title>
        {report.canEditComment ? (
          <Editor
            name="weekly-report-comment"
            what="the comment"
            dirty={() => text.trim() !== report.vetComment && !comment.isPending}
            dirtyOnUnload={() => text.trim() !== report.vetComment}
          >
            <Textarea
              label="Comment for the owner"
              description="{{PET_NAME}} is replaced by the pet’s name."
              placeholder="What the week shows, and what the owner should do"
              autosize
              minRows={4}
              maxRows={12}
              maxLength={WEEKLY_REPORT_COMMENT_MAX}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            {draft.overtaken && (
              <SavedElsewhere
                testId="comment-overtaken"
                saved={report.vetComment ? `“${report.vetComment}”` : 'It is now empty.'}
                takeLabel="Use the saved comment"
                onTake={draft.takeSaved}
              >
                The comment was saved elsewhere while you were editing this one.
              </SavedElsewhere>
            )}
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                As the owner reads it
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="comment-preview">
                {preview || 'No comment.'}
              </Text>
            </Stack>
            {comment.error && (
              <Alert color="red" variant="light">
                {errorMessage(comment.error)}
              </Alert>
            )}
            <Button
              w="fit-content"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() =>
                mutateThen(comment, text, {
                  onSuccess: () => notifications.show({ color: 'clinic', message: 'Comment saved.' }),
                })
              }
              disabled={!changed}
              loading={comment.isPending}
            >
              Save comment
            </Button>
          </Editor>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="comment-preview">
            {report.vetCommentShown || 'No comment.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/weekly-reports/{uuid}`: one pet's week as it was computed on Monday (each tracker with a small chart,
 * weight, cards, journal, checkups, diet), the vet's comment, then "Mark reviewed" and "Send to owner".
 */
export function WeeklyReportPage() {
  const { uuid } = route.useParams();
  const report = useSuspenseQuery(weeklyReportQueryOptions(uuid)).data.weeklyReport;
  const review = useReviewMutation(uuid);
  const send = useSendMutation(uuid);
  const [confirming, setConfirming] = useState(false);
  const trackers = report.content.trackers.filter((t) => t.daysWithData > 0 || t.previousAverage !== null);

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/weekly-reports" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All weekly reports
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {report.pet.name}’s week
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {isoWeekLabel(report.week)} ({report.week})
            </Text>
            <WeeklyReportStatusBadge status={report.status} />
            <Anchor
              size="sm"
              renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: report.pet.uuid }} {...props} />}
            >
              Open {report.pet.name}’s profile
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed" data-testid="report-history">
            {report.reviewedBy && report.reviewedAt
              ? `Reviewed by ${report.reviewedBy.name}, ${formatDateTime(report.reviewedAt)}. `
              : ''}
            {report.sentBy && report.sentAt
              ? `Sent to ${report.ownerEmail ?? 'the owner'} by ${report.sentBy.name}, ${formatDateTime(report.sentAt)}.`
              : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          {report.canReview && (
            <Button
              leftSection={<IconChecks size={16} />}
              onClick={() =>
                mutateThen(review, undefined, {
                  onSuccess: () =>
                    notifications.show({ color: 'clinic', message: 'Report marked reviewed.' }),
                })
              }
              loading={review.isPending}
            >
              Mark reviewed
            </Button>
          )}
          {report.status !== 'sent' && (
            <Button
              leftSection={<IconSend size={16} />}
              variant={report.canSend ? 'filled' : 'default'}
              disabled={!report.canSend || !report.ownerEmail}
              title={!report.canSend ? 'Mark the report reviewed first' : undefined}
              onClick={() => setConfirming(true)}
            >
              Send to owner
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              Trackers
            </Title>
            {trackers.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tracker data this week or the week before.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                {trackers.map((tracker) => (
                  <TrackerCard key={tracker.kind} tracker={tracker} petName={report.pet.name} />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <CommentEditor report={report} />
            <WeekFacts report={report} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirming}
        title="Send the report to the owner?"
        confirmLabel="Send to owner"
        loading={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          mutateThen(send, undefined, {
            onSuccess: ({ email }) => {
              setConfirming(false);
              notifications.show({ color: 'clinic', message: `Report sent to ${email.to}.` });
            },
          })
        }
      >
        {report.pet.name}’s report for {isoWeekLabel(report.week)} is e-mailed to {report.ownerEmail}, with
        the report as a PDF attached. A sent report cannot change.
      </ConfirmModal>
    </Stack>
  );
}
