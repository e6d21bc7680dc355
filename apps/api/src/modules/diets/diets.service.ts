import {
  calendarDateToIso,
  type Diet,
  type DietCreate,
  type DietPatch,
  type DietPdfUrlResponse,
  type DietSummary,
  type FormulationPet,
  formulateDiet,
  toTimestamp,
} from '@vetboard/contract';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../../lib/timezone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { publishIntoPlan } from '../diet-plans/diet-plans.service.ts';
import { renderDietPdf } from './diet-pdf.document.ts';
import {
  buildDietPdfData,
  dietPdfFilename,
  monthsBetween,
  pdfSourceHash,
  readStoredPdf,
  removeStalePdf,
  storeDietPdf,
} from './diet-pdf.ts';
import { dietPdfLink } from './diet-pdf-link.ts';
import { dietsErrors } from './diets.errors.ts';
import { type DietView, toDietDto, toDietSummaryDto, toFormulationLine } from './diets.mapper.ts';
import {
  type DietContextRow,
  type DietIngredientValue,
  type DietUpdate,
  deleteDiet as deleteDietRow,
  findDiet,
  findDietContext,
  findIngredientsByIds,
  insertDiet,
  listDietIngredients,
  listPetDiets,
  lockDiet,
  petExists,
  replaceDietIngredients,
  updateDiet,
} from './diets.repository.ts';
import type { DietRow } from './diets.table.ts';

export interface DietsDeps {
  db: Db;
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'productName'>;
  /** The key diet PDF links are signed with (config, else generated once and kept in the database). */
  signingSecret: () => Promise<Buffer>;
}

export interface Actor {
  vetId: string;
  meta: RequestMeta | null;
}

function timezoneOf(context: DietContextRow): string {
  return context.owner?.timezone ?? DEFAULT_TIMEZONE;
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

/** Loads a diet with everything it is shown with, and computes its formulation and PDF state. */
async function loadView(db: DbOrTx, diet: DietRow, productName: string) {
  const [ingredients, context] = await Promise.all([
    listDietIngredients(db, diet.id),
    findDietContext(db, diet.petId, diet.createdByVetId),
  ]);
  if (!context) throw dietsErrors.notFound();
  const today = todayIn(timezoneOf(context));
  const formulation = formulateDiet({
    pet: formulationPet(context, today),
    kind: diet.kind,
    profileKind: diet.nutrientProfileKind,
    ingredients: ingredients.map(toFormulationLine),
  });
  const partial: DietView = { diet, ingredients, context, formulation, pdfUpToDate: false };
  const pdfData = buildDietPdfData(partial, productName, today);
  const hash = pdfSourceHash(pdfData);
  const view: DietView = {
    ...partial,
    pdfUpToDate: diet.pdfGeneratedAt !== null && diet.pdfSourceHash === hash,
  };
  return { view, pdfData, hash, today };
}

async function dietDto(db: DbOrTx, id: string, productName: string): Promise<Diet> {
  const diet = await findDiet(db, id);
  if (!diet) throw dietsErrors.notFound();
  return toDietDto((await loadView(db, diet, productName)).view);
}

export async function getDiet(deps: DietsDeps, id: string): Promise<{ diet: Diet }> {
  return { diet: await dietDto(deps.db, id, deps.config.productName) };
}

export async function listDiets(
  deps: Pick<DietsDeps, 'db'>,
  query: { petUuid: string; order: 'asc' | 'desc' },
): Promise<{ diets: DietSummary[] }> {
  return { diets: (await listPetDiets(deps.db, query.petUuid, query.order)).map(toDietSummaryDto) };
}

export async function createDiet(deps: DietsDeps, input: DietCreate, actor: Actor): Promise<{ diet: Diet }> {
  const id = newId();
  await deps.db.transaction(async (tx) => {
    if (!(await petExists(tx, input.petUuid))) throw dietsErrors.petNotFound();
    await insertDiet(tx, {
      id,
      petId: input.petUuid,
      kind: input.kind,
      nutrientProfileKind: input.nutrientProfileKind,
      createdByVetId: actor.vetId,
    });
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'diets.create',
        entity: 'diet',
        entityId: id,
        changes: {
          after: { petUuid: input.petUuid, kind: input.kind, nutrientProfileKind: input.nutrientProfileKind },
        },
      },
      actor.meta,
    );
  });
  return getDiet(deps, id);
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

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
  id: string,
  patch: DietPatch,
  actor: Actor,
): Promise<{ diet: Diet }> {
  await deps.db.transaction(async (tx) => {
    const diet = await lockDiet(tx, id);
    if (!diet) throw dietsErrors.notFound();
    if (diet.status === 'published') throw dietsErrors.publishedReadOnly();

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

    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(wanted) as Array<keyof EditableValues>) {
      const value = wanted[key];
      if (value === undefined || sameValue(current[key], value)) continue;
      before[key] = current[key];
      after[key] = value;
    }
    if (Object.keys(after).length === 0) return;

    const { ingredients: newIngredients, ...fields } = after as Partial<EditableValues>;
    await updateDiet(tx, id, { ...(fields as DietUpdate), updatedAt: new Date() });
    if (newIngredients) await replaceDietIngredients(tx, id, newIngredients);
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'diets.update',
        entity: 'diet',
        entityId: id,
        changes: { before, after },
      },
      actor.meta,
    );
  });
  return getDiet(deps, id);
}

