import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBell } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type PendingCardSummary, pendingCardConcernLabels } from '@vetboard/contract';
import { type ReactNode, useState } from 'react';
import { AssigneeCell, InboxAge } from '@/components/lists/inbox-cells.tsx';
import { CardSeverityBadge, CardStatusBadge } from '@/components/pending-cards/pending-card-cells.tsx';
import { LazyReminderFormModal } from '@/components/reminders/lazy-reminder-form-modal.tsx';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { VitalChart } from './pending-card-chart.tsx';
import { NoteModal } from './pending-card-note-modal.tsx';
import { TriggersTable } from './pending-card-triggers.tsx';
import { useCardActionMutation } from './pending-cards.mutations.ts';
import { pendingCardQueryOptions } from './pending-cards.queries.ts';

const route = getRouteApi('/_default/pending-cards/$uuid');

function CardList({ cards, empty }: { cards: PendingCardSummary[]; empty: string }) {
  if (cards.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs">
      {cards.map((other) => (
        <Group key={other.uuid} gap="xs" wrap="nowrap" justify="space-between">
          <Stack gap={0}>
            <Anchor
              size="sm"
              fw={600}
              renderRoot={(props) => (
                <Link to="/pending-cards/$uuid" params={{ uuid: other.uuid }} {...props} />
              )}
            >
              {pendingCardConcernLabels[other.concern]}
            </Anchor>
            <Text size="xs" c="dimmed">
              {other.status === 'resolved' && other.resolvedAt
                ? `Resolved ${formatDateTime(other.resolvedAt)} by ${other.resolvedBy?.name ?? 'the system'}${other.resolutionNote ? `: ${other.resolutionNote}` : ''}`
                : `Opened ${formatDateTime(other.openedAt)} · ${other.triggerCount} trigger${other.triggerCount === 1 ? '' : 's'}`}
            </Text>
          </Stack>
          <CardSeverityBadge severity={other.severity} />
        </Group>
      ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** `/pending-cards/{uuid}`: one card, its evidence, what a vet does with it, and the pet's other cards. */
export function PendingCardPage() {
  const { uuid } = route.useParams();
  const card = useSuspenseQuery(pendingCardQueryOptions(uuid)).data.pendingCard;
  const vetUuid = useAuthState().vet?.uuid;
  const action = useCardActionMutation();
  const [dialog, setDialog] = useState<'resolve' | 'snooze' | 'remind' | 'reopen' | null>(null);
  const open = card.status === 'open';
  const mine = card.claimedBy?.uuid === vetUuid;
  const snoozed = card.snoozedUntil !== null && card.snoozedUntil.seconds * 1000 > Date.now();

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor
        size="sm"
        renderRoot={(props) => <Link to="/pending-cards" {...props} />}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden /> Pending cards
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {card.pet.name}: {pendingCardConcernLabels[card.concern].toLowerCase()}
            </Title>
            <CardSeverityBadge severity={card.severity} />
            <CardStatusBadge card={card} />
          </Group>
          <Text size="sm" c="dimmed">
            {card.ownerName ?? 'No owner'}
            {card.companySku ? ` · ${card.companySku}` : ''} ·{' '}
            <Anchor
              size="sm"
              renderRoot={(props) => <Link to="/pets/$uuid" params={{ uuid: card.pet.uuid }} {...props} />}
            >
              Pet profile
            </Anchor>{' '}
            ·{' '}
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link to="/pets/$uuid/pending-cards" params={{ uuid: card.pet.uuid }} {...props} />
              )}
            >
              All of {card.pet.name}’s cards
            </Anchor>
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconBell size={16} aria-hidden />}
            onClick={() => setDialog('remind')}
          >
            Remind me
          </Button>
          {open && (!card.claimedBy || mine) ? (
            <Button
              variant={mine ? 'default' : 'filled'}
              loading={
                action.isPending &&
                (action.variables?.action === 'claim' || action.variables?.action === 'unclaim')
              }
              onClick={() => action.mutate({ uuid, action: mine ? 'unclaim' : 'claim' })}
            >
              {mine ? 'Unclaim' : 'I’m on it'}
            </Button>
          ) : null}
          {card.status === 'resolved' && (
            <Button variant="default" onClick={() => setDialog('reopen')}>
              Reopen
            </Button>
          )}
          {open && (
            <>
              <Button variant="default" onClick={() => setDialog('snooze')}>
                Snooze
              </Button>
              <Button color="teal" onClick={() => setDialog('resolve')}>
                Resolve
              </Button>
            </>
          )}
        </Group>
      </Group>

      <Paper withBorder p="md">
        <Grid>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Opened">
              <Text size="sm">{formatDateTime(card.openedAt)}</Text>
              {open && <InboxAge since={card.openedAt} acknowledged={Boolean(card.claimedBy)} />}
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Claimed by">
              <AssigneeCell assignee={card.claimedBy} />
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Fact label="Triggers">
              <Text size="sm">
                {card.openTriggerCount} open of {card.triggerCount}
              </Text>
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            {card.status === 'resolved' && card.resolvedAt ? (
              <Fact label="Resolved">
                <Text size="sm">
                  {formatDateTime(card.resolvedAt)} by {card.resolvedBy?.name ?? 'the system'}
                </Text>
                <Text size="sm" data-testid="resolution-note">
                  {card.resolutionNote}
                </Text>
              </Fact>
            ) : card.reopenedAt && !snoozed ? (
              <Fact label="Reopened">
                <Text size="sm">
                  {formatDateTime(card.reopenedAt)} by {card.reopenedBy?.name ?? 'a vet'}
                </Text>
                <Text size="sm" data-testid="reopen-reason">
                  {card.reopenReason}
                </Text>
              </Fact>
            ) : snoozed && card.snoozedUntil ? (
              <Fact label="Snoozed until">
                <Text size="sm">{formatDateTime(card.snoozedUntil)}</Text>
                <Text size="xs" c="dimmed">
                  {card.snoozedBy?.name}: {card.snoozeReason}
                </Text>
              </Fact>
            ) : null}
          </Grid.Col>
        </Grid>
      </Paper>

      {(card.concern === 'respiratory' || card.concern === 'weight') && (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
          <VitalChart card={card} />
        </Paper>
      )}

      <Stack gap="xs">
        <Title order={2} size="h4">
          Triggers
        </Title>
        <Paper withBorder>
          <TriggersTable card={card} canAct={open} />
        </Paper>
      </Stack>

      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {card.pet.name}’s other open cards
            </Title>
            <CardList cards={card.otherOpenCards} empty="No other open card." />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Resolution history
            </Title>
            <CardList
              cards={card.history}
              empty={`No earlier ${pendingCardConcernLabels[card.concern].toLowerCase()} card resolved.`}
            />
          </Paper>
        </Grid.Col>
      </Grid>

      <LazyReminderFormModal
        opened={dialog === 'remind'}
        onClose={() => setDialog(null)}
        pet={card.pet}
        pendingCardUuid={card.uuid}
        suggestedTitle={`Check ${card.pet.name}’s ${pendingCardConcernLabels[card.concern].toLowerCase()}`}
      />
      <NoteModal
        title="Resolve"
        label="Resolution note"
        opened={dialog === 'resolve'}
        onClose={() => setDialog(null)}
        pending={action.isPending}
        onSubmit={({ note }) => action.mutateAsync({ uuid, action: 'resolve', body: { note } })}
      />
      <NoteModal
        title="Reopen"
        label="Why it is not done"
        description="The card opens again with the triggers its resolution closed, and becomes yours."
        asReason
        opened={dialog === 'reopen'}
        onClose={() => setDialog(null)}
        pending={action.isPending}
        onSubmit={({ note }) => action.mutateAsync({ uuid, action: 'reopen', body: { reason: note } })}
      />
      <NoteModal
        title="Snooze"
        label="Why"
        withUntil
        opened={dialog === 'snooze'}
        onClose={() => setDialog(null)}
        pending={action.isPending}
        onSubmit={({ note, until }) =>
          action.mutateAsync({
            uuid,
            action: 'snooze',
            body: { reason: note, until: { seconds: until ?? 0 } },
          })
        }
      />
    </Stack>
  );
}
