import {
  type ClinicalDocument,
  type ClinicalDocumentSummary,
  fullName,
  type PersonRef,
  toTimestamp,
} from '@vetboard/contract';
import { clinicalDocumentLifecycle } from './clinical-documents.lifecycle.ts';
import type { ClinicalDocumentDetailsRow } from './clinical-documents.repository.ts';

type PersonColumns = { id: string | null; firstName: string | null; lastName: string | null } | null;

const personRef = (person: PersonColumns): PersonRef | null =>
  person?.id
    ? {
        uuid: person.id,
        name: fullName({ firstName: person.firstName ?? '', lastName: person.lastName ?? '' }),
      }
    : null;

export function toClinicalDocumentSummaryDto(row: ClinicalDocumentDetailsRow): ClinicalDocumentSummary {
  const { document } = row;
  return {
    uuid: document.id,
    pet: { uuid: row.pet.id, name: row.pet.name },
    kind: document.kind,
    title: document.title,
    status: document.status,
    version: document.version,
    previousVersionUuid: document.previousVersionId,
    nextVersionUuid: row.nextVersionId,
    amendmentReason: document.amendmentReason,
    createdBy: personRef(row.createdBy),
    createdAt: toTimestamp(document.createdAt),
    updatedBy: personRef(row.updatedBy),
    updatedAt: toTimestamp(document.updatedAt),
    signedBy: personRef(row.signedBy),
    signedAt: document.signedAt ? toTimestamp(document.signedAt) : null,
    contentSha256: document.contentSha256,
  };
}

export function toClinicalDocumentDto(
  row: ClinicalDocumentDetailsRow,
  actorVetId: string | null,
): ClinicalDocument {
  const { status } = row.document;
  const signed = status === 'signed';
  return {
    ...toClinicalDocumentSummaryDto(row),
    content: row.document.content,
    actions: {
      edit: clinicalDocumentLifecycle.can(status, 'edit'),
      sign: clinicalDocumentLifecycle.can(status, 'sign'),
      // A version is amended once: the next correction starts from the newest version.
      amend: clinicalDocumentLifecycle.can(status, 'amend') && row.nextVersionId === null,
      pdf: signed,
      delete:
        clinicalDocumentLifecycle.can(status, 'delete') &&
        actorVetId !== null &&
        row.document.createdByVetId === actorVetId,
    },
  };
}