export async function deleteDiet(deps: DietsDeps, id: string, actor: Actor): Promise<void> {
  const removedPdf = await deps.db.transaction(async (tx) => {
    const diet = await lockDiet(tx, id);
    if (!diet) throw dietsErrors.notFound();
    if (diet.status === 'published') throw dietsErrors.publishedCannotDelete();
    const ingredients = await listDietIngredients(tx, id);
    await deleteDietRow(tx, id);
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
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
      },
      actor.meta,
    );
    return diet.pdfPath;
  });
  await removeStalePdf(removedPdf, '');
}

export async function publishDiet(deps: DietsDeps, id: string, actor: Actor): Promise<{ diet: Diet }> {
  await deps.db.transaction(async (tx) => {
    const diet = await lockDiet(tx, id);
    if (!diet) throw dietsErrors.notFound();
    if (diet.status === 'published') throw dietsErrors.alreadyPublished();
    const at = new Date();
    const plan = await publishIntoPlan(tx, { petId: diet.petId, dietId: id, kind: diet.kind, at }, actor);
    await updateDiet(tx, id, {
      status: 'published',
      publishedAt: at,
      publishedByVetId: actor.vetId,
      dietPlanId: plan.id,
      updatedAt: at,
    });
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'diets.publish',
        entity: 'diet',
        entityId: id,
        changes: {
          before: { status: diet.status, dietPlanUuid: diet.dietPlanId },
          after: { status: 'published', dietPlanUuid: plan.id, endedDietPlanUuid: plan.endedPlanId },
        },
      },
      actor.meta,
    );
  });
  return getDiet(deps, id);
}

/** A new draft with the same recipe: the way to change what an owner was given. */
export async function copyDiet(deps: DietsDeps, id: string, actor: Actor): Promise<{ copyUuid: string }> {
  const copyId = newId();
  await deps.db.transaction(async (tx) => {
    const source = await findDiet(tx, id);
    if (!source) throw dietsErrors.notFound();
    const ingredients = await listDietIngredients(tx, id);
    await insertDiet(tx, {
      id: copyId,
      petId: source.petId,
      kind: source.kind,
      nutrientProfileKind: source.nutrientProfileKind,
      mealsPerDay: source.mealsPerDay,
      feedingInstructions: source.feedingInstructions,
      copiedFromId: source.id,
      createdByVetId: actor.vetId,
    });
    await replaceDietIngredients(
      tx,
      copyId,
      ingredients.map(({ ingredientId, amount, unit }) => ({ ingredientId, amount, unit })),
    );
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'diets.copy',
        entity: 'diet',
        entityId: copyId,
        changes: { after: { copiedFromUuid: source.id, petUuid: source.petId, kind: source.kind } },
      },
      actor.meta,
    );
  });
  return { copyUuid: copyId };
}

