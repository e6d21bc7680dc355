import {
  Alert,
  Anchor,
  Badge,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { IconCamera, IconHeartbeat, IconMessage } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  countOf,
  type JournalCategory,
  type JournalEntrySummary,
  journalCategories,
} from '@vetboard/contract';
import { SeverityBadge } from '@/components/lists/inbox-cells.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { petJournalQueryOptions } from './journal.queries.ts';
import { JOURNAL_CATEGORY_LABELS, JournalStatusBadge } from './journal-cells.tsx';

const route = getRouteApi('/pets/$uuid/journal');

const BULLET_COLORS = { 1: 'gray', 2: 'orange', 3: 'red' } as const;

function Entry({ entry }: { entry: JournalEntrySummary }) {
  return (
    <Stack gap={4} data-testid="timeline-entry" data-category={entry.category}>
      <Group gap="xs" wrap="wrap">
        <SeverityBadge severity={entry.severity} />
        <JournalStatusBadge status={entry.status} />
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.occurredAt)}
        </Text>
        {entry.photoCount > 0 && (
          <Badge
            variant="light"
            color="gray"
            tt="none"
            radius="sm"
            leftSection={<IconCamera size={12} aria-hidden />}
          >
            {countOf(entry.photoCount, { one: 'photo', other: 'photos' })}
          </Badge>
        )}
      </Group>
      <Text size="sm">{entry.notes || 'No notes.'}</Text>
      {entry.repliedBy && (
        <Group gap={4} c="dimmed" wrap="nowrap">
          <IconMessage size={12} aria-hidden />
          <Text size="xs" c="dimmed">
            Replied by {entry.repliedBy.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** `/pets/{uuid}/journal`: the pet's wellbeing journal as a timeline, newest first, by category. */
export function PetJournalPage() {
  const { uuid } = route.useParams();
  const { category } = route.useSearch();
  const navigate = route.useNavigate();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const journal = useQuery(petJournalQueryOptions(uuid, category));
  const entries = journal.data?.journalEntries;

  return (
    <Stack gap="lg" maw={900}>
      <ListPageHeader
        title="Wellbeing"
        description={`What ${pet.name}’s owner reported in the app’s symptoms journal, newest first.`}
        actions={
          <Select
            aria-label="Category"
            placeholder="All categories"
            data={journalCategories.map((value) => ({ value, label: JOURNAL_CATEGORY_LABELS[value] }))}
            value={category ?? null}
            onChange={(value) =>
              void navigate({ search: { category: (value as JournalCategory | null) ?? undefined } })
            }
            clearable
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {journal.isError ? (
          <Alert color="red" variant="light" title="Could not load the journal">
            {errorMessage(journal.error)}
          </Alert>
        ) : entries === undefined ? (
          <Stack gap="md" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={48} />
            ))}
          </Stack>
        ) : entries.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconHeartbeat size={28} stroke={1.5} />}
            withIndicatorBackground
            title={
              category ? `No ${JOURNAL_CATEGORY_LABELS[category].toLowerCase()} entries` : 'No entries yet'
            }
            description={`${pet.name}’s owner has not reported ${category ? 'this' : 'anything'} in the app.`}
            data-testid="journal-empty"
          />
        ) : (
          <Timeline bulletSize={14} lineWidth={2} aria-label="Journal entries" data-testid="pet-journal">
            {entries.map((entry) => (
              <Timeline.Item
                key={entry.uuid}
                color={BULLET_COLORS[entry.severity]}
                title={
                  <Anchor
                    fw={600}
                    size="sm"
                    renderRoot={(props) => (
                      <Link to="/journal/$uuid" params={{ uuid: entry.uuid }} {...props} />
                    )}
                  >
                    {JOURNAL_CATEGORY_LABELS[entry.category]}
                  </Anchor>
                }
              >
                <Entry entry={entry} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
      {journal.data && journal.data.pagination.total > (entries?.length ?? 0) && (
        <Text size="sm" c="dimmed">
          The {entries?.length} most recent of {journal.data.pagination.total} entries.{' '}
          <Anchor
            size="sm"
            renderRoot={(props) => <Link to="/journal" search={{ search: pet.name }} {...props} />}
          >
            See them all in the inbox
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
