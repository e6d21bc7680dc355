import { queryOptions } from '@tanstack/react-query';
import {
  type ReminderListQuery,
  reminderListResponseSchema,
  vetListResponseSchema,
} from '@vetboard/contract';
import { api } from '../api/api-client.ts';
import { invalidateOnLive } from '../live/live-invalidation.ts';

/**
 * Reminder query keys. Shared code, not the reminders feature's: a pending card's "Remind me" creates
 * one and refreshes the inbox and the pet's reminders without importing the feature.
 */
export const reminderKeys = {
  all: ['reminders'] as const,
  list: (query: ReminderListQuery) => [...reminderKeys.all, 'list', query] as const,
  /** A pet's reminders: under the pet, so refreshing the pet refreshes them. */
  pet: (petUuid: string) => ['pets', petUuid, 'reminders'] as const,
};

// Any vet's new, edited, reassigned, done or reopened reminder changes the inbox and the pet's list.
invalidateOnLive(['reminder.created', 'reminder.changed'], (event) => [
  reminderKeys.all,
  ...(event.petUuid ? [reminderKeys.pet(event.petUuid)] : []),
]);

/** GET /v1/reminders: one page of the inbox. */
export function remindersListQueryOptions(query: ReminderListQuery) {
  return queryOptions({
    queryKey: reminderKeys.list(query),
    queryFn: ({ signal }) =>
      api.request('/v1/reminders', { query, schema: reminderListResponseSchema, signal }),
  });
}

/** The vets a reminder can be given to, by name (the practice has a few dozen). */
export function assignableVetsQueryOptions() {
  return queryOptions({
    queryKey: ['vets', 'assignable'] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/vets', {
        query: { page: 1, pageSize: 200, sort: 'name', order: 'asc' },
        schema: vetListResponseSchema,
        signal,
      }),
    select: (data) => data.vets.filter((vet) => !vet.disabled),
    staleTime: 5 * 60_000,
  });
}
