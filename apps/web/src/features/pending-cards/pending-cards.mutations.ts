import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PendingCardBulkResolve,
  type PendingCardReopen,
  type PendingCardResolve,
  type PendingCardSnooze,
  type PendingCardTriggerResolve,
  pendingCardBulkResolveResponseSchema,
  pendingCardResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { pendingCardKeys } from './pending-cards.queries.ts';

type CardAction =
  | { action: 'claim' }
  | { action: 'unclaim' }
  | { action: 'snooze'; body: PendingCardSnooze }
  | { action: 'resolve'; body: PendingCardResolve }
  | { action: 'reopen'; body: PendingCardReopen }
  | { action: 'resolveTrigger'; triggerUuid: string; body: PendingCardTriggerResolve };

function pathOf(uuid: string, change: CardAction): string {
  if (change.action === 'resolveTrigger')
    return `/v1/pending-cards/${uuid}/triggers/${change.triggerUuid}/resolve`;
  return `/v1/pending-cards/${uuid}/${change.action}`;
}

/** Claim, unclaim, snooze, resolve or reopen the card, or resolve one of its triggers: each answers the card. */
export function useCardActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, ...change }: CardAction & { uuid: string }) =>
      api.request(pathOf(uuid, change as CardAction), {
        method: 'POST',
        body: 'body' in change ? change.body : {},
        schema: pendingCardResponseSchema,
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(pendingCardKeys.detail(response.pendingCard.uuid), response);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...pendingCardKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: pendingCardKeys.pet(response.pendingCard.pet.uuid) }),
      ]);
    },
  });
}

/** POST /v1/pending-cards/bulk-resolve */
export function useBulkResolveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PendingCardBulkResolve) =>
      api.request('/v1/pending-cards/bulk-resolve', {
        method: 'POST',
        body,
        schema: pendingCardBulkResolveResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingCardKeys.all }),
  });
}
