import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PetQuestionAnswer, petQuestionResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { questionsKeys } from './questions.queries.ts';

/** PUT /v1/pet-questions/{id}/answer: saves (or replaces) the draft answer. */
export function useSaveAnswerMutation(petUuid: string, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PetQuestionAnswer) =>
      api.request(`/v1/pet-questions/${uuid}/answer`, {
        method: 'PUT',
        body,
        schema: petQuestionResponseSchema,
      }),
    // The thread shows the reason beside the answer.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKeys.pet(petUuid) }),
  });
}

/** POST /v1/pet-questions/{id}/send: e-mails the saved answer to the owner. */
export function useSendAnswerMutation(petUuid: string, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`/v1/pet-questions/${uuid}/send`, { method: 'POST', schema: petQuestionResponseSchema }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKeys.pet(petUuid) }),
  });
}
