import { type Ingredient, nutrientKeys } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { energyStatus } from './diet-format.ts';
import { formulationPet, liveFormulation } from './live-formulation.ts';

const zeroNutrients = Object.fromEntries(nutrientKeys.map((key) => [key, 0])) as Ingredient['nutrients'];
const ingredient = (id: string, kcalPer100g: number): Ingredient => ({
  id,
  name: id,
  category: 'meat',
  kcalPer100g,
  nutrients: { ...zeroNutrients, protein: 20 },
  source: 'test',
});
const TURKEY = ingredient('0190b3c2-4e5a-7a01-8c11-0000000000b1', 150);
const OIL = ingredient('0190b3c2-4e5a-7a01-8c11-0000000000b2', 884);
const catalogue = new Map([TURKEY, OIL].map((item) => [item.id, item]));

// Luna-like: a neutered adult dog of 8 kg, 8 years and 8 months old on 21/11/2026.
const pet = formulationPet(
  { species: 'dog', birthDate: { year: 2018, month: 3, day: 14 }, neutered: true },
  { weightKg: 8, targetWeightKg: null },
  'Europe/London',
  new Date('2026-11-21T12:00:00Z'),
);

describe('the editor’s live formulation', () => {
  it('uses the same pet facts as the server: weights, neuter status and age in whole months', () => {
    expect(pet).toEqual({
      species: 'dog',
      weightKg: 8,
      targetWeightKg: null,
      ageMonths: 104,
      neutered: true,
    });
  });

  it('turns each unit into grams with the SPEC §9 factors before adding energy', () => {
    const formulation = liveFormulation(
      {
        kind: 'maintenance',
        nutrientProfileKind: 'fediaf_adult',
        ingredients: [
          { key: 'a', ingredientId: TURKEY.id, amount: 10, unit: 'oz' },
          { key: 'b', ingredientId: OIL.id, amount: 10, unit: 'ml' },
        ],
      },
      catalogue,
      pet,
    );
    // 10 oz = 283.5 g → 425.25 kcal; 10 ml = 9 g → 79.56 kcal.
    expect(formulation?.totalGrams).toBe(292.5);
    expect(formulation?.energy.dietKcal).toBe(504.81);
    // RER 70 × 8^0.75 = 332.95; a senior dog's factor is 1.4.
    expect(formulation?.energy.restingKcal).toBeCloseTo(332.95, 1);
    expect(formulation?.energy.targetKcal).toBeCloseTo(466.13, 1);
  });

  it('changes as soon as an amount changes, and skips rows without an amount yet', () => {
    const at = (amount: number | string) =>
      liveFormulation(
        {
          kind: 'maintenance',
          nutrientProfileKind: 'fediaf_adult',
          ingredients: [{ key: 'a', ingredientId: TURKEY.id, amount, unit: 'g' }],
        },
        catalogue,
        pet,
      );
    expect(at(100)?.energy.dietKcal).toBe(150);
    expect(at(300)?.energy.dietKcal).toBe(450);
    expect(at('')?.energy.dietKcal).toBe(0);
    const onTarget = at(310);
    expect(onTarget && energyStatus(onTarget.energy)).toBe('on_target');
    const under = at(100);
    expect(under && energyStatus(under.energy)).toBe('under');
  });

  it('gives up (the panel keeps the saved figures) while an ingredient is not in the catalogue', () => {
    expect(
      liveFormulation(
        {
          kind: 'maintenance',
          nutrientProfileKind: 'fediaf_adult',
          ingredients: [
            { key: 'a', ingredientId: '0190b3c2-4e5a-7a01-8c11-0000000000ff', amount: 1, unit: 'g' },
          ],
        },
        catalogue,
        pet,
      ),
    ).toBeNull();
  });
});
