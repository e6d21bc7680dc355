import { type IngredientCategory, ingredientCategories, isoToCalendarDate } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIngredient } from '../../../../test/diet-fixtures.ts';
import { createCompany, createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import type { PetRow } from '../../core/pets/pets.table.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { listAuditRows } from '../../platform/audit/audit.repository.ts';
import { dietPlans } from './diets.plans.table.ts';
import type { IngredientRow } from './diets.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;
let chicken: IngredientRow;
let rice: IngredientRow;

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
  chicken = await createIngredient(app.database.db, { name: 'Lifecycle chicken breast', kcalPer100g: 120 });
  rice = await createIngredient(app.database.db, {
    name: 'Lifecycle white rice',
    category: 'grain',
    kcalPer100g: 130,
  });
});

async function newPet(name = 'Biscuit'): Promise<PetRow> {
  const { family } = await createFamily(app.database.db);
  return createPet(app.database.db, { familyId: family.id, name }, { weightKg: 12 });
}

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  withSession = true,
) {
  return app.inject({
    method,
    url,
    payload: payload as object | undefined,
    cookies: withSession ? cookies : {},
  });
}

async function createDiet(petId: string, kind = 'maintenance', nutrientProfileKind = 'fediaf_adult') {
  const response = await call('POST', '/v1/diets', { petUuid: petId, kind, nutrientProfileKind });
  expect(response.statusCode).toBe(201);
  return response.json().diet as { uuid: string; [key: string]: unknown };
}

/** Publishes as a vet does through the dialog: acknowledging whatever the diet warns of. */
async function publish(uuid: string) {
  const { warnings } = (await call('GET', `/v1/diets/${uuid}`)).json().diet.formulation as {
    warnings: { code: string }[];
  };
  return call('POST', `/v1/diets/${uuid}/publish`, {
    acknowledgedWarnings: warnings.map((warning) => warning.code),
    acknowledgementReason: 'Lifecycle test',
  });
}

describe('the ingredient catalogue', () => {
  it('is listed by category (meat first, supplements last) then name for the picker, with the synced catalogue, and needs a session', async () => {
    const response = await call('GET', '/v1/ingredients');
    expect(response.statusCode).toBe(200);
    const { ingredients } = response.json() as {
      ingredients: Array<{ id: string; name: string; category: string }>;
    };
    expect(ingredients.length).toBeGreaterThanOrEqual(60);
    expect(ingredients.map((i) => i.name)).toContain('Fish oil (salmon)');
    expect(ingredients.find((i) => i.id === rice.id)).toEqual({
      id: rice.id,
      name: 'Lifecycle white rice',
      category: 'grain',
      kcalPer100g: 130,
      nutrients: expect.objectContaining({ protein: 0, taurine: 0 }),
      source: 'test',
    });
    const categoryRanks = ingredients.map((i) =>
      ingredientCategories.indexOf(i.category as IngredientCategory),
    );
    expect(categoryRanks).toEqual([...categoryRanks].sort((a, b) => a - b));
    expect((await call('GET', '/v1/ingredients', undefined, false)).statusCode).toBe(401);
  });
});

