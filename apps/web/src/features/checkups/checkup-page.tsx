import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconMessage,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Checkup } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { ItemPendingCards } from '@/components/pending-cards/item-pending-cards.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { buildUrl } from '@/lib/api/http-client.ts';
import { checkupQueryOptions } from '@/lib/checkups/checkup.queries.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { CheckupStatusBadge } from './checkup-cells.tsx';
import { useReviewCheckupMutation } from './checkups.mutations.ts';

const route = getRouteApi('/_default/checkups/$uuid');

type Question = Checkup['questionGroups'][number]['questions'][number];

function Answer({ question, answered }: { question: Question; answered: boolean }) {
  const answer = question.answer;
  const problematic = answer?.problematic === true;
  return (
    <Box
      p="sm"
      data-question={question.title}
      data-problematic={problematic || undefined}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        borderLeft: `4px solid ${problematic ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-3)'}`,
        background: problematic ? 'var(--mantine-color-red-0)' : undefined,
      }}
    >
      <Text size="sm" c="dimmed">
        {question.title}
      </Text>
      {answer ? (
        <Group gap={8} mt={2} wrap="wrap">
          {problematic && <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />}
          <Text size="sm" fw={600} c={problematic ? 'red.9' : undefined} data-testid="answer">
            {answer.title}
          </Text>
          {problematic && (
            <Badge color="red" variant="filled" size="sm" tt="none" radius="sm">
              Problematic
            </Badge>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed" fs="italic" mt={2}>
          {answered ? 'Not answered' : 'Waiting for the owner'}
        </Text>
      )}
    </Box>
  );
}

function CheckupTimeline({ checkup }: { checkup: Checkup }) {
  const active = checkup.status === 'reviewed' ? 2 : checkup.status === 'answered' ? 1 : 0;
  return (
    <Timeline active={active} bulletSize={24} lineWidth={2} aria-label="Timeline">
      <Timeline.Item bullet={<IconSend size={14} />} title="Sent">
        <Text size="sm" c="dimmed">
          {formatDateTime(checkup.sentAt)}
        </Text>
      </Timeline.Item>
      <Timeline.Item bullet={<IconMessage size={14} />} title="Answered">
        <Text size="sm" c="dimmed">
          {checkup.answeredAt ? formatDateTime(checkup.answeredAt) : 'Not yet'}
        </Text>
        {checkup.filledBy && (
          <Text size="sm" c="dimmed">
            Filled by {checkup.filledBy.name} during a call
          </Text>
        )}
      </Timeline.Item>
      <Timeline.Item bullet={<IconCheck size={14} />} title="Reviewed">
        <Text size="sm" c="dimmed">
          {checkup.reviewedAt && checkup.reviewedBy
            ? `${formatDateTime(checkup.reviewedAt)} by ${checkup.reviewedBy.name}`
            : 'Not yet'}
        </Text>
      </Timeline.Item>
    </Timeline>
  );
}

