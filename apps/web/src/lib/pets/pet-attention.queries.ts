import { queryOptions } from '@tanstack/react-query';
import { petAttentionResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { petKeys } from './pet-keys.ts';

// Every change that opens or closes one of the pet's open items: a card, a reminder, a checkup answered
// or reviewed, a record uploaded or reviewed, a question received or answered. Registered here, with
// the read, so the pet's header hears them on any pet page.
invalidateOnLive(
  [
    'pending_card.opened',
    'pending_card.changed',
    'reminder.created',
    'reminder.changed',
    'checkup.answered',
    'checkup.reviewed',
    'medical_record.uploaded',
    'medical_record.changed',
    'question.received',
    'question.changed',
  ],
  (event) => (event.petUuid ? [petKeys.attention(event.petUuid)] : []),
);

/** GET /v1/pets/{id}/attention: the pet's open cards, due reminders, items waiting for review, open questions. */
export function petAttentionQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.attention(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/attention`, { schema: petAttentionResponseSchema, signal }),
  });
}