/**
 * Renders the diet's PDF when the stored one is missing or no longer matches the diet, stores it and
 * records it. `actor` is null when the owner's signed link triggers it.
 */
async function ensurePdf(
  deps: DietsDeps,
  id: string,
  actor: { vetId: string | null; meta: RequestMeta | null },
  options: { force: boolean },
): Promise<{ pdf: Buffer; diet: DietRow; petName: string; today: string }> {
  const diet = await findDiet(deps.db, id);
  if (!diet) throw dietsErrors.notFound();
  const { view, pdfData, hash, today } = await loadView(deps.db, diet, deps.config.productName);
  const petName = view.context.pet.name;
  if (!options.force && view.pdfUpToDate) {
    const stored = await readStoredPdf(diet.pdfPath);
    if (stored) return { pdf: stored, diet, petName, today };
  }

  const pdf = await renderDietPdf(pdfData);
  const pdfPath = await storeDietPdf(deps.config.dataDir, id, hash, pdf);
  const generatedAt = new Date();
  const previousPath = await deps.db.transaction(async (tx) => {
    const locked = await lockDiet(tx, id);
    if (!locked) throw dietsErrors.notFound();
    await updateDiet(tx, id, { pdfGeneratedAt: generatedAt, pdfPath, pdfSourceHash: hash });
    await recordAudit(
      tx,
      {
        actorVetId: actor.vetId,
        action: 'diets.generate_pdf',
        entity: 'diet',
        entityId: id,
        changes: {
          before: { pdfGeneratedAt: locked.pdfGeneratedAt?.toISOString() ?? null },
          after: { pdfGeneratedAt: generatedAt.toISOString(), trigger: actor.vetId ? 'vet' : 'signed_link' },
        },
      },
      actor.meta,
    );
    return locked.pdfPath;
  });
  await removeStalePdf(previousPath, pdfPath);
  return { pdf, diet, petName, today };
}

export async function generateDietPdf(deps: DietsDeps, id: string, actor: Actor): Promise<{ diet: Diet }> {
  await ensurePdf(deps, id, actor, { force: true });
  return getDiet(deps, id);
}

export async function getDietPdfContent(
  deps: DietsDeps,
  id: string,
  actor: { vetId: string | null; meta: RequestMeta | null },
): Promise<{ pdf: Buffer; filename: string }> {
  const { pdf, diet, petName, today } = await ensurePdf(deps, id, actor, { force: false });
  return { pdf, filename: dietPdfFilename(petName, diet.formulatedOn ?? today) };
}

/** Handing out a link opens the diet to whoever holds it: who did it, and when, is recorded. */
export async function getDietPdfUrl(
  deps: DietsDeps,
  id: string,
  actor: Actor,
  now: Date = new Date(),
): Promise<DietPdfUrlResponse> {
  const diet = await findDiet(deps.db, id);
  if (!diet) throw dietsErrors.notFound();
  const link = dietPdfLink(await deps.signingSecret(), deps.config.publicUrl, id, now);
  await recordAudit(
    deps.db,
    {
      actorVetId: actor.vetId,
      action: 'diets.share_pdf_link',
      entity: 'diet',
      entityId: id,
      changes: { after: { expiresAt: new Date(link.expires * 1000).toISOString() } },
    },
    actor.meta,
  );
  return { pdfUrl: link.url, expiresAt: toTimestamp(new Date(link.expires * 1000)) };
}
