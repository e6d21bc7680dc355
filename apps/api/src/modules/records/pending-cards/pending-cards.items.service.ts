import { type ItemPendingCard, severityOfRank } from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { personRef } from '../../../lib/person-ref.ts';
import type { VetActor } from '../../../policy/actor.ts';
import {
  lockCard,
  openCardsWithTriggersOf,
  resolveTriggers,
  type TriggerSource,
} from './pending-cards.actions.repository.ts';
import { applyCardChange, resolveOpenCard } from './pending-cards.actions.service.ts';
import { cardsOfItemTriggers } from './pending-cards.items.repository.ts';
import { refreshTriggerCounts } from './pending-cards.signals.repository.ts';

export type { TriggerSource } from './pending-cards.actions.repository.ts';

/**
 * Handling an item (a checkup reviewed, a journal entry replied to, an owner's question answered)
 * handles the triggers it raised: a case is worked once, not on the item and again on its card. Runs in
 * the item's transaction, so the review and the resolution exist together. The vet's words are each
 * trigger's resolution note, and the card's when that was its last open trigger; both audited as the
 * vet's, naming the item, and announced so an open queue drops the card live.
 */
export async function resolveTriggersOfItem(
  tx: DbOrTx,
  actor: VetActor,
  item: TriggerSource,
  note: string,
  at: Date,
): Promise<void> {
  // In id order, as every other path that locks several cards, so two of them cannot deadlock.
  for (const cardId of await openCardsWithTriggersOf(tx, item)) {
    const card = await lockCard(tx, cardId, undefined);
    if (card?.status !== 'open') continue;
    const by = { vetId: actor.vetId, at, note };
    const resolved = await resolveTriggers(tx, { cardId, source: item }, by);
    if (resolved === 0) continue;
    await refreshTriggerCounts(tx, [cardId]);
    const open = card.openTriggerCount - resolved;
    const changes = open > 0 ? { openTriggerCount: open } : await resolveOpenCard(tx, card, by);
    await applyCardChange(
      tx,
      actor,
      card,
      open > 0 ? 'pending_cards.resolve_trigger' : 'pending_cards.resolve',
      changes,
      { by: { entity: item.entity, uuid: item.id }, triggersResolved: resolved },
    );
  }
}

/**
 * The cards each item's triggers feed, by item id (every id asked for is in the map, most with none),
 * for the item's own page. The caller has found the items in the actor's scope; a card is about the
 * same pet as the item that fed it, so it needs no scope of its own.
 */
export async function pendingCardsOfItems(
  db: DbOrTx,
  entity: TriggerSource['entity'],
  ids: readonly string[],
): Promise<Map<string, ItemPendingCard[]>> {
  const byItem = new Map<string, ItemPendingCard[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byItem;
  for (const row of await cardsOfItemTriggers(db, entity, ids)) {
    byItem.get(row.sourceId)?.push({
      uuid: row.id,
      concern: row.concern,
      severity: severityOfRank(row.severity),
      status: row.status,
      claimedBy: personRef(row.claimedBy),
      triggerResolved: row.triggerResolved,
    });
  }
  return byItem;
}
