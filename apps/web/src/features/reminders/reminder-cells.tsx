import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Reminder } from '@vetboard/contract';
import { formatDateTime } from '@/lib/format/dates.ts';
import { useReminderStatusMutation } from './reminders.mutations.ts';

const DUE_BADGES = {
  overdue: { color: 'red', label: 'Overdue' },
  today: { color: 'orange', label: 'Due today' },
  later: { color: 'gray', label: 'Later' },
} as const;

/** When it is due, and whether that is past, today or later; when it was done for a done one. */
export function ReminderDueCell({ reminder }: { reminder: Reminder }) {
  const badge = reminder.due ? DUE_BADGES[reminder.due] : null;
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(reminder.dueAt)}
      </Text>
      {badge ? (
        <Badge size="sm" variant="light" color={badge.color} data-due={reminder.due}>
          {badge.label}
        </Badge>
      ) : (
        <Badge size="sm" variant="light" color="teal">
          Done
        </Badge>
      )}
    </Stack>
  );
}

/** Who did it and when, for a done reminder. */
export function ReminderDoneBy({ reminder }: { reminder: Reminder }) {
  if (reminder.status !== 'done' || !reminder.doneAt) return null;
  return (
    <Text size="xs" c="dimmed">
      Done by {reminder.doneBy?.name ?? 'the system'}, {formatDateTime(reminder.doneAt)}
    </Text>
  );
}

/** Complete an open reminder, or reopen a done one, from the list; and open it to edit or reassign. */
export function ReminderStatusButton({
  reminder,
  onEdit,
}: {
  reminder: Reminder;
  onEdit: (reminder: Reminder) => void;
}) {
  const change = useReminderStatusMutation();
  const open = reminder.status === 'open';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant={open ? 'light' : 'default'}
        color={open ? 'teal' : undefined}
        loading={change.isPending}
        onClick={(event) => {
          event.stopPropagation();
          change.mutate({ uuid: reminder.uuid, action: open ? 'complete' : 'reopen' });
        }}
        aria-label={`${open ? 'Done' : 'Reopen'}: ${reminder.title} (${reminder.pet.name})`}
      >
        {open ? 'Done' : 'Reopen'}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={(event) => {
          event.stopPropagation();
          onEdit(reminder);
        }}
        aria-label={`Edit: ${reminder.title} (${reminder.pet.name})`}
      >
        Edit
      </Button>
    </Group>
  );
}
