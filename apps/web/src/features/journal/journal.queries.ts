import { type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  type JournalCategory,
  type JournalEntryDetailResponse,
  type JournalListQuery,
  journalEntryDetailResponseSchema,
  journalListResponseSchema,
} from '@vetboard/contract';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { latestTrackersQueryOptions } from '@/components/trackers/latest-trackers.queries.ts';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { PENDING_CARD_CHANGES } from '@/lib/pending-cards/pet-pending-cards.queries.ts';

export const journalKeys = {
  all: ['journal'] as const,
  list: (query: JournalListQuery) => [...journalKeys.all, 'list', query] as const,
  detail: (uuid: string) => [...journalKeys.all, 'detail', uuid] as const,
  /** A pet's journal: under the pet, so refreshing the pet refreshes it. */
  pet: (petUuid: string) => ['pets', petUuid, 'journal'] as const,
  petList: (petUuid: string, query: JournalListQuery) => [...journalKeys.pet(petUuid), query] as const,
};

// A new entry from an owner or another vet's work changes the inbox, the entry and the pet's journal.
invalidateOnLive(['journal.received', 'journal.severe', 'journal.changed'], (event) => [
  [...journalKeys.all, 'list'],
  journalKeys.detail(event.id),
  ...(event.petUuid ? [journalKeys.pet(event.petUuid)] : []),
]);

// An entry's page shows its cards: one opening after the entry, or claimed or resolved elsewhere.
invalidateOnLive(PENDING_CARD_CHANGES, () => [[...journalKeys.all, 'detail']]);

/** GET /v1/journal-entries: one page of the inbox, with the counts per status. */
export function journalListQueryOptions(query: JournalListQuery) {
  return queryOptions({
    queryKey: journalKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/journal-entries', { query, schema: journalListResponseSchema, signal }),
  });
}

/** The pet's timeline: its latest 200 entries, newest first, of one category or all. */
export function petJournalQuery(petUuid: string, category: JournalCategory | undefined): JournalListQuery {
  return { petUuid, category, page: 1, pageSize: 200, sort: 'occurredAt', order: 'desc', search: undefined };
}

/** GET /v1/journal-entries?petUuid=&category= */
export function petJournalQueryOptions(petUuid: string, category: JournalCategory | undefined) {
  const query = petJournalQuery(petUuid, category);
  return queryOptions({
    queryKey: journalKeys.petList(petUuid, query),
    queryFn: ({ signal }) =>
      api.request('/v1/journal-entries', { query, schema: journalListResponseSchema, signal }),
  });
}

/** GET /v1/journal-entries/{id}: the entry and the pet's context. */
export function journalEntryQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: journalKeys.detail(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/journal-entries/${uuid}`, { schema: journalEntryDetailResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}

/**
 * The entry's answer carries the pet's latest vitals and diet plan: the shared cards that show them read
 * these from the cache instead of asking again.
 */
export function primePetContext(queryClient: QueryClient, response: JournalEntryDetailResponse) {
  const petUuid = response.journalEntry.pet.uuid;
  const fresh = { updatedAt: Date.now() };
  queryClient.setQueryData(
    latestTrackersQueryOptions(petUuid).queryKey,
    response.context.latestTrackers,
    fresh,
  );
  queryClient.setQueryData(
    currentDietPlanQueryOptions(petUuid).queryKey,
    { dietPlan: response.context.dietPlan },
    fresh,
  );
}
