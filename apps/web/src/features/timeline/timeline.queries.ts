import { infiniteQueryOptions } from '@tanstack/react-query';
import { type DomainEventType, timelineResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import type { PetTimelineSearch } from './timeline-search.ts';

export const TIMELINE_PAGE_SIZE = 30;

/** Under the pet, so refreshing the pet refreshes its timeline. */
export const petTimelineKey = (petUuid: string) => ['pets', petUuid, 'timeline'] as const;

/** The changes that add or change an event on a pet's timeline. */
const TIMELINE_EVENT_TYPES: readonly DomainEventType[] = [
  'weight.entry_added',
  'weight.entry_corrected',
  'diet.published',
  'checkup.sent',
  'checkup.answered',
  'checkup.reviewed',
  'journal.received',
  'journal.changed',
  'pending_card.opened',
  'pending_card.changed',
  'daily_status.written',
  'daily_status.edited',
  'daily_status.deleted',
  'medical_record.uploaded',
  'reminder.changed',
  'question.received',
  'question.changed',
  'clinical_document.signed',
];

invalidateOnLive(TIMELINE_EVENT_TYPES, (event) => (event.petUuid ? [petTimelineKey(event.petUuid)] : []));

/** GET /v1/pets/{id}/timeline: the pet's events newest first, a page per cursor. */
export function petTimelineQueryOptions(petUuid: string, search: PetTimelineSearch) {
  const filters = { source: search.source, kind: search.kind };
  return infiniteQueryOptions({
    queryKey: [...petTimelineKey(petUuid), filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api.request(`/v1/pets/${petUuid}/timeline`, {
        query: { ...filters, cursor: pageParam ?? undefined, limit: TIMELINE_PAGE_SIZE },
        schema: timelineResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
