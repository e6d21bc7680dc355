import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SECOND_FACTOR_REQUIREMENT_LABELS,
  type SecondFactorRequirement,
  secondFactorRequirementResponseSchema,
  secondFactorRequirements,
} from '@vetboard/contract';
import { useStepUp } from '@/components/auth/step-up.tsx';
import { api } from '@/lib/api/api-client.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';

/** GET /v1/auth/second-factor/requirement: who the team requires a second factor of. */
export function secondFactorRequirementQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'second-factor', 'requirement'] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/auth/second-factor/requirement', {
        schema: secondFactorRequirementResponseSchema,
        signal,
      }),
  });
}

function useSetRequirementMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirement: SecondFactorRequirement) =>
      api.request('/v1/auth/second-factor/requirement', {
        method: 'PUT',
        body: { requirement },
        schema: secondFactorRequirementResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(secondFactorRequirementQueryOptions().queryKey, answer),
    meta: { handlesErrors: true },
  });
}

/** The team setting beside the vets it governs, for head vets (issue #47); audited by the API. */
export function SecondFactorRequirementSelect() {
  const current = useQuery(secondFactorRequirementQueryOptions()).data?.requirement;
  const update = useSetRequirementMutation();
  const stepUp = useStepUp();
  const change = (requirement: SecondFactorRequirement) =>
    mutateThen(update, requirement, {
      onSuccess: () => notifications.show({ color: 'clinic', message: 'Second-factor setting saved.' }),
      onError: (error) => stepUp.handled(error, () => change(requirement)) || notifyRequestError(error),
    });
  return (
    <>
      <Select
        label="Second factor required for"
        data={secondFactorRequirements.map((value) => ({
          value,
          label: SECOND_FACTOR_REQUIREMENT_LABELS[value],
        }))}
        value={current ?? null}
        disabled={current === undefined || update.isPending}
        allowDeselect={false}
        onChange={(value) => value && change(value as SecondFactorRequirement)}
        w={220}
        size="sm"
      />
      {stepUp.dialog}
    </>
  );
}
