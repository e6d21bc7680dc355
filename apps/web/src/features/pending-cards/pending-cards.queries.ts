import { queryOptions } from '@tanstack/react-query';
import {
  type PendingCardListQuery,
  pendingCardListResponseSchema,
  pendingCardResponseSchema,
  respiratoryChartResponseSchema,
  weightChartResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { petPendingCardsKey } from '@/lib/pending-cards/pet-pending-cards.queries.ts';

export const pendingCardKeys = {
  all: ['pending-cards'] as const,
  list: (query: PendingCardListQuery) => [...pendingCardKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...pendingCardKeys.all, 'detail', uuid] as const,
  /** A pet's cards (lib/pending-cards, shared with other features' pet pages). */
  pet: petPendingCardsKey,
};

// A card opened, escalated, claimed, snoozed or resolved (by any vet, or by a rule) changes the queue,
// the pet's cards and the card itself; cards show each other (other open cards), so all of the pet's.
invalidateOnLive(['pending_card.opened', 'pending_card.changed'], (event) => [
  [...pendingCardKeys.all, 'list'],
  [...pendingCardKeys.all, 'detail'],
  ...(event.petUuid ? [pendingCardKeys.pet(event.petUuid)] : []),
]);

/** GET /v1/pending-cards: one page of the queue. */
export function pendingCardsListQueryOptions(query: PendingCardListQuery) {
  return queryOptions({
    queryKey: pendingCardKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/pending-cards', { query, schema: pendingCardListResponseSchema, signal }),
  });
}

/** GET /v1/pending-cards/{id}: the card, its triggers, the pet's other open cards and its history. */
export function pendingCardQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: pendingCardKeys.detail(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pending-cards/${uuid}`, { schema: pendingCardResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}

export interface VitalRange {
  startDate: number;
  endDate: number;
}

/** The respiratory chart around a card's triggers (the tracker's own chart call). */
export function cardRespiratoryChartQueryOptions(petUuid: string, range: VitalRange) {
  return queryOptions({
    queryKey: ['pets', petUuid, 'respiratory', 'chart', 'card', range] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/respiratory-history/chart`, {
        query: { timeScope: 'week', ...range },
        schema: respiratoryChartResponseSchema,
        signal,
      }),
  });
}

/** The weight chart around a card's triggers. */
export function cardWeightChartQueryOptions(petUuid: string, range: VitalRange) {
  return queryOptions({
    queryKey: ['pets', petUuid, 'weight', 'chart', 'card', range] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/weight-history/chart`, {
        query: { timeScope: 'month', ...range },
        schema: weightChartResponseSchema,
        signal,
      }),
  });
}
