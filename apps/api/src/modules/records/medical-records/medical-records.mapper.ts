import {
  fullName,
  isoToCalendarDate,
  type Label,
  type LabelColor,
  type MedicalRecord,
  toTimestamp,
} from '@vetboard/contract';
import { personRef } from '../../../lib/person-ref.ts';
import type { WithoutPetAlerts } from '../pet-alerts/index.ts';
import type { MedicalRecordDetailsRow } from './medical-records.repository.ts';
import type { LabelRow } from './medical-records.table.ts';

export function toLabelDto(row: { label: LabelRow; recordCount: number }): Label {
  return {
    uuid: row.label.id,
    name: row.label.name,
    color: row.label.color,
    archived: row.label.archivedAt !== null,
    recordCount: row.recordCount,
    createdAt: toTimestamp(row.label.createdAt),
  };
}

export function toMedicalRecordDto(
  row: MedicalRecordDetailsRow,
  url: string,
): WithoutPetAlerts<MedicalRecord> {
  const { record } = row;
  return {
    uuid: record.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    ownerName:
      row.owner?.firstName != null
        ? fullName({ firstName: row.owner.firstName, lastName: row.owner.lastName ?? '' })
        : null,
    title: record.title,
    documentDate: isoToCalendarDate(record.documentDate),
    file: {
      uuid: row.file.id,
      filename: record.originalFilename,
      contentType: row.file.contentType,
      size: row.file.size,
      url,
    },
    labels: row.labels.map((label) => ({
      uuid: label.id,
      name: label.name,
      color: label.color as LabelColor,
    })),
    status: record.status,
    uploadedBy: { kind: record.uploadedBy, vet: personRef(row.uploadedBy) },
    uploadedAt: toTimestamp(record.uploadedAt),
    reviewedBy: personRef(row.reviewedBy),
    reviewedAt: record.reviewedAt ? toTimestamp(record.reviewedAt) : null,
  };
}
