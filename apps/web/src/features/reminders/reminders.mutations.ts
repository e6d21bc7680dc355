import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reminderResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { reminderKeys } from '@/lib/reminders/reminders.queries.ts';

/** POST /v1/reminders/{id}/complete or /reopen: each answers the reminder. */
export function useReminderStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, action }: { uuid: string; action: 'complete' | 'reopen' }) =>
      api.request(`/v1/reminders/${uuid}/${action}`, {
        method: 'POST',
        body: {},
        schema: reminderResponseSchema,
      }),
    onSuccess: ({ reminder }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
        queryClient.invalidateQueries({ queryKey: reminderKeys.pet(reminder.pet.uuid) }),
      ]),
  });
}
