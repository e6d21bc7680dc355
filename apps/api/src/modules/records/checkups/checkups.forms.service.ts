import {
  type FhirQuestionnaireQuery,
  type Form,
  type FormInput,
  type FormListQuery,
  type FormListResponse,
  type FormQuestionGroup,
  type FormSend,
  type FormSendResponse,
  type FormSummary,
  type FormVersionListResponse,
  optionSku,
  type ReferenceDataAction,
} from '@vetboard/contract';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { VetActor } from '../../../policy/actor.ts';
import { mayChangeReferenceData } from '../../../policy/rights.ts';
import { petCondition } from '../../../policy/scope.ts';
import { petIdsInScope, recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import { toFhirQuestionnaire } from './checkups.fhir.ts';
import { formsErrors } from './checkups.forms.errors.ts';
import { toFormDto, toFormSummaryDto, toFormVersionDto } from './checkups.forms.mapper.ts';
import {
  countForms,
  deleteFormRow,
  findFormBySku,
  findFormListRow,
  findFormVersion,
  findPool,
  formHasCheckups,
  insertForm,
  insertFormVersion,
  listForms,
  listFormVersions,
  listManuallySendable,
  lockForm,
  updateForm,
} from './checkups.forms.repository.ts';
import { insertCheckups, petsAwaitingForm } from './checkups.repository.ts';

export interface FormsDeps {
  db: Db;
  now: Now;
}

/**
 * The version's questions with ids: kept when the builder sends them (so an unchanged question of a new
 * version is the same question), new otherwise; each option's sku is its title snake-cased (SPEC §5).
 */
export function structureOf(input: FormInput): FormQuestionGroup[] {
  return input.questionGroups.map((group) => ({
    uuid: group.uuid ?? newId(),
    title: group.title,
    questions: group.questions.map((question) => ({
      uuid: question.uuid ?? newId(),
      title: question.title,
      options: question.options.map((option) => ({
        uuid: option.uuid ?? newId(),
        title: option.title,
        sku: optionSku(option.title),
        problematic: option.problematic,
      })),
    })),
  }));
}

async function formDto(db: DbOrTx, id: string): Promise<Form> {
  const row = await findFormListRow(db, id);
  if (!row) throw formsErrors.notFound();
  const version = await findFormVersion(db, id, row.form.version);
  return toFormDto(row, version?.questionGroups ?? []);
}

export async function getForm(deps: Pick<FormsDeps, 'db'>, id: string): Promise<{ form: Form }> {
  return { form: await formDto(deps.db, id) };
}

/** A version of the form (the current one unless asked) as a FHIR R4 Questionnaire. */
export async function getFormFhir(
  deps: Pick<FormsDeps, 'db'> & { config: Pick<Config, 'publicUrl'> },
  id: string,
  query: FhirQuestionnaireQuery,
) {
  const row = await findFormListRow(deps.db, id);
  if (!row) throw formsErrors.notFound();
  const version = query.version ?? row.form.version;
  const saved = await findFormVersion(deps.db, id, version);
  if (!saved) throw formsErrors.versionNotFound(version);
  return toFhirQuestionnaire(
    { ...toFormDto(row, saved.questionGroups), version },
    { publicUrl: deps.config.publicUrl, savedAt: saved.createdAt, currentVersion: row.form.version },
  );
}

/** A form's versions, newest first: a pool's history, each with the checkups sent with it. */
export async function listFormVersionsOf(
  deps: Pick<FormsDeps, 'db'>,
  id: string,
): Promise<FormVersionListResponse> {
  if (!(await findFormListRow(deps.db, id))) throw formsErrors.notFound();
  return { versions: (await listFormVersions(deps.db, id)).map(toFormVersionDto) };
}

/** A form's questions as of `version`, for the checkups sent with it. */
export async function findFormStructure(db: DbOrTx, formId: string, version: number) {
  return (await findFormVersion(db, formId, version))?.questionGroups;
}

export async function listFormsPage(
  deps: Pick<FormsDeps, 'db'>,
  query: FormListQuery,
): Promise<FormListResponse> {
  const filter = { isPool: query.isPool, search: query.search, archived: query.status === 'archived' };
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listForms(deps.db, filter, query, window),
    count: (bound) => countForms(deps.db, filter, bound),
  });
  return { forms: rows.map(toFormSummaryDto), pagination };
}

