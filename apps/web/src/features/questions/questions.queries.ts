import { queryOptions } from '@tanstack/react-query';
import {
  type PetQuestionListQuery,
  type PetQuestionStatus,
  petQuestionListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { PENDING_CARD_CHANGES } from '@/lib/pending-cards/pet-pending-cards.queries.ts';

export const questionsKeys = {
  /** A pet's Q&A: under the pet, so refreshing the pet refreshes it. */
  pet: (petUuid: string) => ['pets', petUuid, 'questions'] as const,
  petList: (petUuid: string, query: PetQuestionListQuery) => [...questionsKeys.pet(petUuid), query] as const,
};

// A new question from the owner, or another vet's answer, changes the pet's threads.
invalidateOnLive(['question.received', 'question.changed'], (event) =>
  event.petUuid ? [questionsKeys.pet(event.petUuid)] : [],
);

// Each thread shows the cards its question raised, which change on the card's page too.
invalidateOnLive(PENDING_CARD_CHANGES, (event) => (event.petUuid ? [questionsKeys.pet(event.petUuid)] : []));

/** The pet's threads as the page shows them: its latest 200 of one status or all, open first. */
export const petQuestionsQuery = (status: PetQuestionStatus | undefined): PetQuestionListQuery => ({
  page: 1,
  pageSize: 200,
  status,
});

/** GET /v1/pets/{id}/questions?status= */
export function petQuestionsQueryOptions(petUuid: string, status: PetQuestionStatus | undefined) {
  const query = petQuestionsQuery(status);
  return queryOptions({
    queryKey: questionsKeys.petList(petUuid, query),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/questions`, { query, schema: petQuestionListResponseSchema, signal }),
  });
}
