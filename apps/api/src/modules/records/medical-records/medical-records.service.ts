import {
  calendarDateToIso,
  type LabelCreate,
  type LabelListQuery,
  type LabelListResponse,
  type LabelMerge,
  type LabelPatch,
  MEDICAL_RECORD_MAX_BYTES,
  MEDICAL_RECORD_REVIEW_MATCHING_MAX,
  type MedicalRecord,
  type MedicalRecordListQuery,
  type MedicalRecordListResponse,
  type MedicalRecordPatch,
  type MedicalRecordReviewMatching,
  type MedicalRecordUploadFields,
  medicalRecordOwnerUploadFieldsSchema,
  medicalRecordUploadFieldsSchema,
} from '@vetboard/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor, IntegrationActor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import {
  DOCUMENT_TYPES,
  findReadableFile,
  readUpload,
  type StoredFile,
  storeContent,
} from '../../platform/files/index.ts';
import { labelsErrors, medicalRecordsErrors } from './medical-records.errors.ts';
import { medicalRecordLifecycle } from './medical-records.lifecycle.ts';
import { toLabelDto, toMedicalRecordDto } from './medical-records.mapper.ts';
import {
  activeLabelIds,
  countLabels,
  countRecords,
  countRecordsByStatus,
  findLabel,
  findRecord,
  insertLabel,
  insertRecord,
  listLabels,
  listRecords,
  lockLabel,
  lockRecord,
  type MedicalRecordFilter,
  medicalRecordTimelineRows,
  mergeLabelRows,
  petsOfRecords,
  recordLabelIds,
  replaceRecordLabels,
  reviewMatching,
  updateLabel,
  updateRecord,
} from './medical-records.repository.ts';
import { medicalRecords } from './medical-records.table.ts';

export interface MedicalRecordsDeps {
  db: Db;
  now: Now;
}

/** Out of the actor's scope, a record (and its file) is as unknown as a missing one. */
const recordScope = (actor: Actor) => petCondition(actor, medicalRecords.petId);

const fileUrlOf = (recordId: string) => `/v1/medical-records/${recordId}/file`;

// --- Labels ---

export async function listLabelsPage(
  deps: Pick<MedicalRecordsDeps, 'db'>,
  actor: Actor,
  query: LabelListQuery,
): Promise<LabelListResponse> {
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listLabels(deps.db, query, recordScope(actor), window),
    count: () => countLabels(deps.db, query),
  });
  return { labels: rows.map(toLabelDto), pagination };
}

async function labelDto(db: DbOrTx, actor: Actor, id: string) {
  const row = await findLabel(db, id, recordScope(actor));
  if (!row) throw labelsErrors.notFound();
  return { label: toLabelDto(row) };
}

async function labelEvent(tx: DbOrTx, id: string, actor: Actor) {
  await recordEvent(tx, { type: 'label.changed', entity: 'label', id, actor: eventActorOf(actor) });
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'labels_name_idx')) throw labelsErrors.nameTaken();
  throw error;
}

export async function createLabel(deps: MedicalRecordsDeps, actor: VetActor, input: LabelCreate) {
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await insertLabel(tx, {
        id,
        name: input.name,
        color: input.color,
        createdByVetId: actor.vetId,
        createdAt: deps.now(),
      });
      await labelEvent(tx, id, actor);
      await recordAudit(tx, actor, {
        action: 'labels.create',
        entity: 'label',
        entityId: id,
        changes: { after: { name: input.name, color: input.color } },
      });
    });
  } catch (error) {
    nameTaken(error);
  }
  return labelDto(deps.db, actor, id);
}

/** Renames, recolours, archives or restores a label. */
export async function patchLabel(deps: MedicalRecordsDeps, actor: VetActor, id: string, input: LabelPatch) {
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockLabel(tx, id);
      if (!current) throw labelsErrors.notFound();
      const archivedAt =
        input.archived === undefined
          ? current.archivedAt
          : input.archived
            ? (current.archivedAt ?? deps.now())
            : null;
      const after = {
        name: input.name ?? current.name,
        color: input.color ?? current.color,
        archived: archivedAt !== null,
      };
      const before = { name: current.name, color: current.color, archived: current.archivedAt !== null };
      if (JSON.stringify(after) === JSON.stringify(before)) return;
      await updateLabel(tx, id, { name: after.name, color: after.color, archivedAt });
      await labelEvent(tx, id, actor);
      await recordAudit(tx, actor, {
        action: 'labels.update',
        entity: 'label',
        entityId: id,
        changes: { before, after },
      });
    });
  } catch (error) {
    nameTaken(error);
  }
  return labelDto(deps.db, actor, id);
}

