import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type PendingCard, type PendingCardTrigger, pendingCardItemStateLabels } from '@vetboard/contract';
import { useState } from 'react';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { CardSeverityBadge, triggerValueText } from '@/components/pending-cards/pending-card-cells.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { NoteModal } from './pending-card-note-modal.tsx';
import { useCardActionMutation } from './pending-cards.mutations.ts';

const HANDLED_AS: Record<string, string> = {
  checkup: 'Reviewed',
  journal_entry: 'Replied to',
  pet_question: 'Answered',
};

/** A signal kept on the resolved card rather than opening a repeat (issue #39): it needed no one. */
export const HELD_BACK = 'Held back: no worse than when the card was resolved';

/**
 * What became of the item, when its own handling resolved the trigger ("Reviewed by Helena Marsh"), or
 * what it still waits for while the trigger is open ("Awaiting review").
 */
export function itemStateText(trigger: PendingCardTrigger): string | null {
  if (!trigger.resolvedAt && trigger.itemState) return pendingCardItemStateLabels[trigger.itemState];
  const handled = trigger.source ? HANDLED_AS[trigger.source.entity] : undefined;
  if (!handled || !trigger.resolvedByItem || !trigger.resolvedAt) return null;
  return trigger.resolvedBy ? `${handled} by ${trigger.resolvedBy.name}` : handled;
}

function ItemLink({ trigger, petUuid }: { trigger: PendingCardTrigger; petUuid: string }) {
  const uuid = trigger.source?.uuid ?? '';
  if (trigger.source?.entity === 'checkup')
    return (
      <Anchor size="sm" renderRoot={(props) => <Link to="/checkups/$uuid" params={{ uuid }} {...props} />}>
        Open the checkup
      </Anchor>
    );
  if (trigger.source?.entity === 'journal_entry')
    return (
      <Anchor size="sm" renderRoot={(props) => <Link to="/journal/$uuid" params={{ uuid }} {...props} />}>
        Open the journal entry
      </Anchor>
    );
  if (trigger.source?.entity === 'pet_question')
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => <Link to="/pets/$uuid/qa" params={{ uuid: petUuid }} {...props} />}
      >
        Open the question
      </Anchor>
    );
  return null;
}

function SourceLink({ trigger, petUuid }: { trigger: PendingCardTrigger; petUuid: string }) {
  const state = itemStateText(trigger);
  return (
    <Group gap={6} wrap="wrap">
      <ItemLink trigger={trigger} petUuid={petUuid} />
      {state && (
        <Text size="xs" c="dimmed" data-testid="trigger-item-state">
          {state}
        </Text>
      )}
    </Group>
  );
}

export function TriggersTable({ card, canAct }: { card: PendingCard; canAct: boolean }) {
  const action = useCardActionMutation();
  // The last open trigger resolves the card with it, so it asks for the card's note, in the card's dialog.
  const [lastTrigger, setLastTrigger] = useState<PendingCardTrigger | null>(null);
  const last = card.openTriggerCount <= 1;
  return (
    <>
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
                    {trigger.source && <SourceLink trigger={trigger} petUuid={card.pet.uuid} />}
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
                  {trigger.heldBack ? (
                    <Text size="sm" c="dimmed" data-testid="trigger-held-back">
                      {HELD_BACK}
                    </Text>
                  ) : trigger.resolvedAt ? (
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
                        last
                          ? setLastTrigger(trigger)
                          : action.mutate({
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
      <NoteModal
        title="Resolve"
        label="Resolution note"
        description="This is the card’s last open trigger: resolving it resolves the card."
        opened={lastTrigger !== null}
        onClose={() => setLastTrigger(null)}
        pending={action.isPending}
        onSubmit={({ note }) =>
          action.mutateAsync({
            uuid: card.uuid,
            action: 'resolveTrigger',
            triggerUuid: lastTrigger?.uuid ?? '',
            body: { note },
          })
        }
      />
    </>
  );
}
