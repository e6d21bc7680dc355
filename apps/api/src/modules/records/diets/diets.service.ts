import {
  calendarDateToIso,
  type Diet,
  type DietCreate,
  type DietPatch,
  type DietPublishInput,
  type DietSummary,
  dietKindLabels,
  type FormulationPet,
  formulateDiet,
} from '@vetboard/contract';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { todayIn } from '../../../lib/timezone.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { auditDiff, hasChanges, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { deleteFile } from '../../platform/files/index.ts';
import { renderDietPdf } from './diet-pdf.document.ts';
import { storeDietPdf } from './diet-pdf.store.ts';
import { buildDietPdfData, monthsBetween, pdfSourceHash } from './diet-pdf.ts';
import { dietsErrors } from './diets.errors.ts';
import { dietLifecycle } from './diets.lifecycle.ts';
import { type DietView, toDietDto, toDietSummaryDto, toFormulationLine } from './diets.mapper.ts';
import { publishIntoPlan } from './diets.plans.service.ts';
import {
  creatorSql,
  type DietContextRow,
  type DietIngredientValue,
  type DietUpdate,
  deleteDiet as deleteDietRow,
  dietTimelineRows,
  findDiet,
  findIngredientsByIds,
  insertDiet,
  listDietIngredients,
  listPetDiets,
  lockDiet,
  replaceDietIngredients,
  updateDiet,
} from './diets.repository.ts';
import { type DietRow, diets } from './diets.table.ts';

export interface DietsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'productName'>;
  /** The key diet PDF links are signed with (config, else generated once and kept in the database). */
  signingSecret: () => Promise<Buffer>;
  now: Now;
}

function formulationPet(context: DietContextRow, today: string): FormulationPet {
  return {
    species: context.pet.species,
    weightKg: context.pet.weightKg,
    targetWeightKg: context.pet.targetWeightKg,
    ageMonths: context.pet.birthDate ? monthsBetween(context.pet.birthDate, today) : null,
    neutered: context.pet.neutered,
  };
}

/** The diet's pet through the pets module's one lookup, with the diet's author in the same query. */
async function findDietContext(db: DbOrTx, actor: Actor, diet: DietRow): Promise<DietContextRow | undefined> {
  const found = await findPetWithOwner(db, actor, diet.petId, {
    extra: { createdBy: creatorSql(diet.createdByVetId), publishedBy: creatorSql(diet.publishedByVetId) },
  });
  if (!found) return undefined;
  const { pet, owner } = found;
  return {
    pet: {
      id: pet.id,
      name: pet.name,
      species: pet.species,
      breedName: pet.breedName,
      birthDate: pet.birthDate,
      neutered: pet.neutered,
      weightKg: found.weightKg,
      targetWeightKg: found.targetWeightKg,
    },
    owner: owner ? { firstName: owner.firstName, lastName: owner.lastName } : null,
    timezone: found.timezone,
    createdBy: found.extra.createdBy,
    publishedBy: found.extra.publishedBy,
  };
}

/** Loads a diet with everything it is shown with, and computes its formulation and PDF state. */
export async function loadView(db: DbOrTx, actor: Actor, diet: DietRow, productName: string, now: Date) {
  const [ingredients, context] = await readTogether(db, [
    () => listDietIngredients(db, diet.id),
    () => findDietContext(db, actor, diet),
  ] as const);
  if (!context) throw dietsErrors.notFound();
  const today = todayIn(context.timezone, now);
  const formulation = formulateDiet({
    pet: formulationPet(context, today),
    kind: diet.kind,
    profileKind: diet.nutrientProfileKind,
    ingredients: ingredients.map(toFormulationLine),
  });
  const partial: DietView = { diet, ingredients, context, formulation, pdfUpToDate: false };
  const { pdfData, hash } = pdfOf(partial, productName, today);
  const view: DietView = {
    ...partial,
    pdfUpToDate: diet.pdfGeneratedAt !== null && diet.pdfSourceHash === hash,
  };
  return { view, pdfData, hash, today };
}

function pdfOf(view: DietView, productName: string, today: string) {
  const pdfData = buildDietPdfData(view, productName, today);
  return { pdfData, hash: pdfSourceHash(pdfData) };
}