describe('a vet creates a diet', () => {
  it('gets a draft without ingredients, formulated for the pet, and the creation is audited', async () => {
    const pet = await newPet();
    const diet = await createDiet(pet.id, 'renal');
    expect(diet).toMatchObject({
      petUuid: pet.id,
      dietPlanUuid: null,
      kind: 'renal',
      nutrientProfileKind: 'fediaf_adult',
      status: 'draft',
      formulatedOn: null,
      nextAssessmentOn: null,
      mealsPerDay: 2,
      ingredients: [],
      feedingInstructions: '',
      pdf: { generatedAt: null, upToDate: false },
      copiedFromUuid: null,
      createdBy: { uuid: vet.id, name: 'Helena Marsh' },
      publishedAt: null,
    });
    expect((diet.formulation as { warnings: { message: string }[] }).warnings).toContainEqual({
      code: 'no_ingredients',
      message: 'No ingredients yet',
    });

    const [audit] = await listAuditRows(app.database.db, { action: 'diets.create', entityId: diet.uuid });
    expect(audit).toMatchObject({ actorVetId: vet.id, entity: 'diet' });
    expect(audit?.changes).toEqual({
      after: { petUuid: pet.id, kind: 'renal', nutrientProfileKind: 'fediaf_adult' },
    });
  });

  it('is refused for an unknown pet, an unknown kind or an unknown field', async () => {
    const pet = await newPet();
    const unknownPet = await call('POST', '/v1/diets', {
      petUuid: newId(),
      kind: 'renal',
      nutrientProfileKind: 'fediaf_adult',
    });
    expect(unknownPet.statusCode).toBe(400);
    expect(unknownPet.json()).toMatchObject({ code: 'diets.pet_not_found', details: [{ path: 'petUuid' }] });

    const badKind = await call('POST', '/v1/diets', {
      petUuid: pet.id,
      kind: 'keto',
      nutrientProfileKind: 'fediaf_adult',
    });
    expect(badKind.statusCode).toBe(400);

    const extra = await call('POST', '/v1/diets', {
      petUuid: pet.id,
      kind: 'renal',
      nutrientProfileKind: 'fediaf_adult',
      status: 'published',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const pet = await newPet();
    const response = await call(
      'POST',
      '/v1/diets',
      { petUuid: pet.id, kind: 'renal', nutrientProfileKind: 'fediaf_adult' },
      false,
    );
    expect(response.statusCode).toBe(401);
  });
});

describe("a pet's diets", () => {
  it('are listed newest first by default, oldest first with order=asc', async () => {
    const pet = await newPet();
    const first = await createDiet(pet.id, 'maintenance');
    const second = await createDiet(pet.id, 'renal');
    const other = await newPet('Other');
    await createDiet(other.id);

    const newest = await call('GET', `/v1/diets?petUuid=${pet.id}`);
    expect(newest.statusCode).toBe(200);
    expect(newest.json().diets.map((d: { uuid: string }) => d.uuid)).toEqual([second.uuid, first.uuid]);
    expect(Object.keys(newest.json().diets[0]).sort()).toEqual(
      [
        'uuid',
        'petUuid',
        'kind',
        'nutrientProfileKind',
        'status',
        'formulatedOn',
        'nextAssessmentOn',
        'publishedAt',
        'createdAt',
        'updatedAt',
      ].sort(),
    );

    const oldest = await call('GET', `/v1/diets?petUuid=${pet.id}&order=asc`);
    expect(oldest.json().diets.map((d: { uuid: string }) => d.uuid)).toEqual([first.uuid, second.uuid]);
  });

  it('answer 404 for a pet out of the vet’s scope, as for a missing pet, and list them for a vet of its company', async () => {
    const company = await createCompany(app.database.db);
    const other = await createCompany(app.database.db);
    const { family } = await createFamily(app.database.db, {
      familyKind: 'b2b',
      owner: { b2bCode: company.sku },
    });
    const pet = await createPet(app.database.db, { familyId: family.id, name: 'Scoped' }, { weightKg: 9 });
    const diet = await createDiet(pet.id);
    const ownVet = await createTestVet(app, { kind: 'b2b', companySku: company.sku });
    const otherVet = await createTestVet(app, { kind: 'b2b', companySku: other.sku });
    const listAs = async (email: string, petId: string) =>
      app.inject({ method: 'GET', url: `/v1/diets?petUuid=${petId}`, cookies: await loginAs(app, email) });

    const own = await listAs(ownVet.email, pet.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().diets.map((d: { uuid: string }) => d.uuid)).toEqual([diet.uuid]);
    const outOfScope = await listAs(otherVet.email, pet.id);
    const missing = await listAs(otherVet.email, newId());
    expect([outOfScope.statusCode, outOfScope.json().code]).toEqual([404, 'pets.not_found']);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'pets.not_found']);
    expect(outOfScope.body).not.toContain(diet.uuid);
  });

  it('answer 404 for an unknown diet and 400 for a malformed id', async () => {
    const unknown = await call('GET', `/v1/diets/${newId()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('diets.not_found');
    expect((await call('GET', '/v1/diets/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', '/v1/diets')).statusCode).toBe(400);
  });
});

describe('a vet edits a draft', () => {
  it('changes the fields sent, converts amounts to grams, renders the placeholders and audits before/after', async () => {
    const pet = await newPet('Biscuit');
    const diet = await createDiet(pet.id);
    const response = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      formulatedOn: { year: 2026, month: 11, day: 1 },
      nextAssessmentOn: { year: 2027, month: 2, day: 1 },
      mealsPerDay: 3,
      feedingInstructions: 'Give {{PET_NAME}} three meals; {{pet_name}} may have water at will.',
      ingredients: [
        { ingredientId: chicken.id, amount: 0.25, unit: 'kg' },
        { ingredientId: rice.id, amount: 4, unit: 'oz' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().diet;
    expect(updated).toMatchObject({
      formulatedOn: { year: 2026, month: 11, day: 1 },
      nextAssessmentOn: { year: 2027, month: 2, day: 1 },
      mealsPerDay: 3,
      feedingInstructionsRendered: 'Give Biscuit three meals; Biscuit may have water at will.',
      ingredients: [
        {
          ingredientId: chicken.id,
          name: 'Lifecycle chicken breast',
          amount: 0.25,
          unit: 'kg',
          grams: 250,
          kcal: 300,
        },
        {
          ingredientId: rice.id,
          name: 'Lifecycle white rice',
          amount: 4,
          unit: 'oz',
          grams: 113.4,
          kcal: 147.42,
        },
      ],
    });
    expect(updated.formulation.totalGrams).toBe(363.4);
    expect(updated.formulation.energy.dietKcal).toBe(447.42);

    const [audit] = await listAuditRows(app.database.db, { action: 'diets.update', entityId: diet.uuid });
    expect(audit?.actorVetId).toBe(vet.id);
    expect(audit?.changes).toEqual({
      before: {
        formulatedOn: null,
        nextAssessmentOn: null,
        mealsPerDay: 2,
        feedingInstructions: '',
        ingredients: [],
      },
      after: {
        formulatedOn: '2026-11-01',
        nextAssessmentOn: '2027-02-01',
        mealsPerDay: 3,
        feedingInstructions: 'Give {{PET_NAME}} three meals; {{pet_name}} may have water at will.',
        ingredients: [
          { ingredientId: chicken.id, amount: 0.25, unit: 'kg' },
          { ingredientId: rice.id, amount: 4, unit: 'oz' },
        ],
      },
    });

    const again = await call('PATCH', `/v1/diets/${diet.uuid}`, { mealsPerDay: 3 });
    expect(again.statusCode).toBe(200);
    expect(
      await listAuditRows(app.database.db, { action: 'diets.update', entityId: diet.uuid }),
    ).toHaveLength(1);
  });

  it('refuses a next assessment before the formulation date, against the stored date too', async () => {
    const pet = await newPet();
    const diet = await createDiet(pet.id);
    const both = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      formulatedOn: { year: 2026, month: 11, day: 10 },
      nextAssessmentOn: { year: 2026, month: 11, day: 9 },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'diets.next_assessment_before_formulated',
      details: [{ path: 'nextAssessmentOn' }],
    });

    expect(
      (await call('PATCH', `/v1/diets/${diet.uuid}`, { formulatedOn: { year: 2026, month: 11, day: 10 } }))
        .statusCode,
    ).toBe(200);
    const onlyNext = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      nextAssessmentOn: { year: 2026, month: 10, day: 1 },
    });
    expect(onlyNext.statusCode).toBe(400);
    expect(onlyNext.json().details[0].path).toBe('nextAssessmentOn');

    const sameDay = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      nextAssessmentOn: { year: 2026, month: 11, day: 10 },
    });
    expect(sameDay.statusCode).toBe(200);

    const impossible = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      formulatedOn: { year: 2026, month: 2, day: 30 },
    });
    expect(impossible.statusCode).toBe(400);
  });

  it('refuses unknown fields, an empty patch, unknown ingredients and amounts of 0', async () => {
    const pet = await newPet();
    const diet = await createDiet(pet.id);
    const unknownField = await call('PATCH', `/v1/diets/${diet.uuid}`, { status: 'published' });
    expect(unknownField.statusCode).toBe(400);
    expect((await call('PATCH', `/v1/diets/${diet.uuid}`, {})).statusCode).toBe(400);

    const unknownIngredient = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      ingredients: [
        { ingredientId: chicken.id, amount: 100, unit: 'g' },
        { ingredientId: newId(), amount: 100, unit: 'g' },
      ],
    });
    expect(unknownIngredient.statusCode).toBe(400);
    expect(unknownIngredient.json()).toMatchObject({
      code: 'diets.ingredient_not_found',
      details: [{ path: 'ingredients.1.ingredientId' }],
    });

    const zero = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      ingredients: [{ ingredientId: chicken.id, amount: 0, unit: 'g' }],
    });
    expect(zero.statusCode).toBe(400);
    const extraInLine = await call('PATCH', `/v1/diets/${diet.uuid}`, {
      ingredients: [{ ingredientId: chicken.id, amount: 10, unit: 'g', note: 'x' }],
    });
    expect(extraInLine.statusCode).toBe(400);

    const stored = (await call('GET', `/v1/diets/${diet.uuid}`)).json().diet;
    expect(stored.ingredients).toEqual([]);
    expect(
      await listAuditRows(app.database.db, { action: 'diets.update', entityId: diet.uuid }),
    ).toHaveLength(0);
    expect((await call('PATCH', `/v1/diets/${newId()}`, { mealsPerDay: 2 })).statusCode).toBe(404);
  });
});

describe('publishing', () => {
  it("makes the diet the pet's current diet plan, read-only and not deletable; a copy is a new draft", async () => {
    const pet = await newPet();
    const before = await call('GET', `/v1/pets/${pet.id}/current-diet-plan`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ dietPlan: null });

    const diet = await createDiet(pet.id, 'cardiac');
    await call('PATCH', `/v1/diets/${diet.uuid}`, {
      feedingInstructions: 'Twice a day',
      mealsPerDay: 2,
      ingredients: [
        { ingredientId: chicken.id, amount: 200, unit: 'g' },
        { ingredientId: rice.id, amount: 0.2, unit: 'lbs' },
      ],
    });
    const published = await publish(diet.uuid);
    expect(published.statusCode).toBe(200);
    const publishedDiet = published.json().diet;
    expect(publishedDiet).toMatchObject({
      status: 'published',
      publishedAt: { seconds: expect.any(Number) },
    });
    expect(publishedDiet.dietPlanUuid).toEqual(expect.any(String));

    const current = (await call('GET', `/v1/pets/${pet.id}/current-diet-plan`)).json().dietPlan;
    expect(current).toMatchObject({
      uuid: publishedDiet.dietPlanUuid,
      petUuid: pet.id,
      kind: 'cardiac',
      currentDiet: { uuid: diet.uuid, status: 'published', kind: 'cardiac' },
    });

    const again = await call('POST', `/v1/diets/${diet.uuid}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('diets.already_published');

    const edit = await call('PATCH', `/v1/diets/${diet.uuid}`, { mealsPerDay: 3 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'diets.published_read_only' });
    expect(edit.json().error).toMatch(/copy it to edit/);

    const remove = await call('DELETE', `/v1/diets/${diet.uuid}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('diets.published_cannot_delete');

    const copied = await call('POST', `/v1/diets/${diet.uuid}/copy`);
    expect(copied.statusCode).toBe(201);
    const { copyUuid } = copied.json();
    const copy = (await call('GET', `/v1/diets/${copyUuid}`)).json().diet;
    expect(copy).toMatchObject({
      uuid: copyUuid,
      petUuid: pet.id,
      kind: 'cardiac',
      status: 'draft',
      dietPlanUuid: null,
      formulatedOn: null,
      nextAssessmentOn: null,
      publishedAt: null,
      copiedFromUuid: diet.uuid,
      feedingInstructions: 'Twice a day',
      createdBy: { uuid: vet.id },
    });
    expect(copy.ingredients).toEqual(publishedDiet.ingredients);
    expect((await call('PATCH', `/v1/diets/${copyUuid}`, { mealsPerDay: 3 })).statusCode).toBe(200);

    for (const action of ['diets.publish', 'diets.copy']) {
      const entityId = action === 'diets.copy' ? copyUuid : diet.uuid;
      expect(await listAuditRows(app.database.db, { action, entityId })).toHaveLength(1);
    }
  });

  it('keeps the open plan of the same kind, and starts a new plan (ending the old one) for another kind', async () => {
    const pet = await newPet();
    const first = await createDiet(pet.id, 'renal');
    const firstPlan = (await publish(first.uuid)).json().diet.dietPlanUuid;

    const sameKind = await createDiet(pet.id, 'renal');
    const samePlan = (await publish(sameKind.uuid)).json().diet.dietPlanUuid;
    expect(samePlan).toBe(firstPlan);
    let current = (await call('GET', `/v1/pets/${pet.id}/current-diet-plan`)).json().dietPlan;
    expect(current.currentDiet.uuid).toBe(sameKind.uuid);

    const otherKind = await createDiet(pet.id, 'hepatic');
    const newPlan = (await publish(otherKind.uuid)).json().diet.dietPlanUuid;
    expect(newPlan).not.toBe(firstPlan);
    current = (await call('GET', `/v1/pets/${pet.id}/current-diet-plan`)).json().dietPlan;
    expect(current).toMatchObject({ uuid: newPlan, kind: 'hepatic', currentDiet: { uuid: otherKind.uuid } });

    const [ended] = await app.database.db.select().from(dietPlans).where(eq(dietPlans.id, firstPlan));
    expect(ended?.endedAt).toBeInstanceOf(Date);
    // The earlier diets stay published: they are the history of what the owner was given.
    expect((await call('GET', `/v1/diets/${first.uuid}`)).json().diet.status).toBe('published');
  });
});

describe('diet plans', () => {
  it('a new plan becomes the current one, without a diet until one is published', async () => {
    const pet = await newPet();
    const diet = await createDiet(pet.id, 'maintenance');
    expect((await publish(diet.uuid)).statusCode).toBe(200);

    const created = await call('POST', '/v1/diet-plans', { petUuid: pet.id, kind: 'weight_loss' });
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json();
    const current = (await call('GET', `/v1/pets/${pet.id}/current-diet-plan`)).json().dietPlan;
    expect(current).toMatchObject({
      uuid,
      kind: 'weight_loss',
      currentDiet: null,
      createdAt: { seconds: expect.any(Number) },
    });
    const [audit] = await listAuditRows(app.database.db, { action: 'diet_plans.create', entityId: uuid });
    expect(audit?.actorVetId).toBe(vet.id);

    const loss = await createDiet(pet.id, 'weight_loss');
    const plan = (await publish(loss.uuid)).json().diet.dietPlanUuid;
    expect(plan).toBe(uuid);
  });

  it('refuses an unknown pet, an unknown kind and unknown fields; 404 for an unknown pet', async () => {
    const pet = await newPet();
    const unknown = await call('POST', '/v1/diet-plans', { petUuid: newId(), kind: 'renal' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('petUuid');
    expect((await call('POST', '/v1/diet-plans', { petUuid: pet.id, kind: 'keto' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/diet-plans', { petUuid: pet.id, kind: 'renal', x: 1 })).statusCode).toBe(
      400,
    );
    const missing = await call('GET', `/v1/pets/${newId()}/current-diet-plan`);
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', `/v1/pets/${pet.id}/current-diet-plan`, undefined, false)).statusCode).toBe(
      401,
    );
  });
});

describe('deleting', () => {
  it('removes a draft with its ingredients, audited with what it was', async () => {
    const pet = await newPet();
    const diet = await createDiet(pet.id);
    await call('PATCH', `/v1/diets/${diet.uuid}`, {
      formulatedOn: isoToCalendarDate('2026-11-02'),
      ingredients: [{ ingredientId: chicken.id, amount: 50, unit: 'g' }],
    });
    const copy = (await call('POST', `/v1/diets/${diet.uuid}/copy`)).json().copyUuid;
    const response = await call('DELETE', `/v1/diets/${diet.uuid}`);
    expect(response.statusCode).toBe(200);
    expect((await call('GET', `/v1/diets/${diet.uuid}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/diets/${diet.uuid}`)).statusCode).toBe(404);
    // A copy outlives the draft it came from.
    expect((await call('GET', `/v1/diets/${copy}`)).json().diet.copiedFromUuid).toBeNull();

    const [audit] = await listAuditRows(app.database.db, { action: 'diets.delete', entityId: diet.uuid });
    expect(audit?.changes).toMatchObject({
      before: {
        status: 'draft',
        formulatedOn: '2026-11-02',
        ingredients: [{ ingredientId: chicken.id, amount: 50, unit: 'g' }],
      },
    });
  });
});
