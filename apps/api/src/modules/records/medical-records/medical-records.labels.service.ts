import type {
  LabelCreate,
  LabelListQuery,
  LabelListResponse,
  LabelMerge,
  LabelPatch,
  ReferenceDataAction,
} from '@vetboard/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { mayChangeReferenceData } from '../../../policy/rights.ts';
import { recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import { labelsErrors } from './medical-records.errors.ts';
import { toLabelDto } from './medical-records.mapper.ts';
import {
  countLabels,
  findLabel,
  insertLabel,
  listLabels,
  lockLabel,
  mergeLabelRows,
  petsOfRecords,
  updateLabel,
} from './medical-records.repository.ts';
import { type MedicalRecordsDeps, recordScope } from './medical-records.service.ts';

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

/** Asked before the label is looked up: the right does not depend on which label it is. */
function assertMay(actor: VetActor, action: ReferenceDataAction): void {
  if (!mayChangeReferenceData(actor, action)) throw labelsErrors.forbidden(actor.kind, action);
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'labels_name_idx')) throw labelsErrors.nameTaken();
  throw error;
}

export async function createLabel(deps: MedicalRecordsDeps, actor: VetActor, input: LabelCreate) {
  assertMay(actor, 'create');
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
  // Archiving (or restoring) hides a label from every vet's pickers, so it is asked for as itself.
  assertMay(actor, input.archived === undefined ? 'edit' : 'archive');
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
  assertMay(actor, 'merge');
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
