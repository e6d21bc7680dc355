import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type JournalEntryResponse,
  type JournalMarkMatchingSeen,
  type JournalReply,
  journalEntryResponseSchema,
  journalMarkSeenResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { journalKeys } from './journal.queries.ts';

function useEntryUpdated(uuid: string) {
  const queryClient = useQueryClient();
  return (response: JournalEntryResponse) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: journalKeys.detail(uuid) }),
      queryClient.invalidateQueries({ queryKey: [...journalKeys.all, 'list'] }),
      queryClient.invalidateQueries({ queryKey: journalKeys.pet(response.journalEntry.pet.uuid) }),
    ]);
}

/** POST /v1/journal-entries/{id}/reply: stores the reply and e-mails it to the owner. */
export function useReplyMutation(uuid: string) {
  const updated = useEntryUpdated(uuid);
  return useMutation({
    mutationFn: (body: JournalReply) =>
      api.request(`/v1/journal-entries/${uuid}/reply`, {
        method: 'POST',
        body,
        schema: journalEntryResponseSchema,
      }),
    // The page shows the reason beside the reply.
    meta: { handlesErrors: true },
    onSuccess: updated,
  });
}

/** POST /v1/journal-entries/{id}/seen or /resolve. */
export function useEntryActionMutation(uuid: string, action: 'seen' | 'resolve') {
  const updated = useEntryUpdated(uuid);
  return useMutation({
    mutationFn: () =>
      api.request(`/v1/journal-entries/${uuid}/${action}`, {
        method: 'POST',
        schema: journalEntryResponseSchema,
      }),
    onSuccess: updated,
  });
}

/** POST /v1/journal-entries/seen: the inbox's selection marked seen at once. */
export function useMarkSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryUuids: string[]) =>
      api.request('/v1/journal-entries/seen', {
        method: 'POST',
        body: { entryUuids },
        schema: journalMarkSeenResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

/** POST /v1/journal-entries/seen-matching: every new entry the inbox's filters match marked seen. */
export function useMarkMatchingSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: JournalMarkMatchingSeen) =>
      api.request('/v1/journal-entries/seen-matching', {
        method: 'POST',
        body: filters,
        schema: journalMarkSeenResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
