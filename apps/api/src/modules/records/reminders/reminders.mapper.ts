import { fullName, type Reminder, type ReminderDueState, toTimestamp } from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { ReminderDetailsRow } from './reminders.repository.ts';

const DAY_MS = 86_400_000;

/** Overdue, due later today (the UTC day, the morning digest's) or later. */
export function dueStateOf(dueAt: Date, now: Date): ReminderDueState {
  if (dueAt < now) return 'overdue';
  const endOfDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return dueAt.getTime() < endOfDay ? 'today' : 'later';
}

export function toReminderDto(row: ReminderDetailsRow, now: Date): WithoutPetAlerts<Reminder> {
  const { reminder } = row;
  return {
    uuid: reminder.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName:
      row.owner?.firstName != null
        ? fullName({ firstName: row.owner.firstName, lastName: row.owner.lastName ?? '' })
        : null,
    title: reminder.title,
    notes: reminder.notes,
    dueAt: toTimestamp(reminder.dueAt),
    due: reminder.status === 'open' ? dueStateOf(reminder.dueAt, now) : null,
    assignee: personRef(row.assignee),
    status: reminder.status,
    pendingCardUuid: reminder.pendingCardId,
    createdBy: personRef(row.createdBy),
    createdAt: toTimestamp(reminder.createdAt),
    doneBy: personRef(row.doneBy),
    doneAt: reminder.doneAt ? toTimestamp(reminder.doneAt) : null,
  };
}