function ReviewPanel({ checkup }: { checkup: Checkup }) {
  const review = useReviewCheckupMutation(checkup.uuid);
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState('');
  const reviewed = checkup.status === 'reviewed';

  if (checkup.status === 'sent') {
    return (
      <Text size="sm" c="dimmed">
        The owner has not answered yet: it can be reviewed once they have.
      </Text>
    );
  }

  const submit = () =>
    mutateThen(
      review,
      { comment },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({
            color: 'clinic',
            message: reviewed ? 'Comment amended.' : 'Checkup marked reviewed.',
          });
        },
      },
    );

  const form = (
    <Editor
      name="checkup-review"
      what="the comment"
      dirty={() => comment.trim() !== '' && !review.isPending}
      dirtyOnUnload={() => comment.trim() !== ''}
    >
      <Stack gap="sm">
        <Textarea
          label={reviewed ? 'Amended comment' : 'Vet comment'}
          description={reviewed ? 'The current comment is kept in the history.' : undefined}
          placeholder="What you told the owner, what happens next"
          autosize
          minRows={3}
          maxRows={10}
          maxLength={5000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {review.error && (
          <Alert color="red" variant="light">
            {errorMessage(review.error)}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={submit} loading={review.isPending} leftSection={<IconCheck size={16} />}>
            {reviewed ? 'Save amendment' : 'Mark reviewed'}
          </Button>
          {reviewed && (
            <Button variant="default" onClick={() => setEditing(false)} disabled={review.isPending}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Editor>
  );

  if (!reviewed) return form;
  return (
    <Stack gap="md">
      <Stack gap={4} data-testid="vet-comment">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {checkup.vetComment || (
            <Text span c="dimmed" fs="italic">
              No comment
            </Text>
          )}
        </Text>
        {checkup.reviewedBy && checkup.reviewedAt && (
          <Text size="xs" c="dimmed">
            {checkup.reviewedBy.name}, {formatDateTime(checkup.reviewedAt)}
          </Text>
        )}
      </Stack>
      {editing ? (
        form
      ) : (
        <Button
          variant="light"
          onClick={() => {
            setComment(checkup.vetComment ?? '');
            review.reset();
            setEditing(true);
          }}
        >
          Amend the comment
        </Button>
      )}
      {checkup.commentHistory.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Earlier comments">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Earlier comments
          </Text>
          {[...checkup.commentHistory].reverse().map((entry) => (
            <Box
              key={`${entry.at.seconds}-${entry.comment}`}
              pl="sm"
              style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
              data-testid="comment-history-entry"
            >
              <Text size="sm" c="dimmed" td="line-through" style={{ whiteSpace: 'pre-wrap' }}>
                {entry.comment || 'No comment'}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.by?.name ?? 'Unknown vet'}, {formatDateTime(entry.at)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/checkups/{uuid}`: one checkup as the owner answered it (the questions of the version it was sent
 * with), the worrying answers marked, its timeline and the vet's review.
 */
export function CheckupPage() {
  const { uuid } = route.useParams();
  const { checkup } = useSuspenseQuery(checkupQueryOptions(uuid)).data;
  const answered = checkup.status !== 'sent';

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/checkups" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All checkups
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {checkup.form.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Anchor
              fw={600}
              renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: checkup.pet.uuid }} {...props} />}
              data-testid="checkup-pet"
            >
              {checkup.pet.name}
            </Anchor>
            {checkup.ownerName && (
              <Text c="dimmed" size="sm">
                owned by {checkup.ownerName}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <CheckupStatusBadge status={checkup.status} />
            {checkup.problematicCount > 0 && (
              <Badge
                color="red"
                variant="light"
                tt="none"
                radius="sm"
                leftSection={<IconAlertTriangle size={12} />}
              >
                {countOf(checkup.problematicCount, {
                  one: 'problematic answer',
                  other: 'problematic answers',
                })}
              </Badge>
            )}
            <Text size="xs" c="dimmed">
              Version {checkup.form.version}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          {/* The owner is on the phone and has not answered: the vet answers this same checkup. */}
          {checkup.status === 'sent' && (
            <Button
              leftSection={<IconPencil size={16} stroke={1.7} />}
              renderRoot={(props) => (
                <Link
                  to="/pets/$uuid/checkups/$checkupUuid/new"
                  params={{ uuid: checkup.pet.uuid, checkupUuid: checkup.uuid }}
                  {...props}
                />
              )}
            >
              Fill in during a call
            </Button>
          )}
          <Button
            component="a"
            href={buildUrl(publicConfig.apiBaseUrl, `/v1/checkups/${checkup.uuid}/fhir`, {})}
            download={`checkup-${checkup.uuid}.fhir.json`}
            variant="default"
            leftSection={<IconDownload size={16} stroke={1.7} />}
          >
            Download as FHIR
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            {checkup.questionGroups.map((group) => (
              <Paper key={group.uuid} withBorder p="md" component="section" aria-label={group.title}>
                <Title order={2} fz="md" mb="sm">
                  {group.title}
                </Title>
                <Stack gap="xs">
                  {group.questions.map((question) => (
                    <Answer key={question.uuid} question={question} answered={answered} />
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <ItemPendingCards cards={checkup.pendingCards} item="checkup" />
            <Paper withBorder p="md" component="section" aria-label="Review">
              <Title order={2} fz="md" mb="sm">
                Review
              </Title>
              <ReviewPanel checkup={checkup} />
            </Paper>
            <Paper withBorder p="md" component="section" aria-label="Timeline">
              <Title order={2} fz="md" mb="md">
                Timeline
              </Title>
              <CheckupTimeline checkup={checkup} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
