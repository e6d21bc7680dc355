import {
  MEDICAL_RECORD_MAX_BYTES,
  type MedicalRecord,
  type MedicalRecordUploadFields,
  medicalRecordOwnerUploadFieldsSchema,
  medicalRecordUploadFieldsSchema,
} from '@vetboard/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { IntegrationActor, VetActor } from '../../../policy/actor.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { DOCUMENT_TYPES, readUpload, storeContent } from '../../platform/files/index.ts';
import { medicalRecordsErrors } from './medical-records.errors.ts';
import { medicalRecordLifecycle } from './medical-records.lifecycle.ts';
import { findRecord, insertRecord } from './medical-records.repository.ts';
import { type MedicalRecordsDeps, recordDto, recordScope } from './medical-records.service.ts';

/** A part of a multipart upload, as @fastify/multipart gives it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: AsyncIterable<Buffer> & { truncated?: boolean; destroy?: () => void };
    };

const stem = (filename: string) => filename.replace(/\.[^.]+$/, '').trim() || 'Document';
/**
 * The name a record keeps and is downloaded under: no path separators, no control characters (C0, DEL,
 * C1), and no bidirectional controls (U+200E/F, U+202A–E, U+2066–9), with which "invoice‮fdp.exe" reads
 * as "invoiceexe.pdf" in the list and the download (issue #47).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/g;
const safeName = (filename: string) => filename.replace(UNSAFE_IN_NAME, '').slice(-200) || 'document';

type CheckedUpload = Awaited<ReturnType<typeof readUpload>> & { filename: string };

/**
 * Reads an upload's parts: the fields first, then one `file`, read up to 20 MB and checked by its bytes
 * (PDF, JPEG, PNG or WebP) before anything is stored; the fields are judged by `schema`.
 */
async function readRecordUpload<T>(
  parts: AsyncIterable<UploadPart>,
  schema: { safeParse: (value: unknown) => z.ZodSafeParseResult<T> },
): Promise<{ input: T; file: CheckedUpload }> {
  const fields: Record<string, unknown> = {};
  let upload: CheckedUpload | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (upload || part.fieldname !== 'file') throw medicalRecordsErrors.fileMissing();
    const checked = await readUpload(part.file, {
      maxBytes: MEDICAL_RECORD_MAX_BYTES,
      allowedTypes: DOCUMENT_TYPES,
      refuse: {
        tooLarge: medicalRecordsErrors.tooLarge,
        unsupportedType: medicalRecordsErrors.unsupportedType,
      },
    });
    upload = { ...checked, filename: safeName(part.filename) };
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success)
    throw medicalRecordsErrors.invalidFields(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  if (!upload) throw medicalRecordsErrors.fileMissing();
  return { input: parsed.data, file: upload };
}

/** Stores the checked file and its record for the pet, in the caller's transaction, with its event and audit. */
async function storeRecord(
  tx: DbOrTx,
  deps: Pick<MedicalRecordsDeps, 'now'>,
  actor: VetActor | IntegrationActor,
  id: string,
  input: MedicalRecordUploadFields,
  file: CheckedUpload,
) {
  const pet = await findPetWithOwner(tx, actor, input.petUuid);
  if (!pet) throw medicalRecordsErrors.petNotFound();
  const at = deps.now();
  const stored = await storeContent({ db: tx }, actor, {
    purpose: 'medical_record',
    content: file.content,
    contentType: file.contentType,
    basename: `record-${id}`,
    petId: input.petUuid,
  });
  const row = {
    id,
    petId: input.petUuid,
    title: input.title || stem(file.filename),
    documentDate: input.documentDate ?? todayIn(pet.timezone, at),
    fileId: stored.id,
    originalFilename: file.filename,
    status: medicalRecordLifecycle.initial,
    uploadedBy: actor.type === 'vet' ? ('vet' as const) : ('owner' as const),
    uploadedByVetId: actor.type === 'vet' ? actor.vetId : null,
    uploadedAt: at,
  };
  await insertRecord(tx, row);
  await recordPetEvent(tx, input.petUuid, {
    type: 'medical_record.uploaded',
    entity: 'medical_record',
    id,
    actor: eventActorOf(actor),
  });
  await recordAudit(tx, actor, {
    action: actor.type === 'vet' ? 'medical_records.upload' : 'medical_records.receive',
    entity: 'medical_record',
    entityId: id,
    changes: {
      after: {
        petUuid: row.petId,
        title: row.title,
        documentDate: row.documentDate,
        fileUuid: stored.id,
        filename: row.originalFilename,
        contentType: stored.contentType,
        size: stored.size,
        uploadedBy: row.uploadedBy,
      },
    },
  });
}

/** A vet uploads one document for a pet (the fields, then the file). */
export async function uploadMedicalRecord(
  deps: MedicalRecordsDeps,
  actor: VetActor,
  parts: AsyncIterable<UploadPart>,
): Promise<{ medicalRecord: MedicalRecord }> {
  const { input, file } = await readRecordUpload(parts, medicalRecordUploadFieldsSchema);
  const id = newId();
  await deps.db.transaction((tx) => storeRecord(tx, deps, actor, id, input, file));
  return recordDto(deps.db, actor, id);
}

/**
 * An owner's document from the owner app, under the app's own id: it joins the inbox awaiting review
 * as "uploaded by the owner". The same id sent again for the same pet answers the stored record and
 * stores nothing (`created: false`, a retry after a lost answer); for another pet it is a 409.
 */
export async function receiveOwnerMedicalRecord(
  deps: MedicalRecordsDeps,
  actor: IntegrationActor,
  parts: AsyncIterable<UploadPart>,
): Promise<{ created: boolean; medicalRecord: MedicalRecord }> {
  const { input, file } = await readRecordUpload(parts, medicalRecordOwnerUploadFieldsSchema);
  const known = async () => {
    const existing = await findRecord(deps.db, input.uuid, recordScope(actor));
    if (!existing) return undefined;
    if (existing.record.petId !== input.petUuid) throw medicalRecordsErrors.idConflict();
    return { created: false, ...(await recordDto(deps.db, actor, input.uuid)) };
  };
  const before = await known();
  if (before) return before;
  try {
    await deps.db.transaction((tx) => storeRecord(tx, deps, actor, input.uuid, input, file));
  } catch (error) {
    // A concurrent retry stored it first: answer what it stored.
    if (isUniqueViolation(error, 'medical_records_pkey')) {
      const raced = await known();
      if (raced) return raced;
    }
    throw error;
  }
  return { created: true, ...(await recordDto(deps.db, actor, input.uuid)) };
}
