import {
  isoToCalendarDate,
  type PreventiveDose,
  type PreventiveProtocolItem,
  type PreventiveScheduleItem,
  type ScheduleItem,
  toTimestamp,
} from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type {
  PreventiveDoseDetailsRow,
  PreventiveNotApplicableDetailsRow,
} from './preventive-care.repository.ts';
import type { PreventiveOwnerReminderRow } from './preventive-care.table.ts';

export function toPreventiveDoseDto(row: PreventiveDoseDetailsRow): PreventiveDose {
  const { dose } = row;
  return {
    uuid: dose.id,
    itemCode: dose.itemCode,
    product: dose.product,
    batch: dose.batch,
    givenOn: isoToCalendarDate(dose.givenOn),
    givenAt: dose.givenAt,
    givenBy: dose.givenBy,
    recordedBy: personRef(row.recordedBy),
    createdAt: toTimestamp(dose.createdAt),
  };
}

export function toScheduleItemDto(
  item: PreventiveProtocolItem,
  computed: ScheduleItem,
  doses: PreventiveDose[],
  mark: PreventiveNotApplicableDetailsRow | undefined,
  reminders: PreventiveOwnerReminderRow[],
): PreventiveScheduleItem {
  return {
    code: item.code,
    name: item.name,
    kind: item.kind,
    category: item.category,
    status: computed.status,
    dueOn: computed.dueOn,
    lastGivenOn: computed.lastGivenOn,
    dosesGiven: computed.dosesGiven,
    courseDoses: computed.courseDoses,
    doses,
    notApplicable: mark
      ? {
          reason: mark.mark.reason,
          markedBy: personRef(mark.markedBy),
          markedAt: toTimestamp(mark.mark.markedAt),
        }
      : null,
    ownerReminders: reminders.map((reminder) => ({
      kind: reminder.kind,
      dueOn: isoToCalendarDate(reminder.dueOn),
      sentTo: reminder.sentTo,
      sentAt: toTimestamp(reminder.sentAt),
    })),
  };
}
