import {
  fullName,
  type ItemPendingCard,
  type JournalEntry,
  type JournalEntrySummary,
  type JournalSeverity,
  toTimestamp,
} from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { JournalEntryDetailsRow, JournalReplyRow } from './journal.repository.ts';

const timestampOrNull = (date: Date | null) => (date ? toTimestamp(date) : null);

export function toJournalEntrySummaryDto(row: JournalEntryDetailsRow): WithoutPetAlerts<JournalEntrySummary> {
  const { entry } = row;
  return {
    uuid: entry.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName:
      row.owner?.firstName != null
        ? fullName({ firstName: row.owner.firstName, lastName: row.owner.lastName ?? '' })
        : null,
    category: entry.category,
    severity: entry.severity as JournalSeverity,
    notes: entry.notes,
    photoCount: row.photoCount,
    occurredAt: toTimestamp(entry.occurredAt),
    receivedAt: toTimestamp(entry.receivedAt),
    status: entry.status,
    seenBy: personRef(row.seenBy),
    seenAt: timestampOrNull(entry.seenAt),
    repliedBy: personRef(row.repliedBy),
    repliedAt: timestampOrNull(row.lastReply?.repliedAt ?? null),
    resolvedBy: personRef(row.resolvedBy),
    resolvedAt: timestampOrNull(entry.resolvedAt),
  };
}

export function toJournalEntryDto(
  row: JournalEntryDetailsRow,
  photos: Array<{ id: string; contentType: string; size: number }>,
  replies: JournalReplyRow[],
  pendingCards: ItemPendingCard[],
  fileUrl: (id: string) => string,
): WithoutPetAlerts<JournalEntry> {
  return {
    ...toJournalEntrySummaryDto(row),
    photos: photos.map((photo) => ({
      uuid: photo.id,
      url: fileUrl(photo.id),
      contentType: photo.contentType,
      size: photo.size,
    })),
    vetReply: row.lastReply?.reply ?? null,
    replies: replies.map((reply) => ({
      position: reply.position,
      reply: reply.reply,
      repliedBy: personRef(reply.repliedBy),
      repliedAt: toTimestamp(reply.repliedAt),
      mailStatus: reply.mailStatus,
    })),
    pendingCards,
  };
}
