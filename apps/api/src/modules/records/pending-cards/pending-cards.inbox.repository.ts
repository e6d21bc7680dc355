import type { PendingCardConcern, PendingCardListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { boundedCountOf, orderByWithTieBreak, type PageWindow } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  ownerB2bCode,
  ownerFields,
  petFields,
  petOrOwnerMatches,
  withPetAndOwner,
} from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import {
  type PendingCardRow,
  type PendingCardTriggerRow,
  pendingCards,
  pendingCardTriggers,
} from './pending-cards.table.ts';

// --- reads ---------------------------------------------------------------------------------------

const claimer = vetInRole('claimer');
const snoozer = vetInRole('snoozer');
const resolver = vetInRole('resolver');

function selectCards(db: DbOrTx) {
  const query = db
    .select({
      card: pendingCards,
      pet: petFields,
      owner: { firstName: ownerFields.firstName, lastName: ownerFields.lastName, b2bCode: ownerB2bCode },
      claimedBy: claimer.fields,
      snoozedBy: snoozer.fields,
      resolvedBy: resolver.fields,
    })
    .from(pendingCards)
    .$dynamic();
  return resolver.join(
    snoozer.join(
      claimer.join(withPetAndOwner(query, pendingCards.petId), pendingCards.claimedByVetId),
      pendingCards.snoozedByVetId,
    ),
    pendingCards.resolvedByVetId,
  );
}

export type CardDetailsRow = Awaited<ReturnType<typeof selectCards>>[number];

export type CardFilter = Omit<PendingCardListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
  vetId: string | null;
  now: Date;
};

function filterCondition(filter: CardFilter): SQL | undefined {
  const now = filter.now.toISOString();
  const snoozed = sql`${pendingCards.snoozedUntil} > ${now}::timestamptz`;
  const notSnoozed = sql`(${pendingCards.snoozedUntil} is null or ${pendingCards.snoozedUntil} <= ${now}::timestamptz)`;
  const view =
    filter.view === 'open'
      ? and(eq(pendingCards.status, 'open'), notSnoozed)
      : filter.view === 'snoozed'
        ? and(eq(pendingCards.status, 'open'), snoozed)
        : filter.view === 'resolved'
          ? eq(pendingCards.status, 'resolved')
          : undefined;
  return and(
    filter.scope,
    view,
    filter.concern ? eq(pendingCards.concern, filter.concern) : undefined,
    filter.severity ? eq(pendingCards.severity, severityNumber(filter.severity)) : undefined,
    filter.assignment === 'unclaimed' ? sql`${pendingCards.claimedByVetId} is null` : undefined,
    filter.assignment === 'mine' && filter.vetId ? eq(pendingCards.claimedByVetId, filter.vetId) : undefined,
    filter.petUuid ? eq(pendingCards.petId, filter.petUuid) : undefined,
    filter.companySku ? eq(ownerB2bCode, filter.companySku) : undefined,
    filter.search ? petOrOwnerMatches(filter.search) : undefined,
  );
}

function severityNumber(severity: NonNullable<PendingCardListQuery['severity']>): number {
  return severity === 'high-red' ? 3 : severity === 'high-orange' ? 2 : 1;
}

function orderOf(sort: Pick<PendingCardListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'queue') {
    // Worst first, then the longest waiting.
    return [desc(pendingCards.severity), asc(pendingCards.openedAt), asc(pendingCards.id)];
  }
  const column = sort.sort === 'lastTriggerAt' ? pendingCards.lastTriggerAt : pendingCards.openedAt;
  return orderByWithTieBreak(column, sort.order, pendingCards.id);
}

