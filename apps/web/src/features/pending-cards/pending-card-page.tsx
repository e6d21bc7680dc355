import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconBell } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  type PendingCard,
  type PendingCardSummary,
  type PendingCardTrigger,
  pendingCardConcernLabels,
  pendingCardResolveSchema,
  pendingCardSnoozeSchema,
} from '@vetboard/contract';
import { type ReactNode, useState } from 'react';
import { LazyTimeSeriesChart } from '@/components/charts/lazy-time-series-chart.tsx';
import { Editor } from '@/components/editors/editor.tsx';
import { AssigneeCell, InboxAge } from '@/components/lists/inbox-cells.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import {
  CardSeverityBadge,
  CardStatusBadge,
  triggerValueText,
} from '@/components/pending-cards/pending-card-cells.tsx';
import { LazyReminderFormModal } from '@/components/reminders/lazy-reminder-form-modal.tsx';
import {
  respiratoryPointColor,
  respiratorySeverity,
  respiratoryThresholdLines,
} from '@/components/trackers/respiratory-chart.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { useCardActionMutation } from './pending-cards.mutations.ts';
import {
  cardRespiratoryChartQueryOptions,
  cardWeightChartQueryOptions,
  pendingCardQueryOptions,
  type VitalRange,
} from './pending-cards.queries.ts';

const route = getRouteApi('/_default/pending-cards/$uuid');

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

function VitalChart({ card }: { card: PendingCard }) {
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

function SourceLink({ trigger }: { trigger: PendingCardTrigger }) {
  if (trigger.source?.entity === 'checkup')
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/checkups/$uuid" params={{ uuid: trigger.source?.uuid ?? '' }} {...props} />
        )}
      >
        Open the checkup
      </Anchor>
    );
  if (trigger.source?.entity === 'journal_entry')
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/journal/$uuid" params={{ uuid: trigger.source?.uuid ?? '' }} {...props} />
        )}
      >
        Open the journal entry
      </Anchor>
    );
  return null;
}

function TriggersTable({ card, canAct }: { card: PendingCard; canAct: boolean }) {
  const action = useCardActionMutation();
  return (
    <TableScroll minWidth={760} label="Triggers">
      <Table verticalSpacing="sm" aria-label="Triggers" data-testid="triggers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Trigger</Table.Th>
            <Table.Th>Value vs threshold</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Resolved</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {card.triggers.map((trigger) => (
            <Table.Tr key={trigger.uuid} data-trigger-kind={trigger.kind}>
              <Table.Td>
                <Stack gap={2}>
                  <Group gap={6}>
                    <CardSeverityBadge severity={trigger.severity} />
                    <Text size="sm">{trigger.label}</Text>
                  </Group>
                  {trigger.detail && (
                    <Text size="xs" c="dimmed">
                      {trigger.detail}
                    </Text>
                  )}
                  <SourceLink trigger={trigger} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="trigger-value">
                  {triggerValueText(trigger)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(trigger.at)}
                </Text>
              </Table.Td>
              <Table.Td>
                {trigger.resolvedAt ? (
                  <Stack gap={0}>
                    <Text size="sm">{trigger.resolvedBy?.name ?? 'Resolved by the system'}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(trigger.resolvedAt)}
                      {trigger.resolutionNote ? ` · ${trigger.resolutionNote}` : ''}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    Open
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {canAct && !trigger.resolvedAt && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={
                      action.isPending &&
                      action.variables?.action === 'resolveTrigger' &&
                      action.variables.triggerUuid === trigger.uuid
                    }
                    onClick={() =>
                      action.mutate({
                        uuid: card.uuid,
                        action: 'resolveTrigger',
                        triggerUuid: trigger.uuid,
                        body: {},
                      })
                    }
                    aria-label={`Resolve trigger of ${formatDateTime(trigger.at)}`}
                  >
                    Resolve trigger
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

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

function NoteModal({
  title,
  label,
  opened,
  onClose,
  onSubmit,
  pending,
  withUntil,
}: {
  title: string;
  label: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: (values: { note: string; until?: number }) => Promise<unknown>;
  pending: boolean;
  withUntil?: boolean;
}) {
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ note?: string; until?: string; form?: string }>({});
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Editor
        name="pending-card-note"
        what="the note"
        dirty={() => (note.trim() !== '' || until !== '') && !pending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const untilSeconds = until ? Math.floor(new Date(until).getTime() / 1000) : Number.NaN;
            const parsed = withUntil
              ? pendingCardSnoozeSchema.safeParse({ until: { seconds: untilSeconds }, reason: note })
              : pendingCardResolveSchema.safeParse({ note });
            if (!parsed.success) {
              const found: typeof errors = {};
              for (const issue of parsed.error.issues) {
                if (issue.path[0] === 'until') found.until = 'Choose when the card comes back';
                else found.note = issue.message;
              }
              setErrors(found);
              return;
            }
            onSubmit({ note: note.trim(), until: untilSeconds })
              .then(() => {
                setNote('');
                setUntil('');
                onClose();
              })
              .catch((failure: unknown) => setErrors({ form: errorMessage(failure) }));
          }}
        >
          <Stack>
            {withUntil && (
              <TextInput
                type="datetime-local"
                label="Snooze until"
                value={until}
                onChange={(event) => setUntil(event.currentTarget.value)}
                error={errors.until}
              />
            )}
            <Textarea
              label={label}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
              autosize
              minRows={3}
              data-autofocus
            />
            {errors.form && (
              <Alert color="red" variant="light">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                {title}
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
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
  const [dialog, setDialog] = useState<'resolve' | 'snooze' | 'remind' | null>(null);
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
