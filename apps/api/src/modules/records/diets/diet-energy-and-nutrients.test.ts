import { formulateDiet } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIngredient } from '../../../../test/diet-fixtures.ts';
import { createFamily, createPet } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { toIngredientDto } from './diets.mapper.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

/** A birth date `years` and a half ago, so the pet's age in months is the same whatever day the test runs. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - years * 12 - 6);
  date.setUTCDate(1);
  return date.toISOString().slice(0, 10);
}

describe('the formulation shown with a diet', () => {
  it("computes energy against the pet's target and nutrients per 1,000 kcal, as by hand", async () => {
    const db = app.database.db;
    const beef = await createIngredient(db, {
      name: 'Hand-set lean beef',
      kcalPer100g: 150,
      nutrients: { protein: 20, fat: 7, calcium: 10, phosphorus: 200, sodium: 60 },
    });
    const potato = await createIngredient(db, {
      name: 'Hand-set potato',
      category: 'vegetable',
      kcalPer100g: 50,
      nutrients: { protein: 2, carbohydrate: 11, calcium: 5, phosphorus: 40 },
    });
    const { family } = await createFamily(db);
    const pet = await createPet(
      db,
      { familyId: family.id, name: 'Hand', species: 'dog', neutered: true, birthDate: bornYearsAgo(3) },
      { weightKg: 10 },
    );
    const created = await app.inject({
      method: 'POST',
      url: '/v1/diets',
      cookies,
      payload: { petUuid: pet.id, kind: 'maintenance', nutrientProfileKind: 'fediaf_adult' },
    });
    const id = created.json().diet.uuid;
    const response = await app.inject({
      method: 'PATCH',
      url: `/v1/diets/${id}`,
      cookies,
      payload: {
        ingredients: [
          { ingredientId: beef.id, amount: 200, unit: 'g' },
          { ingredientId: potato.id, amount: 8, unit: 'oz' },
        ],
      },
    });
    const { formulation } = response.json().diet;

    // 200 g beef = 300 kcal; 8 oz = 226.8 g potato = 113.4 kcal. RER 70 × 10^0.75 = 393.64 kcal;
    // a neutered adult dog of 3½ years: × 1.6 = 629.82 kcal; 413.4 / 629.82 = 65.64 %.
    expect(formulation.totalGrams).toBe(426.8);
    expect(formulation.energy).toEqual({
      basisWeightKg: 10,
      restingKcal: 393.64,
      factor: 1.6,
      factorReason: expect.stringContaining('1.6'),
      targetKcal: 629.82,
      dietKcal: 413.4,
      percentOfTarget: 65.64,
    });
    // Protein 40 + 4.536 = 44.54 g a day, 107.73 g per 1,000 kcal; calcium 20 + 11.34 = 31.34 mg;
    // phosphorus 400 + 90.72 = 490.72 mg → Ca:P 0.06.
    const protein = formulation.nutrients.find((n: { key: string }) => n.key === 'protein');
    expect(protein).toEqual({
      key: 'protein',
      label: 'Protein',
      unit: 'g',
      dailyAmount: 44.54,
      per1000kcal: 107.73,
      min: 45,
      max: null,
      status: 'ok',
    });
    const calcium = formulation.nutrients.find((n: { key: string }) => n.key === 'calcium');
    expect(calcium).toMatchObject({ dailyAmount: 31.34, status: 'low' });
    expect(formulation.calciumPhosphorusRatio).toBe(0.06);
    expect(formulation.warnings.map((warning: { message: string }) => warning.message)).toEqual(
      expect.arrayContaining([
        'Energy is 66% of the daily target (413 of 630 kcal)',
        expect.stringMatching(/^Calcium is below the FEDIAF adult minimum \(/),
      ]),
    );

    expect(formulation).toEqual(
      formulateDiet({
        pet: { species: 'dog', weightKg: 10, targetWeightKg: null, ageMonths: 42, neutered: true },
        kind: 'maintenance',
        profileKind: 'fediaf_adult',
        ingredients: [
          { ingredient: toIngredientDto(beef), amount: 200, unit: 'g' },
          { ingredient: toIngredientDto(potato), amount: 8, unit: 'oz' },
        ],
      }),
    );
  });

  it('feeds a weight-loss diet for the target weight', async () => {
    const db = app.database.db;
    const { family } = await createFamily(db);
    const pet = await createPet(
      db,
      { familyId: family.id, species: 'cat', neutered: true, birthDate: bornYearsAgo(5) },
      { weightKg: 6, targetWeightKg: 4.5 },
    );
    const created = await app.inject({
      method: 'POST',
      url: '/v1/diets',
      cookies,
      payload: { petUuid: pet.id, kind: 'weight_loss', nutrientProfileKind: 'aafco_adult' },
    });
    const { energy } = created.json().diet.formulation;
    // RER at 4.5 kg: 70 × 4.5^0.75 = 216.28 kcal; a cat losing weight gets 0.8 × RER = 173.02 kcal.
    expect(energy).toMatchObject({
      basisWeightKg: 4.5,
      restingKcal: 216.28,
      factor: 0.8,
      targetKcal: 173.02,
    });
  });
});
