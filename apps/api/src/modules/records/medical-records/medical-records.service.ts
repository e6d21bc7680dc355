import {
  calendarDateToIso,
  MEDICAL_RECORD_REVIEW_MATCHING_MAX,
  type MedicalRecord,
  type MedicalRecordListQuery,
  type MedicalRecordListResponse,
  type MedicalRecordPatch,
  type MedicalRecordReviewMatching,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { findReadableFile, type StoredFile } from '../../platform/files/index.ts';
import { withAlertsOfPet, withPetAlerts } from '../pet-alerts/index.ts';
import { medicalRecordsErrors } from './medical-records.errors.ts';
import { medicalRecordLifecycle } from './medical-records.lifecycle.ts';
import { toMedicalRecordDto } from './medical-records.mapper.ts';
import {
  activeLabelIds,
  countRecords,
  countRecordsByStatus,
  findRecord,
  listRecords,
  lockRecord,
  type MedicalRecordFilter,
  medicalRecordTimelineRows,
  recordLabelIds,
  replaceRecordLabels,
  reviewMatching,
  updateRecord,
} from './medical-records.repository.ts';
import { medicalRecords } from './medical-records.table.ts';

export interface MedicalRecordsDeps {
  db: Db;
  now: Now;
}

/** Out of the actor's scope, a record (and its file) is as unknown as a missing one. */
export const recordScope = (actor: Actor) => petCondition(actor, medicalRecords.petId);

const fileUrlOf = (recordId: string) => `/v1/medical-records/${recordId}/file`;

// --- Labels ---

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
    medicalRecords: await withPetAlerts(
      deps.db,
      rows.map((row) => toMedicalRecordDto(row, fileUrlOf(row.record.id))),
    ),
    pagination,
    counts,
  };
}

export async function recordDto(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<{ medicalRecord: MedicalRecord }> {
  const row = await findRecord(db, id, recordScope(actor));
  if (!row) throw medicalRecordsErrors.notFound();
  return { medicalRecord: await withAlertsOfPet<MedicalRecord>(db, toMedicalRecordDto(row, fileUrlOf(id))) };
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