export function listCards(
  db: DbOrTx,
  filter: CardFilter,
  sort: Pick<PendingCardListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<CardDetailsRow[]> {
  return selectCards(db)
    .where(filterCondition(filter))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCards(db: DbOrTx, filter: CardFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    withPetAndOwner(db.select({ one: sql`1` }).from(pendingCards).$dynamic(), pendingCards.petId).where(
      filterCondition(filter),
    ),
    bound,
  );
}

export async function findCard(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectCards(db)
    .where(and(eq(pendingCards.id, id), scope))
    .limit(1);
  return row;
}

/** The pet's other open cards and its resolved cards of `concern`, newest first. */
export async function relatedCards(db: DbOrTx, card: PendingCardRow) {
  const [others, history] = await Promise.all([
    selectCards(db)
      .where(
        and(
          eq(pendingCards.petId, card.petId),
          eq(pendingCards.status, 'open'),
          ne(pendingCards.id, card.id),
        ),
      )
      .orderBy(desc(pendingCards.severity), asc(pendingCards.openedAt)),
    selectCards(db)
      .where(
        and(
          eq(pendingCards.petId, card.petId),
          eq(pendingCards.concern, card.concern),
          eq(pendingCards.status, 'resolved'),
          ne(pendingCards.id, card.id),
        ),
      )
      .orderBy(desc(pendingCards.resolvedAt))
      .limit(20),
  ]);
  return { others, history };
}

const triggerResolver = vetInRole('trigger_resolver');

export type TriggerWithResolverRow = {
  trigger: PendingCardTriggerRow;
  resolvedBy: { id: string; firstName: string; lastName: string } | null;
};

export async function triggersOf(db: DbOrTx, cardIds: readonly string[]): Promise<TriggerWithResolverRow[]> {
  if (cardIds.length === 0) return [];
  return triggerResolver
    .join(
      db
        .select({ trigger: pendingCardTriggers, resolvedBy: triggerResolver.fields })
        .from(pendingCardTriggers)
        .$dynamic(),
      pendingCardTriggers.resolvedByVetId,
    )
    .where(inArray(pendingCardTriggers.cardId, [...cardIds]))
    .orderBy(desc(pendingCardTriggers.at), desc(pendingCardTriggers.id));
}

/** The newest trigger of each card. */
export async function latestTriggersOf(
  db: DbOrTx,
  cardIds: readonly string[],
): Promise<TriggerWithResolverRow[]> {
  if (cardIds.length === 0) return [];
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct on (card_id) id from pending_card_triggers
      where card_id = any(${sql.param([...cardIds])}::uuid[])
      order by card_id, at desc, id desc`),
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  return triggerResolver
    .join(
      db
        .select({ trigger: pendingCardTriggers, resolvedBy: triggerResolver.fields })
        .from(pendingCardTriggers)
        .$dynamic(),
      pendingCardTriggers.resolvedByVetId,
    )
    .where(inArray(pendingCardTriggers.id, ids));
}

export interface PetWeekCardRow {
  id: string;
  petId: string;
  concern: PendingCardRow['concern'];
  severity: number;
  openedAt: Date;
  resolvedAt: Date | null;
}

/** Cards of some pets open at some time in [start, end): opened before its end, not resolved before its start. */
export function cardsOfPetsDuring(db: DbOrTx, petIds: readonly string[], start: Date, end: Date) {
  return db
    .select({
      id: pendingCards.id,
      petId: pendingCards.petId,
      concern: pendingCards.concern,
      severity: pendingCards.severity,
      openedAt: pendingCards.openedAt,
      resolvedAt: pendingCards.resolvedAt,
    })
    .from(pendingCards)
    .where(
      and(
        inArray(pendingCards.petId, [...petIds]),
        sql`${pendingCards.openedAt} < ${end.toISOString()}::timestamptz`,
        or(
          sql`${pendingCards.resolvedAt} is null`,
          sql`${pendingCards.resolvedAt} >= ${start.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(desc(pendingCards.severity), asc(pendingCards.openedAt), asc(pendingCards.id));
}

/**
 * One pet's cards raised or resolved, for its timeline: one bounded page. `concerns`: only cards about
 * these (a source filter decides them), every concern when left out.
 */
export function pendingCardTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'pending_card.raised' | 'pending_card.resolved',
  concerns?: PendingCardConcern[],
) {
  const at = kind === 'pending_card.raised' ? pendingCards.openedAt : pendingCards.resolvedAt;
  return db
    .select({
      id: pendingCards.id,
      at: timelineAt(at),
      concern: pendingCards.concern,
      severity: pendingCards.severity,
    })
    .from(pendingCards)
    .where(
      timelineWhere(
        kind,
        at,
        pendingCards.id,
        read,
        eq(pendingCards.petId, read.petId),
        concerns ? inArray(pendingCards.concern, concerns) : undefined,
      ),
    )
    .orderBy(...timelineOrder(at, pendingCards.id))
    .limit(read.limit);
}