/** Out of the actor's scope, a diet is as unknown as a missing one. */
export const dietScope = (actor: Actor) => petCondition(actor, diets.petId);

async function dietDto(db: DbOrTx, actor: Actor, id: string, productName: string, now: Date): Promise<Diet> {
  const diet = await findDiet(db, id, dietScope(actor));
  if (!diet) throw dietsErrors.notFound();
  return toDietDto((await loadView(db, actor, diet, productName, now)).view);
}

export async function getDiet(deps: DietsDeps, actor: Actor, id: string): Promise<{ diet: Diet }> {
  return { diet: await dietDto(deps.db, actor, id, deps.config.productName, deps.now()) };
}

export async function listDiets(
  deps: Pick<DietsDeps, 'db'>,
  actor: Actor,
  query: { petUuid: string; order: 'asc' | 'desc' },
): Promise<{ diets: DietSummary[] }> {
  // The pet's own list, like its other lists under /v1/pets/{id}: a pet out of scope is a 404 as a
  // missing one is, not an empty list that tells the two apart from a pet without diets (issue #47).
  if (!(await findPetWithOwner(deps.db, actor, query.petUuid))) throw dietsErrors.petOfListNotFound();
  return {
    diets: (await listPetDiets(deps.db, query.petUuid, query.order, dietScope(actor))).map(toDietSummaryDto),
  };
}

export async function createDiet(
  deps: DietsDeps,
  actor: VetActor,
  input: DietCreate,
): Promise<{ diet: Diet }> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    if (!(await findPetWithOwner(tx, actor, input.petUuid))) throw dietsErrors.petNotFound();
    await insertDiet(tx, {
      id,
      petId: input.petUuid,
      kind: input.kind,
      nutrientProfileKind: input.nutrientProfileKind,
      createdByVetId: actor.vetId,
    });
    await recordPetEvent(tx, input.petUuid, {
      type: 'diet.created',
      entity: 'diet',
      id: id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'diets.create',
      entity: 'diet',
      entityId: id,
      changes: {
        after: { petUuid: input.petUuid, kind: input.kind, nutrientProfileKind: input.nutrientProfileKind },
      },
    });
  });
  return getDiet(deps, actor, id);
}

interface EditableValues {
  kind: DietRow['kind'];
  nutrientProfileKind: DietRow['nutrientProfileKind'];
  formulatedOn: string | null;
  nextAssessmentOn: string | null;
  mealsPerDay: number;
  feedingInstructions: string;
  ingredients: DietIngredientValue[];
}

function wantedValues(patch: DietPatch): Partial<EditableValues> {
  const isoOrNull = (value: DietPatch['formulatedOn']) =>
    value === undefined ? undefined : value === null ? null : calendarDateToIso(value);
  return {
    kind: patch.kind,
    nutrientProfileKind: patch.nutrientProfileKind,
    formulatedOn: isoOrNull(patch.formulatedOn),
    nextAssessmentOn: isoOrNull(patch.nextAssessmentOn),
    mealsPerDay: patch.mealsPerDay,
    feedingInstructions: patch.feedingInstructions,
    ingredients: patch.ingredients?.map(({ ingredientId, amount, unit }) => ({ ingredientId, amount, unit })),
  };
}

async function assertIngredientsExist(tx: DbOrTx, items: DietIngredientValue[]): Promise<void> {
  const found = new Set(
    (await findIngredientsByIds(tx, [...new Set(items.map((i) => i.ingredientId))])).map((r) => r.id),
  );
  const missing = items.flatMap((item, index) => (found.has(item.ingredientId) ? [] : [index]));
  if (missing.length > 0) throw dietsErrors.unknownIngredients(missing);
}

/**
 * Applies the fields sent, in one transaction with its audit row; fields sent with their current value
 * are not changes. A published diet is what the owner was given: it never changes (copy it instead).
 */
