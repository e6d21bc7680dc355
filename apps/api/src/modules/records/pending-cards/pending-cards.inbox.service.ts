import {
  type PendingCard,
  type PendingCardConcern,
  type PendingCardItemState,
  type PendingCardListQuery,
  type PendingCardListResponse,
  type PendingCardSummary,
  type PendingCardTriggerKindsResponse,
  pendingCardConcernLabels,
  pendingCardConcerns,
  pendingCardSeverityLabels,
  pendingCardTriggerKindInfo,
  pendingCardTriggerKinds,
  severityOfRank,
  type TimelineSource,
  toTimestamp,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { type Actor, actingVetId } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { vetName } from '../../core/vets/index.ts';
import type { ItemStateSource } from '../../manifest.ts';
import { alertBadgesOfPets, withAlertsOfPet } from '../pet-alerts/index.ts';
import { pendingCardsErrors } from './pending-cards.errors.ts';
import {
  type CardDetailsRow,
  cardsOfPetsDuring,
  countCards,
  findCard,
  latestTriggersOf,
  listCards,
  pendingCardTimelineRows,
  relatedCards,
  type TriggerWithResolverRow,
  triggersOf,
} from './pending-cards.inbox.repository.ts';
import { itemKey, toCardDto, toCardSummaryDto } from './pending-cards.mapper.ts';
import { pendingCards } from './pending-cards.table.ts';

export interface PendingCardsDeps {
  db: Db;
  now: Now;
  /** Each record's reader of what its items still wait for (their manifests'), for the card page. */
  itemStates?: readonly ItemStateSource[];
}

/** Out of the actor's scope, a card is as unknown as a missing one. */
export const cardScope = (actor: Actor) => petCondition(actor, pendingCards.petId);

// --- reads ---------------------------------------------------------------------------------------

async function summaries(db: DbOrTx, rows: CardDetailsRow[]): Promise<PendingCardSummary[]> {
  const [latestTriggers, alerts] = await readTogether(db, [
    () =>
      latestTriggersOf(
        db,
        rows.map((row) => row.card.id),
      ),
    () =>
      alertBadgesOfPets(
        db,
        rows.map((row) => row.pet.id),
      ),
  ] as const);
  const latest = new Map(latestTriggers.map((t) => [t.trigger.cardId, t]));
  return rows.map((row) => {
    const summary = toCardSummaryDto(row, latest.get(row.card.id));
    return { ...summary, pet: { ...summary.pet, alerts: alerts.get(row.pet.id) ?? [] } };
  });
}

export async function listPendingCardsPage(
  deps: PendingCardsDeps,
  actor: Actor,
  query: PendingCardListQuery,
): Promise<PendingCardListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter = { ...filters, scope: cardScope(actor), vetId: actingVetId(actor), now: deps.now() };
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listCards(deps.db, filter, { sort, order }, window),
    count: (bound) => countCards(deps.db, filter, bound),
  });
  return { pendingCards: await summaries(deps.db, rows), pagination };
}

async function cardDto(
  db: DbOrTx,
  actor: Actor,
  id: string,
  sources: readonly ItemStateSource[],
): Promise<PendingCard> {
  const row = await findCard(db, id, cardScope(actor));
  if (!row) throw pendingCardsErrors.notFound();
  const [triggers, related] = await Promise.all([triggersOf(db, [id]), relatedCards(db, row.card)]);
  const [others, history] = await Promise.all([
    summaries(db, related.others),
    summaries(db, related.history),
  ]);
  const reopenedBy = row.card.reopenedByVetId ? await vetName(db, row.card.reopenedByVetId) : undefined;
  return withAlertsOfPet<PendingCard>(
    db,
    toCardDto(
      row,
      triggers,
      others,
      history,
      reopenedBy ? { id: row.card.reopenedByVetId as string, ...reopenedBy } : null,
      await openItemStates(db, triggers, sources),
    ),
  );
}

