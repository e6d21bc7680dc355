import { queryOptions } from '@tanstack/react-query';
import { homeResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const homeKeys = { all: ['home'] as const };

// Every queue the home page counts: any of these changes may change a count or a list.
invalidateOnLive(
  [
    'pending_card.opened',
    'pending_card.changed',
    'checkup.answered',
    'checkup.reviewed',
    'journal.received',
    'journal.changed',
    'medical_record.uploaded',
    'medical_record.changed',
    'reminder.created',
    'reminder.changed',
    'daily_status.written',
    'daily_status.deleted',
    'question.received',
    'question.changed',
    'weekly_report.generated',
    'weekly_report.changed',
  ],
  () => [homeKeys.all],
);

/** GET /v1/home: every count of the vet's to-do list, their work and the worst cards. */
export function homeQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => api.request('/v1/home', { schema: homeResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}