/**
 * Merges the label into another: every record that had it gets the other (once), and it is removed.
 * Both are locked first, so a record labelled meanwhile is moved too.
 */
export async function mergeLabel(deps: MedicalRecordsDeps, actor: VetActor, id: string, input: LabelMerge) {
  if (input.intoUuid === id) throw labelsErrors.mergeIntoItself();
  await deps.db.transaction(async (tx) => {
    // Locked in id order, so two merges of the same pair cannot wait on each other.
    const [first, second] = [id, input.intoUuid].sort();
    const locked = new Map<string, Awaited<ReturnType<typeof lockLabel>>>();
    for (const labelId of [first, second]) if (labelId) locked.set(labelId, await lockLabel(tx, labelId));
    const from = locked.get(id);
    const into = locked.get(input.intoUuid);
    if (!from) throw labelsErrors.notFound();
    if (!into) throw labelsErrors.mergeTargetNotFound();
    const moved = await mergeLabelRows(tx, id, input.intoUuid);
    for (const { id: recordId, petId } of await petsOfRecords(tx, moved))
      await recordPetEvent(tx, petId, {
        type: 'medical_record.changed',
        entity: 'medical_record',
        id: recordId,
        actor: eventActorOf(actor),
      });
    await labelEvent(tx, id, actor);
    await labelEvent(tx, input.intoUuid, actor);
    await recordAudit(tx, actor, {
      action: 'labels.merge',
      entity: 'label',
      entityId: id,
      changes: {
        before: { name: from.name, color: from.color },
        after: { mergedInto: input.intoUuid, intoName: into.name, movedRecordUuids: moved },
      },
    });
  });
  return labelDto(deps.db, actor, input.intoUuid);
}

// --- Records ---

export async function listMedicalRecordsPage(
  deps: Pick<MedicalRecordsDeps, 'db'>,
  actor: Actor,
  query: MedicalRecordListQuery,
): Promise<MedicalRecordListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter: MedicalRecordFilter = { ...filters, scope: recordScope(actor) };
  const [{ rows, pagination }, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listRecords(deps.db, filter, { sort, order }, window),
      count: (bound) => countRecords(deps.db, filter, bound),
    }),
    countRecordsByStatus(deps.db, filter),
  ]);
  return {
    medicalRecords: rows.map((row) => toMedicalRecordDto(row, fileUrlOf(row.record.id))),
    pagination,
    counts,
  };
}

async function recordDto(db: DbOrTx, actor: Actor, id: string): Promise<{ medicalRecord: MedicalRecord }> {
  const row = await findRecord(db, id, recordScope(actor));
  if (!row) throw medicalRecordsErrors.notFound();
  return { medicalRecord: toMedicalRecordDto(row, fileUrlOf(id)) };
}

export function getMedicalRecord(deps: Pick<MedicalRecordsDeps, 'db'>, actor: Actor, id: string) {
  return recordDto(deps.db, actor, id);
}

