import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { pendingCards, pendingCardTriggers } from './pending-cards.table.ts';

const claimer = vetInRole('claimer');

/**
 * The cards the items' triggers feed, one row per item and card, newest card first: one statement for a
 * page of items, served by the triggers' source index.
 */
export function cardsOfItemTriggers(db: DbOrTx, entity: string, ids: readonly string[]) {
  const query = db
    .select({
      sourceId: sql<string>`${pendingCardTriggers.sourceId}`,
      id: pendingCards.id,
      concern: pendingCards.concern,
      severity: pendingCards.severity,
      status: pendingCards.status,
      claimedBy: claimer.fields,
      triggerResolved: sql<boolean>`bool_and(${pendingCardTriggers.resolvedAt} is not null)`,
    })
    .from(pendingCardTriggers)
    .innerJoin(pendingCards, eq(pendingCards.id, pendingCardTriggers.cardId))
    .$dynamic();
  return claimer
    .join(query, pendingCards.claimedByVetId)
    .where(and(eq(pendingCardTriggers.sourceEntity, entity), inArray(pendingCardTriggers.sourceId, [...ids])))
    .groupBy(
      pendingCardTriggers.sourceId,
      pendingCards.id,
      claimer.fields.id,
      claimer.fields.firstName,
      claimer.fields.lastName,
    )
    .orderBy(desc(pendingCards.openedAt), pendingCards.id);
}
