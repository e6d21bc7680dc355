import {
  fullName,
  type PendingCard,
  type PendingCardItemState,
  type PendingCardSummary,
  type PendingCardTrigger,
  type PendingCardTriggerKind,
  pendingCardTriggerKindInfo,
  severityOfRank,
  toTimestamp,
} from '@vetboard/contract';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { CardDetailsRow, TriggerWithResolverRow } from './pending-cards.inbox.repository.ts';

type Person = { id: string; firstName: string; lastName: string } | null;

const personRef = (person: Person) => (person ? { uuid: person.id, name: fullName(person) } : null);
const stamp = (date: Date | null) => (date ? toTimestamp(date) : null);

/** An item's key in the card's item states: its entity and id. */
export const itemKey = (entity: string | null, id: string | null) => `${entity}:${id}`;

export function toTriggerDto(
  { trigger, resolvedBy }: TriggerWithResolverRow,
  itemState: PendingCardItemState | null = null,
): PendingCardTrigger {
  const kind = trigger.kind as PendingCardTriggerKind;
  return {
    uuid: trigger.id,
    kind,
    label: pendingCardTriggerKindInfo[kind]?.label ?? trigger.kind,
    severity: severityOfRank(trigger.severity),
    value: trigger.value,
    threshold: trigger.threshold,
    unit: trigger.unit,
    detail: trigger.detail,
    source:
      trigger.sourceEntity && trigger.sourceId
        ? { entity: trigger.sourceEntity, uuid: trigger.sourceId }
        : null,
    at: toTimestamp(trigger.at),
    resolvedAt: stamp(trigger.resolvedAt),
    resolvedBy: personRef(resolvedBy),
    resolutionNote: trigger.resolutionNote,
    resolvedByItem: trigger.resolvedByItem,
    heldBack: trigger.heldBack,
    itemState: trigger.resolvedAt ? null : itemState,
  };
}

export function toCardSummaryDto(
  row: CardDetailsRow,
  latest: TriggerWithResolverRow | undefined,
): WithoutPetAlerts<PendingCardSummary> {
  const { card } = row;
  return {
    uuid: card.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName: row.owner ? fullName(row.owner) : null,
    companySku: row.owner?.b2bCode ?? null,
    concern: card.concern,
    severity: severityOfRank(card.severity),
    status: card.status,
    openedAt: toTimestamp(card.openedAt),
    lastTriggerAt: toTimestamp(card.lastTriggerAt),
    triggerCount: card.triggerCount,
    openTriggerCount: card.openTriggerCount,
    latestTrigger: latest ? toTriggerDto(latest) : null,
    claimedBy: personRef(row.claimedBy),
    claimedAt: stamp(card.claimedAt),
    snoozedUntil: stamp(card.snoozedUntil),
    snoozedBy: personRef(row.snoozedBy),
    snoozeReason: card.snoozeReason,
    resolvedAt: stamp(card.resolvedAt),
    resolvedBy: personRef(row.resolvedBy),
    resolutionNote: card.resolutionNote,
  };
}

export function toCardDto(
  row: CardDetailsRow,
  triggers: TriggerWithResolverRow[],
  others: PendingCardSummary[],
  history: PendingCardSummary[],
  reopenedBy: Person,
  itemStates: ReadonlyMap<string, PendingCardItemState> = new Map(),
): WithoutPetAlerts<PendingCard> {
  return {
    ...toCardSummaryDto(row, triggers[0]),
    reopenedAt: stamp(row.card.reopenedAt),
    reopenedBy: personRef(reopenedBy),
    reopenReason: row.card.reopenReason,
    triggers: triggers.map((trigger) =>
      toTriggerDto(
        trigger,
        itemStates.get(itemKey(trigger.trigger.sourceEntity, trigger.trigger.sourceId)) ?? null,
      ),
    ),
    otherOpenCards: others,
    history,
  };
}
