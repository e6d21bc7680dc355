import {
  type CompanyEmail,
  type DailyStatus,
  isoToCalendarDate,
  type PersonRef,
  toTimestamp,
} from '@vetboard/contract';
import type { CompanyEmailDetailsRow, DailyStatusDetailsRow } from './b2b.repository.ts';

const ref = (uuid: string | null, name: string | null | undefined): PersonRef | null =>
  uuid && name ? { uuid, name } : null;

export function toDailyStatusDto(row: DailyStatusDetailsRow, vetNames: Map<string, string>): DailyStatus {
  const { status } = row;
  return {
    uuid: status.id,
    companySku: status.companySku,
    petUuid: status.petId,
    petName: row.petName,
    date: isoToCalendarDate(status.date),
    dailyStatus: status.dailyStatus,
    author: ref(status.createdByVetId, row.authorName),
    createdAt: toTimestamp(status.createdAt),
    updatedAt: status.updatedAt ? toTimestamp(status.updatedAt) : null,
    updatedBy: ref(status.updatedByVetId, row.editorName),
    edits: status.edits.map((edit) => ({
      dailyStatus: edit.dailyStatus,
      by: ref(edit.vetId, edit.vetId ? vetNames.get(edit.vetId) : null),
      at: toTimestamp(new Date(edit.at)),
    })),
  };
}

export function toCompanyEmailDto(row: CompanyEmailDetailsRow): CompanyEmail {
  return {
    uuid: row.link.emailId,
    kind: row.link.kind,
    to: row.email.to,
    subject: row.email.subject,
    date: row.link.statusDate ? isoToCalendarDate(row.link.statusDate) : null,
    pet: ref(row.link.petId, row.petName),
    reportText: row.link.reportText,
    sentBy: ref(row.email.createdByVetId, row.senderName),
    createdAt: toTimestamp(row.email.createdAt),
    sentAt: row.email.sentAt ? toTimestamp(row.email.sentAt) : null,
    status: row.email.status,
    attempts: row.email.attempts,
    lastError: row.email.lastError,
  };
}
