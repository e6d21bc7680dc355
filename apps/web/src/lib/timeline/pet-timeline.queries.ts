import { queryOptions } from '@tanstack/react-query';
import { type DomainEventType, TIMELINE_MAX_LIMIT, timelineResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

/** Under the pet, so refreshing the pet refreshes its timeline and the markers on its charts. */
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
  'pet_alert.changed',
];

// Registered here, not in the timeline feature: a tracker page draws the timeline's events without
// that feature's code ever loading.
invalidateOnLive(TIMELINE_EVENT_TYPES, (event) => (event.petUuid ? [petTimelineKey(event.petUuid)] : []));

/** A chart's range in Unix seconds (its response's `range`): from inclusive, to exclusive. */
export interface TimelineRange {
  from: number;
  to: number;
}

/**
 * The events of a chart's range, newest first: one request of at most `TIMELINE_MAX_LIMIT`, whose
 * `nextCursor` says there were more than a chart draws.
 */
export function petTimelineRangeQueryOptions(petUuid: string, range: TimelineRange) {
  return queryOptions({
    queryKey: [...petTimelineKey(petUuid), 'range', range] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/timeline`, {
        query: { from: range.from, to: range.to, limit: TIMELINE_MAX_LIMIT },
        schema: timelineResponseSchema,
        signal,
      }),
  });
}