export async function getPendingCard(
  deps: Pick<PendingCardsDeps, 'db' | 'itemStates'>,
  actor: Actor,
  id: string,
) {
  return { pendingCard: await cardDto(deps.db, actor, id, deps.itemStates ?? []) };
}

/**
 * What the open triggers' items still wait for, by `itemKey`: one read per record that has such items,
 * through its manifest's reader (pending cards import none of checkups' peers that import them).
 */
async function openItemStates(
  db: DbOrTx,
  triggers: readonly TriggerWithResolverRow[],
  sources: readonly ItemStateSource[],
): Promise<Map<string, PendingCardItemState>> {
  const states = new Map<string, PendingCardItemState>();
  for (const source of sources) {
    const ids = triggers
      .filter(
        ({ trigger }) => !trigger.resolvedAt && trigger.sourceEntity === source.entity && trigger.sourceId,
      )
      .map(({ trigger }) => trigger.sourceId as string);
    if (ids.length === 0) continue;
    for (const [id, state] of await source.read(db, [...new Set(ids)]))
      states.set(itemKey(source.entity, id), state);
  }
  return states;
}

export function listTriggerKinds(): PendingCardTriggerKindsResponse {
  return {
    triggers: pendingCardTriggerKinds.map((kind) => ({ kind, ...pendingCardTriggerKindInfo[kind] })),
  };
}

/** Each pet's cards open at some time in [start, end), worst first: what a weekly report lists. */
export async function cardsOfPetsDuringWeek(
  db: DbOrTx,
  petIds: readonly string[],
  start: Date,
  end: Date,
): Promise<Map<string, WeekCard[]>> {
  const byPet = new Map<string, WeekCard[]>();
  if (petIds.length === 0) return byPet;
  for (const row of await cardsOfPetsDuring(db, petIds, start, end)) {
    const list = byPet.get(row.petId) ?? [];
    // The card's status as the week ended, so a report generated again later says the same.
    list.push({
      uuid: row.id,
      concern: row.concern,
      severity: row.severity,
      status: row.resolvedAt && row.resolvedAt < end ? 'resolved' : 'open',
      openedAt: toTimestamp(row.openedAt),
    });
    byPet.set(row.petId, list);
  }
  return byPet;
}

export interface WeekCard {
  uuid: string;
  concern: PendingCardConcern;
  severity: number;
  status: 'open' | 'resolved';
  openedAt: { seconds: number };
}

/**
 * Where the signal that raises a card about each concern comes from: the collar's readings, the owner's
 * checkups and journal in the app, and weight entries, which owners add in the app.
 */
const CONCERN_SOURCES: Record<PendingCardConcern, TimelineSource> = {
  respiratory: 'collar',
  collar_data: 'collar',
  checkup: 'owner_app',
  journal: 'owner_app',
  weight: 'owner_app',
};

/** A pet's cards raised and resolved, for its timeline (each kind one bounded read). */
export async function listPendingCardTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const concerns = pendingCardConcerns.filter((concern) => read.sources.has(CONCERN_SOURCES[concern]));
  const [raised, resolved] = await Promise.all([
    read.kinds.has('pending_card.raised') && concerns.length > 0
      ? pendingCardTimelineRows(deps.db, read, 'pending_card.raised', concerns)
      : [],
    read.kinds.has('pending_card.resolved')
      ? pendingCardTimelineRows(deps.db, read, 'pending_card.resolved')
      : [],
  ]);
  return [
    ...raised.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pending_card.raised',
        source: CONCERN_SOURCES[row.concern],
        title: `Pending card raised: ${pendingCardConcernLabels[row.concern]} (${pendingCardSeverityLabels[severityOfRank(row.severity)]})`,
        link: `/pending-cards/${row.id}`,
      }),
    ),
    ...resolved.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pending_card.resolved',
        source: 'vet',
        title: `Pending card resolved: ${pendingCardConcernLabels[row.concern]}`,
        link: `/pending-cards/${row.id}`,
      }),
    ),
  ];
}
