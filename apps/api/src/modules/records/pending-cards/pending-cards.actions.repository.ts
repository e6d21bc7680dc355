import { and, eq, type SQL, sql } from 'drizzle-orm';
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

export async function updateCard(tx: DbOrTx, id: string, changes: Partial<PendingCardRow>): Promise<void> {
  await tx.update(pendingCards).set(changes).where(eq(pendingCards.id, id));
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

export async function resolveTriggers(
  tx: DbOrTx,
  where: { cardId: string; triggerId?: string },
  by: { vetId: string | null; at: Date; note: string | null },
): Promise<void> {
  await tx
    .update(pendingCardTriggers)
    .set({ resolvedAt: by.at, resolvedByVetId: by.vetId, resolutionNote: by.note })
    .where(
      and(
        eq(pendingCardTriggers.cardId, where.cardId),
        where.triggerId ? eq(pendingCardTriggers.id, where.triggerId) : undefined,
        sql`${pendingCardTriggers.resolvedAt} is null`,
      ),
    );
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
