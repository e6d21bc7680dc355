import {
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconEye } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { JournalEntry, JournalEntrySummary, JournalPhoto } from '@vetboard/contract';
import { useState } from 'react';
import { CurrentDietPlanCard } from '@/components/diets/current-diet-plan-card.tsx';
import { SeverityBadge } from '@/components/lists/inbox-cells.tsx';
import { ItemPendingCards } from '@/components/pending-cards/item-pending-cards.tsx';
import { LatestTrackersCard } from '@/components/trackers/latest-trackers-card.tsx';
import { buildUrl } from '@/lib/api/http-client.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useEntryActionMutation } from './journal.mutations.ts';
import { journalEntryQueryOptions } from './journal.queries.ts';
import { JOURNAL_CATEGORY_LABELS, JournalStatusBadge } from './journal-cells.tsx';
import { ReplyPanel } from './journal-reply-panel.tsx';

const route = getRouteApi('/_default/journal/$uuid');

const photoUrl = (photo: JournalPhoto) => buildUrl(publicConfig.apiBaseUrl, photo.url, {});

function Photos({ entry }: { entry: JournalEntry }) {
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : entry.photos[open];
  if (entry.photos.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No photos.
      </Text>
    );
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {entry.photos.map((photo, index) => (
          <UnstyledButton
            key={photo.uuid}
            onClick={() => setOpen(index)}
            aria-label={`Enlarge photo ${index + 1} of ${entry.photos.length}`}
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
            data-testid="journal-photo"
          >
            <img
              src={photoUrl(photo)}
              alt={`${entry.pet.name}, sent by the owner (${index + 1} of ${entry.photos.length})`}
              loading="lazy"
              style={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={shown !== undefined}
        onClose={() => setOpen(null)}
        title={`Photo ${(open ?? 0) + 1} of ${entry.photos.length}`}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': 'Close the photo' }}
      >
        {shown && (
          <Stack gap="sm">
            <img
              src={photoUrl(shown)}
              alt={`${entry.pet.name}, sent by the owner, enlarged`}
              style={{ display: 'block', width: '100%', height: 'auto', imageRendering: 'auto' }}
              data-testid="journal-photo-enlarged"
            />
            {entry.photos.length > 1 && (
              <Group justify="space-between">
                <Button
                  variant="default"
                  disabled={open === 0}
                  onClick={() => setOpen((index) => Math.max(0, (index ?? 0) - 1))}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  disabled={open === entry.photos.length - 1}
                  onClick={() => setOpen((index) => Math.min(entry.photos.length - 1, (index ?? 0) + 1))}
                >
                  Next
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}

function RecentEntries({ entries }: { entries: JournalEntrySummary[] }) {
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No other entries in the last 30 days.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.uuid} data-testid="recent-entry">
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} miw={0}>
              <Anchor
                size="sm"
                fw={600}
                renderRoot={(props) => <Link to="/journal/$uuid" params={{ uuid: entry.uuid }} {...props} />}
              >
                {JOURNAL_CATEGORY_LABELS[entry.category]}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.occurredAt)}
              </Text>
            </Stack>
            <SeverityBadge severity={entry.severity} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * `/journal/{uuid}`: one entry as the owner wrote it (notes, photos to enlarge) beside the pet's context
 * (latest vitals, current diet plan, other recent entries); the vet replies to the owner, marks it seen
 * and resolves it.
 */
export function JournalEntryPage() {
  const { uuid } = route.useParams();
  const { journalEntry: entry, context } = useSuspenseQuery(journalEntryQueryOptions(uuid)).data;
  const see = useEntryActionMutation(uuid, 'seen');
  const resolve = useEntryActionMutation(uuid, 'resolve');
  const category = JOURNAL_CATEGORY_LABELS[entry.category];

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/journal" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All journal entries
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {category}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Anchor
              fw={600}
              renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: entry.pet.uuid }} {...props} />}
              data-testid="journal-pet"
            >
              {entry.pet.name}
            </Anchor>
            {entry.ownerName && (
              <Text c="dimmed" size="sm">
                owned by {entry.ownerName}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <SeverityBadge severity={entry.severity} />
            <JournalStatusBadge status={entry.status} />
            <Text size="xs" c="dimmed">
              Occurred {formatDateTime(entry.occurredAt)} · received {formatDateTime(entry.receivedAt)}
            </Text>
          </Group>
        </Stack>
        {entry.status !== 'resolved' && (
          <Group gap="sm">
            {entry.status === 'new' && (
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                loading={see.isPending}
                onClick={() => see.mutate()}
              >
                Mark seen
              </Button>
            )}
            <Button
              leftSection={<IconCheck size={16} />}
              loading={resolve.isPending}
              onClick={() =>
                mutateThen(resolve, undefined, {
                  onSuccess: () => notifications.show({ color: 'clinic', message: 'Entry resolved.' }),
                })
              }
            >
              Resolve
            </Button>
          </Group>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-label="The owner’s entry">
              <Title order={2} fz="md" mb="sm">
                The owner’s notes
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="journal-notes" mb="md">
                {entry.notes || 'No notes.'}
              </Text>
              <Title order={3} fz="sm" mb="xs">
                Photos
              </Title>
              <Photos entry={entry} />
            </Paper>
            <Paper withBorder p="md" component="section" aria-label="Reply">
              <Title order={2} fz="md" mb="sm">
                {entry.replies.length > 1 ? `Replies (${entry.replies.length})` : 'Reply'}
              </Title>
              <ReplyPanel entry={entry} />
            </Paper>
            {(entry.seenBy || entry.resolvedBy) && (
              <Text size="xs" c="dimmed" data-testid="journal-handled">
                {entry.seenBy &&
                  entry.seenAt &&
                  `Seen by ${entry.seenBy.name}, ${formatDateTime(entry.seenAt)}. `}
                {entry.resolvedBy &&
                  entry.resolvedAt &&
                  `Resolved by ${entry.resolvedBy.name}, ${formatDateTime(entry.resolvedAt)}.`}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <ItemPendingCards cards={entry.pendingCards} item="entry" />
            <LatestTrackersCard petUuid={entry.pet.uuid} />
            <CurrentDietPlanCard petUuid={entry.pet.uuid} />
            <Paper withBorder p="md" component="section" aria-label="Other recent entries">
              <Group justify="space-between" mb="sm">
                <Title order={2} fz="md">
                  Other recent entries
                </Title>
                <Anchor
                  size="sm"
                  renderRoot={(props) => (
                    <Link to="/pets/$uuid/journal" params={{ uuid: entry.pet.uuid }} {...props} />
                  )}
                >
                  Wellbeing journal
                </Anchor>
              </Group>
              <RecentEntries entries={context.recentEntries} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
