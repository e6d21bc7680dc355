import { Anchor, Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecks, IconSend } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { isoWeekLabel } from '@vetboard/contract';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { WeeklyReportStatusBadge } from './weekly-report-cells.tsx';
import { CommentEditor } from './weekly-report-comment.tsx';
import { TrackerCard, WeekFacts } from './weekly-report-week.tsx';
import { useReviewMutation, useSendMutation } from './weekly-reports.mutations.ts';
import { weeklyReportQueryOptions } from './weekly-reports.queries.ts';

const route = getRouteApi('/_default/weekly-reports/$uuid');

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
