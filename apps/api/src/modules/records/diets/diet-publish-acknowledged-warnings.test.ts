import { formulateDiet, nutrientProfiles } from '@vetboard/contract';
import { eq, like } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancedNutrients, createIngredient } from '../../../../test/diet-fixtures.ts';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { files } from '../../platform/files/files.table.ts';
import { monthsBetween } from './diet-pdf.ts';
import { dietPlans } from './diets.plans.table.ts';
import { diets, type IngredientRow } from './diets.table.ts';
import { ingredientId } from './ingredients.data.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;
let completeFood: IngredientRow;

const COMPLETE_FOOD_KCAL = 400;
const PET_WEIGHT_KG = 12;
const PET_BIRTH_DATE = '2019-04-12';

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Ines', lastName: 'Okafor', kind: 'regular' });
  cookies = await loginAs(app, vet.email);
  completeFood = await createIngredient(app.database.db, {
    name: 'Publish test complete food',
    kcalPer100g: COMPLETE_FOOD_KCAL,
    nutrients: balancedNutrients(nutrientProfiles.fediaf_adult.dog, COMPLETE_FOOD_KCAL),
  });
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return app.inject({ method, url, payload: payload as object | undefined, cookies });
}

interface Warning {
  code: string;
  message: string;
}

/** A draft for a new 12 kg dog; `ingredients` may be given the diet's energy target to feed. */
async function draft(
  ingredients:
    | Array<{ ingredientId: string; amount: number; unit: string }>
    | ((targetKcal: number) => Array<{ ingredientId: string; amount: number; unit: string }>),
) {
  const { family } = await createFamily(app.database.db);
  const pet = await createPet(
    app.database.db,
    { familyId: family.id, name: 'Pepper', birthDate: PET_BIRTH_DATE },
    { weightKg: PET_WEIGHT_KG },
  );
  const created = await call('POST', '/v1/diets', {
    petUuid: pet.id,
    kind: 'maintenance',
    nutrientProfileKind: 'fediaf_adult',
  });
  expect(created.statusCode).toBe(201);
  const { uuid, formulation } = created.json().diet;
  const lines = typeof ingredients === 'function' ? ingredients(formulation.energy.targetKcal) : ingredients;
  const patched = await call('PATCH', `/v1/diets/${uuid}`, { ingredients: lines });
  expect(patched.statusCode).toBe(200);
  return {
    uuid: uuid as string,
    petId: pet.id,
    warnings: patched.json().diet.formulation.warnings as Warning[],
  };
}

/** The salmon, potato and oil draft: short of most minerals, over on vitamin D, low on energy. */
const salmonPotatoOil = () =>
  draft([
    { ingredientId: ingredientId('Salmon, Atlantic, farmed, cooked'), amount: 120, unit: 'g' },
    { ingredientId: ingredientId('Potato, boiled (without skin)'), amount: 150, unit: 'g' },
    { ingredientId: ingredientId('Fish oil (salmon)'), amount: 5, unit: 'ml' },
  ]);

async function storedRow(uuid: string) {
  const [row] = await app.database.db.select().from(diets).where(eq(diets.id, uuid));
  return row;
}

async function expectNothingWritten(uuid: string, petId: string) {
  const row = await storedRow(uuid);
  expect(row).toMatchObject({
    status: 'draft',
    publishedAt: null,
    dietPlanId: null,
    acknowledgedWarnings: [],
    acknowledgementReason: null,
  });
  expect(await listAuditRows(app.database.db, { action: 'diets.publish', entityId: uuid })).toEqual([]);
  expect(await app.database.db.select().from(dietPlans).where(eq(dietPlans.petId, petId))).toEqual([]);
}

