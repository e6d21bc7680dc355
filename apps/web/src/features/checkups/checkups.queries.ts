import { queryOptions } from '@tanstack/react-query';
import {
  type CheckupListQuery,
  checkupListResponseSchema,
  type FormListQuery,
  formListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { checkupDetailKey } from '@/lib/checkups/checkup.queries.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { PENDING_CARD_CHANGES } from '@/lib/pending-cards/pet-pending-cards.queries.ts';

export const checkupKeys = {
  all: ['checkups'] as const,
  list: (query: CheckupListQuery) => [...checkupKeys.all, 'list', query] as const,
  detail: checkupDetailKey,
  /** A pet's checkups: under the pet, so refreshing the pet refreshes them. */
  pet: (petUuid: string) => ['pets', petUuid, 'checkups'] as const,
  petList: (petUuid: string, query: CheckupListQuery) => [...checkupKeys.pet(petUuid), query] as const,
};

// An owner's answers, a review or a new checkup change the inbox, the pet's list and the checkup itself.
invalidateOnLive(['checkup.sent', 'checkup.answered', 'checkup.problematic', 'checkup.reviewed'], (event) => [
  [...checkupKeys.all, 'list'],
  checkupKeys.detail(event.id),
  ...(event.petUuid ? [checkupKeys.pet(event.petUuid)] : []),
]);

// A checkup's page shows its cards: one opening after the answers, or claimed or resolved elsewhere.
invalidateOnLive(PENDING_CARD_CHANGES, () => [[...checkupKeys.all, 'detail']]);

/** GET /v1/checkups: one page of the inbox, with the counts per status. */
export function checkupsListQueryOptions(query: CheckupListQuery) {
  return queryOptions({
    queryKey: checkupKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/checkups', { query, schema: checkupListResponseSchema, signal }),
  });
}

/** The pet's checkups, every status, newest sent first. */
export function petCheckupsQuery(petUuid: string): CheckupListQuery {
  return { petUuid, page: 1, pageSize: 100, sort: 'sentAt', order: 'desc', search: undefined };
}

/** GET /v1/checkups?petUuid= */
export function petCheckupsQueryOptions(petUuid: string) {
  const query = petCheckupsQuery(petUuid);
  return queryOptions({
    queryKey: checkupKeys.petList(petUuid, query),
    queryFn: ({ signal }) =>
      api.request('/v1/checkups', { query, schema: checkupListResponseSchema, signal }),
  });
}

const POOL_CHOICES: FormListQuery = {
  isPool: true,
  page: 1,
  pageSize: 100,
  sort: 'title',
  order: 'asc',
  search: undefined,
};

/** GET /v1/forms?isPool=true: the pools the inbox can be filtered by. */
export function poolChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['forms', 'list', POOL_CHOICES] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/forms', { query: POOL_CHOICES, schema: formListResponseSchema, signal }),
    staleTime: 60_000,
  });
}
