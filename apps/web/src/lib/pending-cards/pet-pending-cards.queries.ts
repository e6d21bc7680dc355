import { queryOptions } from '@tanstack/react-query';
import { type PendingCardListQuery, pendingCardListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

/**
 * The changes of a card: an item's page that shows the card (a checkup, a journal entry, a question)
 * refreshes on them, since a card opens after its item (a job reads the signal) and is claimed elsewhere.
 */
export const PENDING_CARD_CHANGES = ['pending_card.opened', 'pending_card.changed'] as const;

/**
 * A pet's pending cards, read by the pending-cards feature's pet page and shown beside other pets'
 * pages (the B2B pet page): shared, since features never import each other. Under the pet, so
 * refreshing the pet refreshes them.
 */
export const petPendingCardsKey = (petUuid: string) => ['pets', petUuid, 'pending-cards'] as const;

// Registered here and not only in the feature: a page that shows a pet's open cards without the
// pending-cards feature loaded must still hear a card open or close.
invalidateOnLive(PENDING_CARD_CHANGES, (event) => (event.petUuid ? [petPendingCardsKey(event.petUuid)] : []));

function petCardsQuery(petUuid: string, view: 'all' | 'open'): PendingCardListQuery {
  return {
    petUuid,
    view,
    page: 1,
    pageSize: 100,
    // The open ones in the queue's order (most severe, then longest waiting); all of them newest first.
    sort: view === 'open' ? 'queue' : 'openedAt',
    order: 'desc',
    search: undefined,
  };
}

function petCardsQueryOptions(petUuid: string, view: 'all' | 'open') {
  const query = petCardsQuery(petUuid, view);
  return queryOptions({
    queryKey: [...petPendingCardsKey(petUuid), query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/pending-cards', { query, schema: pendingCardListResponseSchema, signal }),
  });
}

/** GET /v1/pending-cards?petUuid=&view=all: the pet's cards, open and resolved, newest first. */
export const petPendingCardsQueryOptions = (petUuid: string) => petCardsQueryOptions(petUuid, 'all');

/** GET /v1/pending-cards?petUuid=&view=open: the pet's open cards (not snoozed), most severe first. */
export const petOpenPendingCardsQueryOptions = (petUuid: string) => petCardsQueryOptions(petUuid, 'open');