describe('publishing a diet with warnings', () => {
  it('is refused with 409 and every warning the editor shows, one detail each, and writes nothing', async () => {
    const { uuid, petId, warnings } = await salmonPotatoOil();
    const codes = warnings.map((warning) => warning.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'calcium_low',
        'vitaminD_high',
        'calcium_phosphorus_ratio',
        'energy_off_target',
      ]),
    );
    expect(warnings.length).toBeGreaterThanOrEqual(8);

    for (const body of [undefined, {}]) {
      const refused = await call('POST', `/v1/diets/${uuid}/publish`, body);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'diets.unacknowledged_warnings',
        error: 'Acknowledge the warnings with a reason to publish',
      });
      expect(refused.json().details).toEqual([
        ...warnings.map((warning) => ({
          path: `acknowledgedWarnings.${warning.code}`,
          message: warning.message,
        })),
        { path: 'acknowledgementReason', message: 'Say why you publish despite the warnings' },
      ]);
    }
    // A message names the nutrient and how far off it is.
    expect(warnings.find((warning) => warning.code === 'calcium_low')?.message).toMatch(
      /^Calcium is below the FEDIAF adult minimum \(\d+ mg per 1000 kcal, minimum 1250\)$/,
    );
    await expectNothingWritten(uuid, petId);
  });

  it('is refused when only some warnings are acknowledged, naming the others', async () => {
    const { uuid, petId, warnings } = await salmonPotatoOil();
    const [first, ...rest] = warnings;
    const refused = await call('POST', `/v1/diets/${uuid}/publish`, {
      acknowledgedWarnings: [first?.code],
      acknowledgementReason: 'Supplements are added at home',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('diets.unacknowledged_warnings');
    expect(refused.json().details).toEqual(
      rest.map((warning) => ({ path: `acknowledgedWarnings.${warning.code}`, message: warning.message })),
    );
    await expectNothingWritten(uuid, petId);
  });

  it('is refused when every warning is acknowledged but the reason is blank or missing', async () => {
    const { uuid, petId, warnings } = await salmonPotatoOil();
    const acknowledgedWarnings = warnings.map((warning) => warning.code);
    for (const reason of ['   \n', '', undefined]) {
      const refused = await call('POST', `/v1/diets/${uuid}/publish`, {
        acknowledgedWarnings,
        ...(reason === undefined ? {} : { acknowledgementReason: reason }),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toEqual([
        { path: 'acknowledgementReason', message: 'Say why you publish despite the warnings' },
      ]);
    }
    await expectNothingWritten(uuid, petId);
  });

  it('answers 400 for a body of the wrong shape, writing nothing', async () => {
    const { uuid, petId, warnings } = await salmonPotatoOil();
    const codes = warnings.map((warning) => warning.code);
    for (const body of [
      { acknowledgedWarnings: 'calcium_low', acknowledgementReason: 'x' },
      { acknowledgedWarnings: [1], acknowledgementReason: 'x' },
      { acknowledgedWarnings: codes, acknowledgementReason: 42 },
      { acknowledgedWarnings: codes, acknowledgementReason: 'x'.repeat(2001) },
      { acknowledgedWarnings: codes, acknowledgementReason: 'x', confirmed: true },
    ]) {
      const response = await call('POST', `/v1/diets/${uuid}/publish`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    await expectNothingWritten(uuid, petId);
  });

  it('publishes with every warning acknowledged, keeping them as they read, the reason, who and when, and audits them', async () => {
    const { uuid, warnings } = await salmonPotatoOil();
    const published = await call('POST', `/v1/diets/${uuid}/publish`, {
      // A code the diet no longer raises is ignored: only what was raised is recorded.
      acknowledgedWarnings: [...warnings.map((warning) => warning.code), 'taurine_low'],
      acknowledgementReason: '  Owner adds a mineral mix; recheck in 4 weeks  ',
    });
    expect(published.statusCode).toBe(200);
    const diet = published.json().diet;
    expect(diet.status).toBe('published');
    const acknowledgement = {
      warnings,
      reason: 'Owner adds a mineral mix; recheck in 4 weeks',
      by: { uuid: vet.id, name: 'Ines Okafor' },
      at: diet.publishedAt,
    };
    expect(diet.publishAcknowledgement).toEqual(acknowledgement);
    expect((await call('GET', `/v1/diets/${uuid}`)).json().diet.publishAcknowledgement).toEqual(
      acknowledgement,
    );
    expect(await storedRow(uuid)).toMatchObject({
      acknowledgedWarnings: warnings,
      acknowledgementReason: 'Owner adds a mineral mix; recheck in 4 weeks',
      publishedByVetId: vet.id,
    });

    const [audit] = await listAuditRows(app.database.db, { action: 'diets.publish', entityId: uuid });
    expect(audit?.actorVetId).toBe(vet.id);
    expect(audit?.changes).toMatchObject({
      after: {
        status: 'published',
        acknowledgedWarnings: warnings,
        acknowledgementReason: 'Owner adds a mineral mix; recheck in 4 weeks',
      },
    });

    // A copy is a new draft: the acknowledgement was about the diet as published, not its recipe.
    const copy = (await call('POST', `/v1/diets/${uuid}/copy`)).json().copyUuid;
    expect((await call('GET', `/v1/diets/${copy}`)).json().diet.publishAcknowledgement).toBeNull();
  });

  it('uses the formulation the editor computes: the warnings are those of the contract for the same diet', async () => {
    const { uuid, warnings } = await salmonPotatoOil();
    const diet = (await call('GET', `/v1/diets/${uuid}`)).json().diet;
    const catalogue = (await call('GET', '/v1/ingredients')).json().ingredients as Array<{ id: string }>;
    const computed = formulateDiet({
      pet: {
        species: 'dog',
        weightKg: PET_WEIGHT_KG,
        targetWeightKg: null,
        ageMonths: monthsBetween(PET_BIRTH_DATE, new Date().toISOString().slice(0, 10)),
        neutered: true,
      },
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: diet.ingredients.map((line: { ingredientId: string; amount: number; unit: 'g' }) => ({
        ingredient: catalogue.find((ingredient) => ingredient.id === line.ingredientId),
        amount: line.amount,
        unit: line.unit,
      })),
    });
    expect(computed.warnings).toEqual(warnings);
  });
});

describe('publishing a diet without warnings', () => {
  const balanced = () =>
    draft((targetKcal) => [
      { ingredientId: completeFood.id, amount: (targetKcal / COMPLETE_FOOD_KCAL) * 100, unit: 'g' },
    ]);

  it('publishes as before with an empty body or none, and records no acknowledgement', async () => {
    for (const body of [{}, undefined]) {
      const { uuid, warnings } = await balanced();
      expect(warnings).toEqual([]);
      const published = await call('POST', `/v1/diets/${uuid}/publish`, body);
      expect(published.statusCode).toBe(200);
      expect(published.json().diet).toMatchObject({ status: 'published', publishAcknowledgement: null });
      const [audit] = await listAuditRows(app.database.db, { action: 'diets.publish', entityId: uuid });
      expect(audit?.changes).toMatchObject({
        after: { status: 'published', acknowledgedWarnings: [], acknowledgementReason: null },
      });
    }
  });

  it('keeps a PDF generated just before publishing current, rendered as the published diet', async () => {
    const { uuid } = await balanced();
    const generated = await call('POST', `/v1/diets/${uuid}/pdf`);
    expect(generated.json().diet.pdf.upToDate).toBe(true);

    const published = await call('POST', `/v1/diets/${uuid}/publish`, {});
    expect(published.statusCode).toBe(200);
    expect(published.json().diet.pdf).toEqual({
      generatedAt: published.json().diet.publishedAt,
      upToDate: true,
    });
    expect((await call('GET', `/v1/diets/${uuid}`)).json().diet.pdf.upToDate).toBe(true);

    // One stored PDF, the one the owner's link now serves, and it says the diet is published.
    const stored = await app.database.db
      .select({ id: files.id })
      .from(files)
      .where(like(files.cacheKey, `diet-pdf:${uuid}:%`));
    expect(stored).toHaveLength(1);
    expect((await storedRow(uuid))?.pdfFileId).toBe(stored[0]?.id);
    const content = await call('GET', `/v1/diets/${uuid}/pdf/content`);
    expect(content.statusCode).toBe(200);
    const document = await getDocument({ data: new Uint8Array(content.rawPayload) }).promise;
    const text = (await (await document.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('');
    await document.destroy();
    expect(text).toContain('Maintenance diet · Published');
    // Reading it rendered nothing new.
    expect(
      await listAuditRows(app.database.db, { action: 'diets.generate_pdf', entityId: uuid }),
    ).toHaveLength(1);
    const [audit] = await listAuditRows(app.database.db, { action: 'diets.publish', entityId: uuid });
    expect(audit?.changes).toMatchObject({ after: { pdfRenewed: true } });
  });

  it('leaves a PDF that was already stale to be rebuilt on its next read', async () => {
    const { uuid } = await balanced();
    await call('POST', `/v1/diets/${uuid}/pdf`);
    await call('PATCH', `/v1/diets/${uuid}`, { mealsPerDay: 3 });
    const published = await call('POST', `/v1/diets/${uuid}/publish`, {});
    expect(published.json().diet.pdf.upToDate).toBe(false);
    const [audit] = await listAuditRows(app.database.db, { action: 'diets.publish', entityId: uuid });
    expect(audit?.changes).toMatchObject({ after: { pdfRenewed: false } });
  });
});