export async function listManuallySendableForms(
  deps: Pick<FormsDeps, 'db'>,
): Promise<{ forms: FormSummary[] }> {
  return { forms: (await listManuallySendable(deps.db)).map(toFormSummaryDto) };
}

/** Asked before the form is looked up: the right does not depend on which form it is. */
function assertMay(actor: VetActor, action: ReferenceDataAction): void {
  if (!mayChangeReferenceData(actor, action)) throw formsErrors.forbidden(actor.kind, action);
}

async function assertSkuFree(tx: DbOrTx, sku: string, formId: string): Promise<void> {
  const holder = await findFormBySku(tx, sku);
  if (holder && holder.id !== formId) throw formsErrors.skuTaken(sku);
}

export async function createForm(
  deps: FormsDeps,
  actor: VetActor,
  input: FormInput,
): Promise<{ form: Form }> {
  assertMay(actor, 'create');
  const id = newId();
  const sku = input.sku ?? optionSku(input.title);
  const questionGroups = structureOf(input);
  await deps.db.transaction(async (tx) => {
    await assertSkuFree(tx, sku, id);
    if (input.poolUuid && !(await findPool(tx, input.poolUuid))) throw formsErrors.poolNotFound();
    const at = deps.now();
    await insertForm(tx, {
      id,
      title: input.title,
      sku,
      isPool: input.isPool,
      poolId: input.poolUuid,
      manuallySendable: input.manuallySendable,
      version: 1,
      createdByVetId: actor.vetId,
      updatedByVetId: actor.vetId,
      createdAt: at,
      updatedAt: at,
    });
    await insertFormVersion(tx, {
      formId: id,
      version: 1,
      questionGroups,
      createdByVetId: actor.vetId,
      createdAt: at,
    });
    await recordEvent(tx, { type: 'form.changed', entity: 'form', id, actor: eventActorOf(actor) });
    await recordAudit(tx, actor, {
      action: 'forms.create',
      entity: 'form',
      entityId: id,
      changes: { after: { title: input.title, sku, isPool: input.isPool, questionGroups } },
    });
  });
  return getForm(deps, id);
}

/**
 * Saving a form writes a new version: checkups already sent keep the version they were sent with, so
 * their questions never change under the owner's answers.
 */
export async function updateFormVersion(
  deps: FormsDeps,
  actor: VetActor,
  id: string,
  input: FormInput,
): Promise<{ form: Form }> {
  assertMay(actor, 'edit');
  await deps.db.transaction(async (tx) => {
    const form = await lockForm(tx, id);
    if (!form) throw formsErrors.notFound();
    // Its checkups were sent from its last version; an archived form stays as it was when archived.
    if (form.archivedAt) throw formsErrors.archivedReadOnly();
    const sku = input.sku ?? form.sku;
    await assertSkuFree(tx, sku, id);
    if (input.poolUuid && (input.poolUuid === id || !(await findPool(tx, input.poolUuid))))
      throw formsErrors.poolNotFound();
    const before = await findFormVersion(tx, id, form.version);
    const questionGroups = structureOf(input);
    const version = form.version + 1;
    const at = deps.now();
    await insertFormVersion(tx, {
      formId: id,
      version,
      questionGroups,
      createdByVetId: actor.vetId,
      createdAt: at,
    });
    await updateForm(tx, id, {
      title: input.title,
      sku,
      isPool: input.isPool,
      poolId: input.poolUuid,
      manuallySendable: input.manuallySendable,
      version,
      updatedByVetId: actor.vetId,
      updatedAt: at,
    });
    await recordEvent(tx, { type: 'form.changed', entity: 'form', id, actor: eventActorOf(actor) });
    await recordAudit(tx, actor, {
      action: 'forms.update',
      entity: 'form',
      entityId: id,
      changes: {
        before: {
          title: form.title,
          sku: form.sku,
          version: form.version,
          questionGroups: before?.questionGroups ?? [],
        },
        after: { title: input.title, sku, version, questionGroups },
      },
    });
  });
  return getForm(deps, id);
}

