import type { Diet } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  completeIngredients,
  type DietFormValues,
  defaultNutrientProfileKind,
  dietFormFields,
  dietFormValues,
  feedingInstructionsPreview,
  isDateOrderValid,
  moveRow,
  NEXT_BEFORE_FORMULATED,
  parseDayFirstDate,
  toDietPatch,
  validateDietForm,
} from './diet-form.ts';

const CHICKEN = '0190b3c2-4e5a-7a01-8c11-0000000000a1';
const RICE = '0190b3c2-4e5a-7a01-8c11-0000000000a2';
const OIL = '0190b3c2-4e5a-7a01-8c11-0000000000a3';

const values = (patch: Partial<DietFormValues> = {}): DietFormValues => ({
  kind: 'cardiac',
  nutrientProfileKind: 'fediaf_adult',
  formulatedOn: '2026-11-21',
  nextAssessmentOn: '2027-02-21',
  mealsPerDay: 2,
  ingredients: [
    { key: 'a', ingredientId: CHICKEN, amount: 150, unit: 'g' },
    { key: 'b', ingredientId: RICE, amount: '5.5', unit: 'oz' },
    { key: 'c', ingredientId: OIL, amount: 10, unit: 'ml' },
  ],
  feedingInstructions: 'Feed {{PET_NAME}} twice a day.',
  ...patch,
});

describe('the PATCH /v1/diets/{id} body', () => {
  it('sends calendar dates as {year, month, day}, amounts as numbers in the vet’s units', () => {
    expect(toDietPatch(values())).toEqual({
      kind: 'cardiac',
      nutrientProfileKind: 'fediaf_adult',
      formulatedOn: { year: 2026, month: 11, day: 21 },
      nextAssessmentOn: { year: 2027, month: 2, day: 21 },
      mealsPerDay: 2,
      ingredients: [
        { ingredientId: CHICKEN, amount: 150, unit: 'g' },
        { ingredientId: RICE, amount: 5.5, unit: 'oz' },
        { ingredientId: OIL, amount: 10, unit: 'ml' },
      ],
      feedingInstructions: 'Feed {{PET_NAME}} twice a day.',
    });
  });

  it('clears dates with null and keeps the placeholders as written', () => {
    const patch = toDietPatch(values({ formulatedOn: null, nextAssessmentOn: null }));
    expect(patch.formulatedOn).toBeNull();
    expect(patch.nextAssessmentOn).toBeNull();
    expect(patch.feedingInstructions).toContain('{{PET_NAME}}');
  });

  it('keeps the order of the rows, which is the order the PDF lists them in', () => {
    const moved = values({ ingredients: moveRow(values().ingredients, 2, -1) });
    expect(toDietPatch(moved).ingredients?.map((row) => row.ingredientId)).toEqual([CHICKEN, OIL, RICE]);
  });

  it('round-trips a saved diet', () => {
    const diet = {
      kind: 'renal',
      nutrientProfileKind: 'aafco_adult',
      formulatedOn: { year: 2026, month: 3, day: 1 },
      nextAssessmentOn: null,
      mealsPerDay: 3,
      ingredients: [{ ingredientId: RICE, name: 'Rice', amount: 2, unit: 'lbs', grams: 907.03, kcal: 1179 }],
      feedingInstructions: 'x',
    } as unknown as Diet;
    const form = dietFormValues(diet);
    expect(form.formulatedOn).toBe('2026-03-01');
    expect(form.ingredients[0]).toMatchObject({ ingredientId: RICE, amount: 2, unit: 'lbs' });
    expect(toDietPatch(form)).toMatchObject({
      formulatedOn: { year: 2026, month: 3, day: 1 },
      nextAssessmentOn: null,
      ingredients: [{ ingredientId: RICE, amount: 2, unit: 'lbs' }],
    });
  });

  it('weighs only rows with an ingredient and an amount above 0', () => {
    expect(
      completeIngredients([
        { key: 'a', ingredientId: CHICKEN, amount: '', unit: 'g' },
        { key: 'b', ingredientId: RICE, amount: 0, unit: 'g' },
        { key: 'c', ingredientId: OIL, amount: '12.5', unit: 'mg' },
      ]),
    ).toEqual([{ ingredientId: OIL, amount: 12.5, unit: 'mg' }]);
  });
});

describe('the next assessment is not before the formulation (the server answers 400 otherwise)', () => {
  it('accepts the same day, a later day, or a missing date', () => {
    expect(isDateOrderValid('2026-11-21', '2026-11-21')).toBe(true);
    expect(isDateOrderValid('2026-11-21', '2027-01-01')).toBe(true);
    expect(isDateOrderValid(null, '2020-01-01')).toBe(true);
    expect(isDateOrderValid('2026-11-21', null)).toBe(true);
  });

  it('puts the error on the next assessment field', () => {
    expect(isDateOrderValid('2026-11-21', '2026-11-20')).toBe(false);
    expect(validateDietForm(values({ nextAssessmentOn: '2026-11-20' }))).toEqual({
      nextAssessmentOn: NEXT_BEFORE_FORMULATED,
    });
  });

  it('checks amounts and meals per row, with the paths a server 400 uses', () => {
    const errors = validateDietForm(
      values({
        mealsPerDay: 7,
        ingredients: [
          { key: 'a', ingredientId: CHICKEN, amount: '', unit: 'g' },
          { key: 'b', ingredientId: RICE, amount: 0, unit: 'g' },
        ],
      }),
    );
    expect(errors).toEqual({
      mealsPerDay: 'Between 1 and 6 meals',
      'ingredients.0.amount': 'Enter an amount',
      'ingredients.1.amount': 'Must be above 0',
    });
    expect(dietFormFields(values())).toContain('ingredients.2.unit');
  });
});

describe('feeding instructions preview', () => {
  it('replaces both spellings of the placeholder with the pet’s name', () => {
    expect(feedingInstructionsPreview('Give {{PET_NAME}} half. {{pet_name}} loves it.', 'Luna')).toBe(
      'Give Luna half. Luna loves it.',
    );
  });

  it('leaves other braces alone', () => {
    expect(feedingInstructionsPreview('{{PET}} and {{ PET_NAME }}', 'Luna')).toBe(
      '{{PET}} and {{ PET_NAME }}',
    );
  });
});

describe('typed dates (DD/MM/YYYY, as the vet view writes them)', () => {
  it('reads day first, with / . or -, and ISO', () => {
    expect(parseDayFirstDate('21/11/2026')).toBe('2026-11-21');
    expect(parseDayFirstDate('1.2.2027')).toBe('2027-02-01');
    expect(parseDayFirstDate('03-04-2026')).toBe('2026-04-03');
    expect(parseDayFirstDate(' 2026-11-21 ')).toBe('2026-11-21');
  });

  it('refuses what is not a real date', () => {
    expect(parseDayFirstDate('31/02/2026')).toBeNull();
    expect(parseDayFirstDate('11/21/2026')).toBeNull();
    expect(parseDayFirstDate('tomorrow')).toBeNull();
  });
});

describe('the default nutrient profile', () => {
  it('is growth under a year and adult from then on, or when the age is unknown', () => {
    expect(defaultNutrientProfileKind(5)).toBe('fediaf_growth');
    expect(defaultNutrientProfileKind(12)).toBe('fediaf_adult');
    expect(defaultNutrientProfileKind(null)).toBe('fediaf_adult');
  });
});

describe('reordering rows', () => {
  it('moves up and down and ignores moves past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
