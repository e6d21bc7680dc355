import { queryOptions } from '@tanstack/react-query';
import { reminderListResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { reminderKeys } from '@/lib/reminders/reminders.queries.ts';
import { petRemindersQuery } from './reminders-search.ts';

/** GET /v1/reminders?petUuid=: the pet's reminders, open first by due time, then done. */
export function petRemindersQueryOptions(petUuid: string) {
  const query = petRemindersQuery(petUuid);
  return queryOptions({
    queryKey: [...reminderKeys.pet(petUuid), query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/reminders', { query, schema: reminderListResponseSchema, signal }),
  });
}