export async function patchDiet(
  deps: DietsDeps,
  actor: VetActor,
  id: string,
  patch: DietPatch,
): Promise<{ diet: Diet }> {
  await deps.db.transaction(async (tx) => {
    const { row: diet } = await dietLifecycle.lockFor(
      () => lockDiet(tx, id, dietScope(actor)),
      dietsErrors.notFound,
      'edit',
    );

    const current: EditableValues = {
      kind: diet.kind,
      nutrientProfileKind: diet.nutrientProfileKind,
      formulatedOn: diet.formulatedOn,
      nextAssessmentOn: diet.nextAssessmentOn,
      mealsPerDay: diet.mealsPerDay,
      feedingInstructions: diet.feedingInstructions,
      ingredients: (await listDietIngredients(tx, id)).map(({ ingredientId, amount, unit }) => ({
        ingredientId,
        amount,
        unit,
      })),
    };
    const wanted = wantedValues(patch);
    const formulatedOn = wanted.formulatedOn !== undefined ? wanted.formulatedOn : current.formulatedOn;
    const nextAssessmentOn =
      wanted.nextAssessmentOn !== undefined ? wanted.nextAssessmentOn : current.nextAssessmentOn;
    if (formulatedOn && nextAssessmentOn && nextAssessmentOn < formulatedOn) {
      throw dietsErrors.nextAssessmentBeforeFormulated();
    }
    if (wanted.ingredients) await assertIngredientsExist(tx, wanted.ingredients);

    const diff = auditDiff(current, wanted);
    if (!hasChanges(diff)) return;

    const { ingredients: newIngredients, ...fields } = diff.changes;
    await updateDiet(tx, id, { ...(fields as DietUpdate), updatedAt: deps.now() });
    if (newIngredients) await replaceDietIngredients(tx, id, newIngredients);
    // The cached PDF shows the diet as it was: gone with the change, built again on the next read.
    await deleteFile({ db: tx }, diet.pdfFileId);
    await recordPetEvent(tx, diet.petId, {
      type: 'diet.changed',
      entity: 'diet',
      id: id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'diets.update',
      entity: 'diet',
      entityId: id,
      changes: { before: diff.before, after: diff.after },
    });
  });
  return getDiet(deps, actor, id);
}

export async function deleteDiet(deps: DietsDeps, actor: VetActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { row: diet } = await dietLifecycle.lockFor(
      () => lockDiet(tx, id, dietScope(actor)),
      dietsErrors.notFound,
      'delete',
    );
    const ingredients = await listDietIngredients(tx, id);
    await deleteDietRow(tx, id);
    await deleteFile({ db: tx }, diet.pdfFileId);
    await recordPetEvent(tx, diet.petId, {
      type: 'diet.deleted',
      entity: 'diet',
      id: id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'diets.delete',
      entity: 'diet',
      entityId: id,
      changes: {
        before: {
          petUuid: diet.petId,
          kind: diet.kind,
          nutrientProfileKind: diet.nutrientProfileKind,
          status: diet.status,
          formulatedOn: diet.formulatedOn,
          nextAssessmentOn: diet.nextAssessmentOn,
          mealsPerDay: diet.mealsPerDay,
          feedingInstructions: diet.feedingInstructions,
          ingredients: ingredients.map(({ ingredientId, amount, unit }) => ({
            ingredientId,
            amount,
            unit,
          })),
        },
      },
    });
  });
}

/**
 * Publishes a draft once every warning of its formulation (the contract's `formulateDiet`, the one the
 * editor shows) is acknowledged with a reason; the acknowledged warnings are kept on the diet as they
 * read. A PDF that matched the draft is rendered again as the published diet in the same transaction,
 * so the one the vet just made stays current rather than being marked stale by the status alone.
 */