/** A form with checkups is archived (hidden from pickers, still readable); one without is deleted. */
export async function deleteForm(
  deps: FormsDeps,
  actor: VetActor,
  id: string,
): Promise<{ archived: boolean }> {
  // Archive or delete, which one is only known inside: both take a form away from every vet.
  assertMay(actor, 'delete');
  return deps.db.transaction(async (tx) => {
    const form = await lockForm(tx, id);
    if (!form) throw formsErrors.notFound();
    const archived = await formHasCheckups(tx, id);
    if (archived) {
      if (!form.archivedAt) await updateForm(tx, id, { archivedAt: deps.now(), updatedByVetId: actor.vetId });
    } else {
      await deleteFormRow(tx, id);
    }
    await recordEvent(tx, { type: 'form.changed', entity: 'form', id, actor: eventActorOf(actor) });
    await recordAudit(tx, actor, {
      action: archived ? 'forms.archive' : 'forms.delete',
      entity: 'form',
      entityId: id,
      changes: { before: { title: form.title, sku: form.sku, version: form.version } },
    });
    return { archived };
  });
}

/**
 * Sends the form's current version to each pet's owner: one `sent` checkup per pet. A send to many
 * (`petUuids`, the pool page's) skips the pets whose owner has not answered the form's last checkup yet,
 * so sending a pool again to the same filtered pets does not ask an owner twice; one pet (`petUuid`) is
 * the vet's explicit choice and is sent regardless.
 */
export async function sendForm(
  deps: FormsDeps,
  actor: VetActor,
  id: string,
  input: FormSend,
): Promise<FormSendResponse> {
  const petIds = [...new Set(input.petUuids ?? (input.petUuid ? [input.petUuid] : []))];
  return deps.db.transaction(async (tx) => {
    const form = await lockForm(tx, id);
    if (!form) throw formsErrors.notFound();
    if (form.archivedAt) throw formsErrors.archived();
    const found = await petIdsInScope(tx, petIds, (petId) => petCondition(actor, petId));
    const missing = petIds.filter((petId) => !found.has(petId));
    if (missing.length > 0)
      throw formsErrors.petsNotFound(
        input.petUuids ? missing.map((petId) => `petUuids.${input.petUuids?.indexOf(petId)}`) : ['petUuid'],
      );
    const awaiting = input.petUuids ? await petsAwaitingForm(tx, id, petIds) : new Set<string>();
    const at = deps.now();
    const rows = petIds
      .filter((petId) => !awaiting.has(petId))
      .map((petId) => ({
        id: newId(),
        petId,
        formId: id,
        formVersion: form.version,
        status: 'sent' as const,
        sentAt: at,
        sentByVetId: actor.vetId,
      }));
    await insertCheckups(tx, rows);
    for (const row of rows) {
      await recordPetEvent(tx, row.petId, {
        type: 'checkup.sent',
        entity: 'checkup',
        id: row.id,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'checkups.send',
        entity: 'checkup',
        entityId: row.id,
        changes: { after: { petUuid: row.petId, formUuid: id, formVersion: form.version } },
      });
    }
    return {
      checkupUuids: rows.map((row) => row.id),
      skipped: [...awaiting].map((petUuid) => ({ petUuid, reason: 'awaiting_answer' as const })),
    };
  });
}
