import {
  type PendingCard,
  type PendingCardBulkResolve,
  type PendingCardReopen,
  type PendingCardResolve,
  type PendingCardSnooze,
  type PendingCardTriggerResolve,
  timestampToDate,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { recordPetEvent } from '../../core/pets/index.ts';
import type { ReleaseReason } from '../../core/vets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import {
  lockCard,
  lockClaimedOutsideScope,
  lockTrigger,
  openCardOfConcernExists,
  reopenTriggersResolvedWith,
  resolveTriggers,
  updateCard,
} from './pending-cards.actions.repository.ts';
import { pendingCardsErrors } from './pending-cards.errors.ts';
import { cardScope, getPendingCard, type PendingCardsDeps } from './pending-cards.inbox.service.ts';
import { refreshTriggerCounts } from './pending-cards.signals.repository.ts';
import type { PendingCardRow } from './pending-cards.table.ts';

// --- a vet's actions -----------------------------------------------------------------------------

export const auditState = (
  card: Pick<
    PendingCardRow,
    'status' | 'claimedByVetId' | 'snoozedUntil' | 'snoozeReason' | 'resolutionNote'
  >,
) => ({
  status: card.status,
  claimedBy: card.claimedByVetId,
  snoozedUntil: card.snoozedUntil?.toISOString() ?? null,
  snoozeReason: card.snoozeReason,
  resolutionNote: card.resolutionNote,
});

/**
 * Writes a change to a locked card and says so: the live event its pet's pages listen for, and the audit
 * with the card's state before and after (and what else explains it, `extra`). Every path that changes a
 * card (a vet's action, a job, an item's handling) goes through it.
 */
export async function applyCardChange(
  tx: DbOrTx,
  actor: Actor,
  card: PendingCardRow,
  action: string,
  changes: Partial<PendingCardRow>,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await updateCard(tx, card.id, changes);
  await recordPetEvent(tx, card.petId, {
    type: 'pending_card.changed',
    entity: 'pending_card',
    id: card.id,
    actor: eventActorOf(actor),
  });
  await recordAudit(tx, actor, {
    action,
    entity: 'pending_card',
    entityId: card.id,
    changes: { before: auditState(card), after: auditState({ ...card, ...changes }), ...extra },
  });
}

/**
 * Locks the card in scope (404 otherwise) and refuses a resolved one (409); then applies `change`,
 * records the live event and the audit with the card's state before and after.
 */
async function changeCard(
  deps: PendingCardsDeps,
  id: string,
  actor: VetActor,
  action: string,
  change: (tx: DbOrTx, card: PendingCardRow, at: Date) => Promise<Partial<PendingCardRow> | null>,
): Promise<{ pendingCard: PendingCard }> {
  await deps.db.transaction(async (tx) => {
    const card = await lockCard(tx, id, cardScope(actor));
    if (!card) throw pendingCardsErrors.notFound();
    if (card.status === 'resolved') throw pendingCardsErrors.resolved();
    const at = deps.now();
    const changes = await change(tx, card, at);
    if (!changes) return;
    await applyCardChange(tx, actor, card, action, changes);
  });
  return getPendingCard(deps, actor, id);
}

/** "I'm on it": the card is the vet's. Claiming one's own card again changes nothing. */
export function claimCard(deps: PendingCardsDeps, actor: VetActor, id: string) {
  return changeCard(deps, id, actor, 'pending_cards.claim', async (_tx, card, at) => {
    if (card.claimedByVetId === actor.vetId) return null;
    if (card.claimedByVetId) throw pendingCardsErrors.claimedByAnother();
    return { claimedByVetId: actor.vetId, claimedAt: at };
  });
}

export function unclaimCard(deps: PendingCardsDeps, actor: VetActor, id: string) {
  return changeCard(deps, id, actor, 'pending_cards.unclaim', async (_tx, card) =>
    card.claimedByVetId ? { claimedByVetId: null, claimedAt: null } : null,
  );
}

/**
 * A vet's kind or company changed (vets' `updateVet`, in its transaction): the cards they claimed about
 * pets outside their new scope go back to the queue unclaimed, each audited as the actor's and announced
 * like an unclaim; a disabled vet's go back all of them. Answers how many were released.
 */
export async function releaseCardsOutOfScope(
  tx: DbOrTx,
  actor: Actor,
  vet: VetActor,
  reason: ReleaseReason = 'out_of_scope',
): Promise<number> {
  // A disabled vet keeps nothing: as if their scope were empty.
  const scope = reason === 'disabled' ? sql`false` : cardScope(vet);
  if (!scope) return 0;
  const cards = await lockClaimedOutsideScope(tx, vet.vetId, scope);
  for (const card of cards) {
    const changes = { claimedByVetId: null, claimedAt: null };
    await applyCardChange(tx, actor, card, 'pending_cards.release', changes, {
      reason: reason === 'disabled' ? 'claimer_disabled' : 'claimer_out_of_scope',
    });
  }
  return cards.length;
}