export async function publishDiet(
  deps: DietsDeps,
  actor: VetActor,
  id: string,
  input: DietPublishInput = { acknowledgedWarnings: [] },
): Promise<{ diet: Diet }> {
  await deps.db.transaction(async (tx) => {
    const { row: diet, next: status } = await dietLifecycle.lockFor(
      () => lockDiet(tx, id, dietScope(actor)),
      dietsErrors.notFound,
      'publish',
    );
    const at = deps.now();
    const { view, today } = await loadView(tx, actor, diet, deps.config.productName, at);
    const { warnings } = view.formulation;
    const reason = input.acknowledgementReason?.trim() ?? '';
    const acknowledged = new Set(input.acknowledgedWarnings);
    const unacknowledged = warnings.filter((warning) => !acknowledged.has(warning.code));
    const reasonMissing = warnings.length > 0 && reason === '';
    if (unacknowledged.length > 0 || reasonMissing)
      throw dietsErrors.unacknowledgedWarnings(unacknowledged, reasonMissing);

    const plan = await publishIntoPlan(tx, actor, { petId: diet.petId, dietId: id, kind: diet.kind, at });
    const published: DietRow = {
      ...diet,
      status,
      publishedAt: at,
      publishedByVetId: actor.vetId,
      dietPlanId: plan.id,
      // Only the warnings that were raised: acknowledging nothing records nothing.
      acknowledgedWarnings: warnings,
      acknowledgementReason: warnings.length > 0 ? reason : null,
      updatedAt: at,
    };
    await updateDiet(tx, id, {
      status: published.status,
      publishedAt: published.publishedAt,
      publishedByVetId: published.publishedByVetId,
      dietPlanId: published.dietPlanId,
      acknowledgedWarnings: published.acknowledgedWarnings,
      acknowledgementReason: published.acknowledgementReason,
      updatedAt: at,
    });
    const pdfRenewed = view.pdfUpToDate;
    if (pdfRenewed) {
      const { pdfData, hash } = pdfOf({ ...view, diet: published }, deps.config.productName, today);
      await storeDietPdf(tx, actor, published, { pdf: await renderDietPdf(pdfData), hash, generatedAt: at });
    }
    await recordPetEvent(tx, diet.petId, {
      type: 'diet.published',
      entity: 'diet',
      id: id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'diets.publish',
      entity: 'diet',
      entityId: id,
      changes: {
        before: { status: diet.status, dietPlanUuid: diet.dietPlanId },
        after: {
          status,
          dietPlanUuid: plan.id,
          endedDietPlanUuid: plan.endedPlanId,
          acknowledgedWarnings: published.acknowledgedWarnings,
          acknowledgementReason: published.acknowledgementReason,
          pdfRenewed,
        },
      },
    });
  });
  return getDiet(deps, actor, id);
}

/** A new draft with the same recipe: the way to change what an owner was given. */
export async function copyDiet(deps: DietsDeps, actor: VetActor, id: string): Promise<{ copyUuid: string }> {
  const copyId = newId();
  await deps.db.transaction(async (tx) => {
    const source = await findDiet(tx, id, dietScope(actor));
    if (!source) throw dietsErrors.notFound();
    const ingredients = await listDietIngredients(tx, id);
    const { status, previousVersionId } = dietLifecycle.newVersionOf(source);
    await insertDiet(tx, {
      id: copyId,
      status,
      petId: source.petId,
      kind: source.kind,
      nutrientProfileKind: source.nutrientProfileKind,
      mealsPerDay: source.mealsPerDay,
      feedingInstructions: source.feedingInstructions,
      copiedFromId: previousVersionId,
      createdByVetId: actor.vetId,
    });
    await replaceDietIngredients(
      tx,
      copyId,
      ingredients.map(({ ingredientId, amount, unit }) => ({ ingredientId, amount, unit })),
    );
    await recordPetEvent(tx, source.petId, {
      type: 'diet.created',
      entity: 'diet',
      id: copyId,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: 'diets.copy',
      entity: 'diet',
      entityId: copyId,
      changes: { after: { copiedFromUuid: source.id, petUuid: source.petId, kind: source.kind } },
    });
  });
  return { copyUuid: copyId };
}

/** A pet's published diets for its timeline; a diet copied from another is the diet changed. */
export async function listDietTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  if (!read.kinds.has('diet.published')) return [];
  const rows = await dietTimelineRows(deps.db, read);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    kind: 'diet.published',
    source: 'vet',
    title: row.copiedFromId
      ? `Diet changed: new ${dietKindLabels[row.kind]} diet published`
      : `${dietKindLabels[row.kind]} diet published`,
    link: `/diets/${row.id}`,
  }));
}
