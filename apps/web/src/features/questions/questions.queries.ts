import { queryOptions } from '@tanstack/react-query';
import { type PetQuestionListQuery, petQuestionListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const questionsKeys = {
  /** A pet's Q&A: under the pet, so refreshing the pet refreshes it. */
  pet: (petUuid: string) => ['pets', petUuid, 'questions'] as const,
  petList: (petUuid: string, query: PetQuestionListQuery) => [...questionsKeys.pet(petUuid), query] as const,
};

// A new question from the owner, or another vet's answer, changes the pet's threads.
invalidateOnLive(['question.received', 'question.changed'], (event) =>
  event.petUuid ? [questionsKeys.pet(event.petUuid)] : [],
);

/** The pet's threads as the page shows them: its latest 200, open first. */
export const petQuestionsQuery = (): PetQuestionListQuery => ({ page: 1, pageSize: 200 });

/** GET /v1/pets/{id}/questions */
export function petQuestionsQueryOptions(petUuid: string) {
  const query = petQuestionsQuery();
  return queryOptions({
    queryKey: questionsKeys.petList(petUuid, query),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/questions`, { query, schema: petQuestionListResponseSchema, signal }),
  });
}