/** Hidden from the queue until `until`, with who snoozed it and why. */
export function snoozeCard(deps: PendingCardsDeps, actor: VetActor, id: string, input: PendingCardSnooze) {
  return changeCard(deps, id, actor, 'pending_cards.snooze', async (_tx, _card, at) => {
    const until = timestampToDate(input.until);
    if (until <= at) throw pendingCardsErrors.snoozeInPast();
    return { snoozedUntil: until, snoozedByVetId: actor.vetId, snoozeReason: input.reason };
  });
}

export async function resolveOpenCard(
  tx: DbOrTx,
  card: PendingCardRow,
  by: { vetId: string | null; at: Date; note: string },
) {
  await resolveTriggers(tx, { cardId: card.id }, by);
  await refreshTriggerCounts(tx, [card.id]);
  return {
    status: 'resolved' as const,
    resolvedAt: by.at,
    resolvedByVetId: by.vetId,
    resolutionNote: by.note,
    openTriggerCount: 0,
  };
}

/** Resolves the card and its open triggers with the vet's note; a later signal opens a new card. */
export function resolveCard(deps: PendingCardsDeps, actor: VetActor, id: string, input: PendingCardResolve) {
  return changeCard(deps, id, actor, 'pending_cards.resolve', (tx, card, at) =>
    resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: input.note }),
  );
}

/** Resolves one trigger; resolving the card's last open trigger resolves the card. */
export function resolveTrigger(
  deps: PendingCardsDeps,
  actor: VetActor,
  id: string,
  triggerId: string,
  input: PendingCardTriggerResolve,
) {
  return changeCard(deps, id, actor, 'pending_cards.resolve_trigger', async (tx, card, at) => {
    const trigger = await lockTrigger(tx, id, triggerId);
    if (!trigger) throw pendingCardsErrors.triggerNotFound();
    if (trigger.resolvedAt) throw pendingCardsErrors.triggerResolved();
    const note = input.note || null;
    const open = card.openTriggerCount - 1;
    if (open <= 0 && !note) throw pendingCardsErrors.lastTriggerNeedsNote();
    await resolveTriggers(tx, { cardId: id, triggerId }, { vetId: actor.vetId, at, note });
    await refreshTriggerCounts(tx, [id]);
    if (open > 0) return { openTriggerCount: open };
    return resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: note as string });
  });
}

/**
 * A resolved card that is not done after all: open again, with the triggers its resolution closed, claimed
 * by the vet who reopens it (they know why), unsnoozed; who, when and why are kept on the card and audited.
 * Refused while the pet has a newer open card of the same concern, since only one may be open and new
 * signals have been joining that one.
 */
export async function reopenCard(
  deps: PendingCardsDeps,
  actor: VetActor,
  id: string,
  input: PendingCardReopen,
) {
  try {
    await deps.db.transaction(async (tx) => {
      const card = await lockCard(tx, id, cardScope(actor));
      if (!card) throw pendingCardsErrors.notFound();
      if (card.status !== 'resolved') throw pendingCardsErrors.notResolved();
      if (await openCardOfConcernExists(tx, card)) throw pendingCardsErrors.openCardExists();
      const at = deps.now();
      await reopenTriggersResolvedWith(tx, card);
      await refreshTriggerCounts(tx, [id]);
      const changes = {
        status: 'open' as const,
        resolvedAt: null,
        resolvedByVetId: null,
        resolutionNote: null,
        claimedByVetId: actor.vetId,
        claimedAt: at,
        snoozedUntil: null,
        snoozedByVetId: null,
        snoozeReason: null,
        reopenedAt: at,
        reopenedByVetId: actor.vetId,
        reopenReason: input.reason,
      };
      await applyCardChange(tx, actor, card, 'pending_cards.reopen', changes, { reason: input.reason });
    });
  } catch (error) {
    // A signal opened a new card between the check and the update: the one-open-card index decides.
    if (isUniqueViolation(error, 'pending_cards_one_open_idx')) throw pendingCardsErrors.openCardExists();
    throw error;
  }
  return getPendingCard(deps, actor, id);
}

/** Resolves several cards with one note, all or nothing; cards already resolved are left as they are. */
export async function bulkResolveCards(
  deps: PendingCardsDeps,
  actor: VetActor,
  input: PendingCardBulkResolve,
) {
  const resolved: string[] = [];
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    for (const id of [...new Set(input.uuids)].sort()) {
      const card = await lockCard(tx, id, cardScope(actor));
      if (!card) throw pendingCardsErrors.notFound();
      if (card.status === 'resolved') continue;
      const changes = await resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: input.note });
      await applyCardChange(tx, actor, card, 'pending_cards.resolve', changes, { bulk: true });
      resolved.push(id);
    }
  });
  return { resolved };
}