/** The record's file, within the actor's scope, and the name it was uploaded with. */
export async function findMedicalRecordFile(
  deps: Pick<MedicalRecordsDeps, 'db'>,
  actor: Actor,
  id: string,
): Promise<{ file: StoredFile; filename: string }> {
  const row = await findRecord(deps.db, id, recordScope(actor));
  if (!row) throw medicalRecordsErrors.notFound();
  return { file: await findReadableFile(deps, actor, row.file.id), filename: row.record.originalFilename };
}

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
const safeName = (filename: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
  filename.replace(/[\u0000-\u001f/\\]/g, '').slice(-200) || 'document';

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

/** Corrects the title or document date and sets the labels (active ones only). */
export async function patchMedicalRecord(
  deps: MedicalRecordsDeps,
  actor: VetActor,
  id: string,
  input: MedicalRecordPatch,
) {
  await deps.db.transaction(async (tx) => {
    const { row } = await medicalRecordLifecycle.lockFor(
      () => lockRecord(tx, id, recordScope(actor)),
      medicalRecordsErrors.notFound,
      'edit',
    );
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Parameters<typeof updateRecord>[2] = {};
    if (input.title !== undefined && input.title !== row.title) {
      before.title = row.title;
      after.title = changes.title = input.title;
    }
    if (input.documentDate !== undefined) {
      const iso = calendarDateToIso(input.documentDate);
      if (iso !== row.documentDate) {
        before.documentDate = row.documentDate;
        after.documentDate = changes.documentDate = iso;
      }
    }
    if (input.labelUuids !== undefined) {
      const wanted = [...new Set(input.labelUuids)].sort();
      const current = await recordLabelIds(tx, id);
      const added = wanted.filter((labelId) => !current.includes(labelId));
      const active = await activeLabelIds(tx, added);
      if (active.size !== added.length) throw medicalRecordsErrors.labelNotFound();
      if (JSON.stringify(wanted) !== JSON.stringify(current)) {
        await replaceRecordLabels(tx, id, wanted);
        before.labelUuids = current;
        after.labelUuids = wanted;
      }
    }
    if (Object.keys(after).length === 0) return;
    if (Object.keys(changes).length > 0) await updateRecord(tx, id, changes);
    await recordPetEvent(tx, row.petId, {
      type: 'medical_record.changed',
      entity: 'medical_record',
      id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'medical_records.update',
      entity: 'medical_record',
      entityId: id,
      changes: { before, after },
    });
  });
  return recordDto(deps.db, actor, id);
}

/** Marks the record reviewed by the vet; a reviewed one answers 409. */
export async function reviewMedicalRecord(deps: MedicalRecordsDeps, actor: VetActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const { row, next } = await medicalRecordLifecycle.lockFor(
      () => lockRecord(tx, id, recordScope(actor)),
      medicalRecordsErrors.notFound,
      'review',
    );
    const at = deps.now();
    await updateRecord(tx, id, { status: next, reviewedByVetId: actor.vetId, reviewedAt: at });
    await recordPetEvent(tx, row.petId, {
      type: 'medical_record.changed',
      entity: 'medical_record',
      id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'medical_records.review',
      entity: 'medical_record',
      entityId: id,
      changes: { before: { status: row.status }, after: { status: next, reviewedAt: at.toISOString() } },
    });
  });
  return recordDto(deps.db, actor, id);
}

/**
 * Marks reviewed every pending record the inbox's filters match, beyond the page on screen: one update
 * under the vet's scope, each record audited and announced as when reviewed one by one. More than
 * `MEDICAL_RECORD_REVIEW_MATCHING_MAX` matching is refused whole (409).
 */
export async function reviewMatchingMedicalRecords(
  deps: MedicalRecordsDeps,
  actor: VetActor,
  input: MedicalRecordReviewMatching,
): Promise<{ reviewed: number }> {
  const filter: MedicalRecordFilter = { ...input, status: 'pending', scope: recordScope(actor) };
  return deps.db.transaction(async (tx) => {
    // A pet out of scope is not found, as everywhere, rather than a quiet "nothing matched".
    if (input.petUuid && !(await findPetWithOwner(tx, actor, input.petUuid)))
      throw medicalRecordsErrors.notFound();
    if (
      (await countRecords(tx, filter, MEDICAL_RECORD_REVIEW_MATCHING_MAX + 1)) >
      MEDICAL_RECORD_REVIEW_MATCHING_MAX
    )
      throw medicalRecordsErrors.tooManyToReview();
    const at = deps.now();
    const reviewed = await reviewMatching(tx, filter, actor.vetId, at, MEDICAL_RECORD_REVIEW_MATCHING_MAX);
    for (const row of reviewed) {
      await recordPetEvent(tx, row.petId, {
        type: 'medical_record.changed',
        entity: 'medical_record',
        id: row.id,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'medical_records.review',
        entity: 'medical_record',
        entityId: row.id,
        changes: {
          before: { status: 'pending' },
          after: { status: 'reviewed', reviewedAt: at.toISOString() },
        },
      });
    }
    return { reviewed: reviewed.length };
  });
}

/** A pet's uploaded medical records, for its timeline (one bounded read). */
export async function listMedicalRecordTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  if (!read.kinds.has('medical_record.uploaded')) return [];
  const owner = read.sources.has('owner_app');
  const vet = read.sources.has('vet');
  if (!owner && !vet) return [];
  const rows = await medicalRecordTimelineRows(
    deps.db,
    read,
    owner && vet ? undefined : owner ? 'owner' : 'vet',
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: 'medical_record.uploaded',
    source: row.uploadedBy === 'owner' ? 'owner_app' : 'vet',
    title: `Medical record '${row.title}' uploaded by ${row.uploadedBy === 'owner' ? 'the owner' : 'a vet'}`,
    link: `/medical-records/${row.id}`,
  }));
}
