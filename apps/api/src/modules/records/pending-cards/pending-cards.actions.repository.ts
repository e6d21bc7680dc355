import { and, asc, eq, ne, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type PendingCardRow, pendingCards, pendingCardTriggers } from './pending-cards.table.ts';

export async function lockCard(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<PendingCardRow | undefined> {
  const [row] = await tx
    .select()
    .from(pendingCards)
    .where(and(eq(pendingCards.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

/** Locks the cards a vet has claimed, not yet resolved, outside `scope` (what they may still see). */
export function lockClaimedOutsideScope(tx: DbOrTx, vetId: string, scope: SQL): Promise<PendingCardRow[]> {
  return tx
    .select()
    .from(pendingCards)
    .where(and(eq(pendingCards.claimedByVetId, vetId), ne(pendingCards.status, 'resolved'), not(scope)))
    .orderBy(asc(pendingCards.id))
    .for('update');
}

export async function updateCard(tx: DbOrTx, id: string, changes: Partial<PendingCardRow>): Promise<void> {
  await tx.update(pendingCards).set(changes).where(eq(pendingCards.id, id));
}

/** Whether the pet has another open card of `concern` (only one may be open: the partial unique index). */
export async function openCardOfConcernExists(tx: DbOrTx, card: PendingCardRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: pendingCards.id })
    .from(pendingCards)
    .where(
      and(
        eq(pendingCards.petId, card.petId),
        eq(pendingCards.concern, card.concern),
        eq(pendingCards.status, 'open'),
        ne(pendingCards.id, card.id),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Opens again the triggers the card's resolution closed: those resolved at the very instant the card was
 * (the card's Resolve, its last trigger, or the item that handled it), not the ones resolved earlier.
 */
export async function reopenTriggersResolvedWith(tx: DbOrTx, card: PendingCardRow): Promise<number> {
  if (!card.resolvedAt) return 0;
  const rows = await tx
    .update(pendingCardTriggers)
    .set({ resolvedAt: null, resolvedByVetId: null, resolutionNote: null, resolvedByItem: false })
    .where(
      and(
        eq(pendingCardTriggers.cardId, card.id),
        eq(pendingCardTriggers.resolvedAt, card.resolvedAt),
        // A held-back signal stays history: it may share its dedupe key with a trigger reopened here.
        eq(pendingCardTriggers.heldBack, false),
      ),
    )
    .returning({ id: pendingCardTriggers.id });
  return rows.length;
}

export async function lockTrigger(tx: DbOrTx, cardId: string, triggerId: string) {
  const [row] = await tx
    .select()
    .from(pendingCardTriggers)
    .where(and(eq(pendingCardTriggers.id, triggerId), eq(pendingCardTriggers.cardId, cardId)))
    .for('update')
    .limit(1);
  return row;
}

/** Resolves the card's open triggers (one, those an item raised, or all); answers how many. */
export async function resolveTriggers(
  tx: DbOrTx,
  where: { cardId: string; triggerId?: string; source?: TriggerSource },
  by: { vetId: string | null; at: Date; note: string | null },
): Promise<number> {
  const rows = await tx
    .update(pendingCardTriggers)
    .set({
      resolvedAt: by.at,
      resolvedByVetId: by.vetId,
      resolutionNote: by.note,
      resolvedByItem: where.source !== undefined,
    })
    .where(
      and(
        eq(pendingCardTriggers.cardId, where.cardId),
        where.triggerId ? eq(pendingCardTriggers.id, where.triggerId) : undefined,
        where.source ? sourceIs(where.source) : undefined,
        sql`${pendingCardTriggers.resolvedAt} is null`,
      ),
    )
    .returning({ id: pendingCardTriggers.id });
  return rows.length;
}

/** The record a trigger came from: a checkup, a journal entry, an owner's question. */
export interface TriggerSource {
  entity: string;
  id: string;
}

const sourceIs = (source: TriggerSource) =>
  and(eq(pendingCardTriggers.sourceEntity, source.entity), eq(pendingCardTriggers.sourceId, source.id));

/** The open cards with an open trigger raised by the item, in id order (the order they are locked in). */
export async function openCardsWithTriggersOf(db: DbOrTx, source: TriggerSource): Promise<string[]> {
  const rows = await db
    .selectDistinct({ cardId: pendingCardTriggers.cardId })
    .from(pendingCardTriggers)
    .innerJoin(pendingCards, eq(pendingCards.id, pendingCardTriggers.cardId))
    .where(
      and(sourceIs(source), eq(pendingCards.status, 'open'), sql`${pendingCardTriggers.resolvedAt} is null`),
    )
    .orderBy(pendingCardTriggers.cardId);
  return rows.map((row) => row.cardId);
}

/** Open collar-data triggers, with their pet: the ones the coverage job may resolve. */
export async function openCollarTriggers(db: DbOrTx) {
  return db
    .select({
      triggerId: pendingCardTriggers.id,
      cardId: pendingCardTriggers.cardId,
      petId: pendingCards.petId,
    })
    .from(pendingCardTriggers)
    .innerJoin(pendingCards, eq(pendingCards.id, pendingCardTriggers.cardId))
    .where(
      and(
        eq(pendingCards.status, 'open'),
        eq(pendingCardTriggers.kind, 'collar_data_gap'),
        sql`${pendingCardTriggers.resolvedAt} is null`,
      ),
    );
}
