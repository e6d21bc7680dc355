import { describe, expect, it } from 'vitest';
import type { FormulationPet, Ingredient, NutrientKey, NutrientValues } from './diets.ts';
import { nutrientProfiles } from './nutrient-profiles.ts';
import {
  energyBasisWeightKg,
  energyFactor,
  type FormulationLine,
  formulateDiet,
  ingredientLine,
  restingEnergyKcal,
} from './nutrition.ts';

const ZERO: NutrientValues = {
  protein: 0,
  fat: 0,
  carbohydrate: 0,
  fibre: 0,
  calcium: 0,
  phosphorus: 0,
  sodium: 0,
  potassium: 0,
  magnesium: 0,
  iron: 0,
  zinc: 0,
  copper: 0,
  vitaminA: 0,
  vitaminD: 0,
  vitaminE: 0,
  taurine: 0,
  epaDha: 0,
};

function ingredient(name: string, kcalPer100g: number, nutrients: Partial<NutrientValues>): Ingredient {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name,
    category: 'meat',
    kcalPer100g,
    nutrients: { ...ZERO, ...nutrients },
    source: 'test',
  };
}

// The catalogue's values (apps/api/src/modules/diets/ingredients.data.ts), per 100 g.
const chickenBreastCooked = ingredient('Chicken breast, cooked', 165, {
  protein: 31.02,
  fat: 3.57,
  calcium: 15,
  phosphorus: 228,
});
const whiteRiceCooked = ingredient('White rice, cooked', 130, {
  protein: 2.69,
  fat: 0.28,
  carbohydrate: 28.17,
  calcium: 10,
  phosphorus: 43,
});
const sunflowerOil = ingredient('Sunflower oil', 884, { fat: 100 });
const calciumCarbonate = ingredient('Calcium carbonate', 0, { calcium: 40_000 });

const adultDog: FormulationPet = {
  species: 'dog',
  weightKg: 10,
  targetWeightKg: null,
  ageMonths: 48,
  neutered: true,
};

function nutrient(formulation: ReturnType<typeof formulateDiet>, key: NutrientKey) {
  const found = formulation.nutrients.find((n) => n.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found;
}

describe('resting energy', () => {
  it('is 70 × kg^0.75', () => {
    // 10^0.75 = 5.6234; × 70 = 393.64
    expect(restingEnergyKcal(10)).toBeCloseTo(393.64, 2);
    // 4^0.75 = 2.8284; × 70 = 197.99
    expect(restingEnergyKcal(4)).toBeCloseTo(197.99, 2);
  });
});

describe('energy factor', () => {
  const cases: Array<[string, FormulationPet, Parameters<typeof energyFactor>[1], number]> = [
    ['neutered adult dog', adultDog, 'maintenance', 1.6],
    ['intact adult dog', { ...adultDog, neutered: false }, 'maintenance', 1.8],
    ['adult dog of unknown neuter status', { ...adultDog, neutered: null }, 'maintenance', 1.6],
    ['dog on a weight-loss diet', adultDog, 'weight_loss', 1.0],
    ['dog on a weight-gain diet', adultDog, 'weight_gain', 1.4],
    ['puppy of 3 months', { ...adultDog, ageMonths: 3 }, 'maintenance', 3.0],
    ['puppy of 4 months', { ...adultDog, ageMonths: 4 }, 'maintenance', 2.0],
    ['puppy of 11 months', { ...adultDog, ageMonths: 11 }, 'maintenance', 2.0],
    ['senior dog of 7 years', { ...adultDog, ageMonths: 84 }, 'renal', 1.4],
    ['cardiac adult dog (clinical kinds keep the life-stage factor)', adultDog, 'cardiac', 1.6],
    ['neutered adult cat', { ...adultDog, species: 'cat' }, 'maintenance', 1.2],
    ['intact adult cat', { ...adultDog, species: 'cat', neutered: false }, 'maintenance', 1.4],
    ['cat on a weight-loss diet', { ...adultDog, species: 'cat' }, 'weight_loss', 0.8],
    ['kitten of 6 months', { ...adultDog, species: 'cat', ageMonths: 6 }, 'maintenance', 2.5],
  ];
  it.each(cases)('%s', (_name, pet, kind, expected) => {
    const { factor, reason } = energyFactor(pet, kind);
    expect(factor).toBe(expected);
    expect(reason).toContain(`${expected.toFixed(1)} × RER`);
  });

  it('feeds weight loss and gain for the target weight, falling back to the current one', () => {
    const overweight = { ...adultDog, weightKg: 12, targetWeightKg: 10 };
    expect(energyBasisWeightKg(overweight, 'weight_loss')).toBe(10);
    expect(energyBasisWeightKg(overweight, 'weight_gain')).toBe(10);
    expect(energyBasisWeightKg(overweight, 'maintenance')).toBe(12);
    expect(energyBasisWeightKg({ ...overweight, targetWeightKg: null }, 'weight_loss')).toBe(12);
    expect(energyBasisWeightKg({ ...adultDog, weightKg: null }, 'maintenance')).toBeNull();
  });
});

describe('nutrient profiles', () => {
  it('hold the published per-1,000-kcal minimums in the contract units', () => {
    // FEDIAF 2021 adult dog (110 kcal/kg^0.75): protein 45 g, calcium 1.25 g = 1250 mg.
    expect(nutrientProfiles.fediaf_adult.dog.limits.protein).toEqual({ min: 45, max: null });
    expect(nutrientProfiles.fediaf_adult.dog.limits.calcium).toEqual({ min: 1250, max: 6250 });
    // AAFCO growth dog: calcium 3.0 g, phosphorus 2.5 g, EPA+DHA 0.1 g = 100 mg.
    expect(nutrientProfiles.aafco_growth.dog.limits.calcium?.min).toBe(3000);
    expect(nutrientProfiles.aafco_growth.dog.limits.phosphorus?.min).toBe(2500);
    expect(nutrientProfiles.aafco_growth.dog.limits.epaDha?.min).toBe(100);
    // Cats need taurine; dogs have no reference for it. AAFCO sets no Ca:P ratio for cats.
    expect(nutrientProfiles.fediaf_adult.cat.limits.taurine?.min).toBe(500);
    expect(nutrientProfiles.fediaf_adult.dog.limits.taurine).toBeUndefined();
    expect(nutrientProfiles.aafco_adult.cat.calciumPhosphorusRatio).toBeNull();
  });
});

describe('a small home-cooked diet for a 10 kg neutered adult dog', () => {
  const lines: FormulationLine[] = [
    { ingredient: chickenBreastCooked, amount: 200, unit: 'g' },
    { ingredient: whiteRiceCooked, amount: 150, unit: 'g' },
    { ingredient: sunflowerOil, amount: 5, unit: 'ml' },
    { ingredient: calciumCarbonate, amount: 1, unit: 'g' },
  ];
  const formulation = formulateDiet({
    pet: adultDog,
    kind: 'maintenance',
    profileKind: 'fediaf_adult',
    ingredients: lines,
  });

  it('adds up energy and protein by hand', () => {
    // grams: 200 + 150 + 5 ml × 0.9 = 4.5 + 1 = 355.5
    expect(formulation.totalGrams).toBe(355.5);
    // kcal: 2 × 165 = 330; 1.5 × 130 = 195; 0.045 × 884 = 39.78; 0 → 564.78
    expect(formulation.energy.dietKcal).toBe(564.78);
    // protein: 2 × 31.02 = 62.04; 1.5 × 2.69 = 4.035 → 66.075 → 66.08
    expect(nutrient(formulation, 'protein').dailyAmount).toBe(66.08);
    // per 1,000 kcal: 66.075 / 564.78 × 1000 = 116.99 g ≥ 45 → ok
    expect(nutrient(formulation, 'protein').per1000kcal).toBe(116.99);
    expect(nutrient(formulation, 'protein').status).toBe('ok');
    // fat: 7.14 + 0.42 + 4.5 = 12.06 g → 21.35 g per 1,000 kcal ≥ 13.75 → ok
    expect(nutrient(formulation, 'fat').dailyAmount).toBe(12.06);
    expect(nutrient(formulation, 'fat').status).toBe('ok');
  });

  it('sets the target from RER and the factor', () => {
    // RER(10) = 393.64; × 1.6 = 629.82; 564.78 / 629.82 = 89.67%
    expect(formulation.energy).toEqual({
      basisWeightKg: 10,
      restingKcal: 393.64,
      factor: 1.6,
      factorReason: 'Adult dog, neutered: 1.6 × RER (NRC 2006 / WSAVA)',
      targetKcal: 629.82,
      dietKcal: 564.78,
      percentOfTarget: 89.67,
    });
  });

  it('warns about low energy, low calcium and the Ca:P ratio', () => {
    // calcium: 30 + 15 + 400 = 445 mg → 787.92 mg per 1,000 kcal < 1250; phosphorus 456 + 64.5 = 520.5 mg
    expect(nutrient(formulation, 'calcium').per1000kcal).toBe(787.92);
    expect(nutrient(formulation, 'calcium').status).toBe('low');
    // 445 / 520.5 = 0.855
    expect(formulation.calciumPhosphorusRatio).toBe(0.85);
    expect(formulation.warnings).toContainEqual({
      code: 'energy_off_target',
      message: 'Energy is 89.6% of the daily target (565 of 630 kcal)',
    });
    // The value beside the limit, so an acknowledged warning says how far off the diet was.
    expect(formulation.warnings).toContainEqual({
      code: 'calcium_low',
      message: 'Calcium is below the FEDIAF adult minimum (788 mg per 1000 kcal, minimum 1250)',
    });
    expect(formulation.warnings).toContainEqual({
      code: 'calcium_phosphorus_ratio',
      message: 'Ca:P ratio 0.85 is outside 1–2',
    });
  });

  it('marks nutrients without a guideline value as no_reference', () => {
    expect(nutrient(formulation, 'carbohydrate').status).toBe('no_reference');
    expect(nutrient(formulation, 'taurine').status).toBe('no_reference');
    expect(nutrient(formulation, 'taurine').min).toBeNull();
  });
});

describe('units', () => {
  it('converts every amount to grams with the SPEC §9 factors', () => {
    // 1 oz = 28.35 g → 0.2835 × 165 = 46.7775 kcal
    expect(ingredientLine({ ingredient: chickenBreastCooked, amount: 1, unit: 'oz' })).toEqual({
      grams: 28.35,
      kcal: 46.78,
    });
    // 1 lbs = 1 / 0.002205 = 453.5147 g → 4.535147 × 165 = 748.30 kcal
    expect(ingredientLine({ ingredient: chickenBreastCooked, amount: 1, unit: 'lbs' })).toEqual({
      grams: 453.51,
      kcal: 748.3,
    });
    // 10 ml × 0.9 = 9 g → 0.09 × 884 = 79.56 kcal
    expect(ingredientLine({ ingredient: sunflowerOil, amount: 10, unit: 'ml' })).toEqual({
      grams: 9,
      kcal: 79.56,
    });
    // 0.5 kg = 500 g → 5 × 130 = 650 kcal
    expect(ingredientLine({ ingredient: whiteRiceCooked, amount: 0.5, unit: 'kg' })).toEqual({
      grams: 500,
      kcal: 650,
    });
  });

  it('counts supplement doses in mg and mcg', () => {
    // 2500 mg calcium carbonate = 2.5 g → 2.5 / 100 × 40,000 = 1000 mg calcium
    const mg = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: calciumCarbonate, amount: 2500, unit: 'mg' }],
    });
    expect(nutrient(mg, 'calcium').dailyAmount).toBe(1000);
    // 500,000 mcg = 0.5 g → 200 mg calcium
    const mcg = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: calciumCarbonate, amount: 500_000, unit: 'mcg' }],
    });
    expect(nutrient(mcg, 'calcium').dailyAmount).toBe(200);
    expect(mcg.totalGrams).toBe(0.5);
  });
});

describe('status boundaries', () => {
  // 1000 kcal per 100 g, so a nutrient's amount per 100 g equals its amount per 1,000 kcal.
  function statusAt(
    key: NutrientKey,
    value: number,
    profileKind: 'fediaf_adult' | 'aafco_adult' = 'fediaf_adult',
  ) {
    const probe = ingredient('Probe', 1000, { [key]: value });
    const formulation = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind,
      ingredients: [{ ingredient: probe, amount: 100, unit: 'g' }],
    });
    return nutrient(formulation, key).status;
  }

  it('exactly the minimum is ok, just below is low', () => {
    expect(statusAt('protein', 45)).toBe('ok');
    expect(statusAt('protein', 44.99)).toBe('low');
  });

  it('exactly the maximum is ok, just above is high', () => {
    // AAFCO adult dog vitamin D: 125–750 IU per 1,000 kcal
    expect(statusAt('vitaminD', 750, 'aafco_adult')).toBe('ok');
    expect(statusAt('vitaminD', 750.01, 'aafco_adult')).toBe('high');
  });

  it('says which guideline a nutrient is above', () => {
    const probe = ingredient('Probe', 1000, { protein: 50, phosphorus: 4500, calcium: 4500 });
    const formulation = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind: 'aafco_adult',
      ingredients: [{ ingredient: probe, amount: 100, unit: 'g' }],
    });
    expect(formulation.warnings).toContainEqual({
      code: 'phosphorus_high',
      message: expect.stringMatching(
        /^Phosphorus is above the AAFCO adult maximum \(\d+ mg per 1000 kcal, maximum \d+\)$/,
      ),
    });
  });

  it('energy between 90% and 110% of the target is fine', () => {
    // target 629.82 kcal: a single 1000 kcal/100 g food fed at 62.982 g gives exactly 100%
    const energyOnly = ingredient('Energy', 1000, {});
    const at = (share: number) =>
      formulateDiet({
        pet: adultDog,
        kind: 'maintenance',
        profileKind: 'fediaf_adult',
        ingredients: [
          { ingredient: energyOnly, amount: (restingEnergyKcal(10) * 1.6 * share) / 10, unit: 'g' },
        ],
      })
        .warnings.filter((w) => w.code === 'energy_off_target')
        .map((w) => w.message);
    expect(at(0.9)).toEqual([]);
    expect(at(1.1)).toEqual([]);
    expect(at(1.2)).toEqual(['Energy is 120% of the daily target (756 of 630 kcal)']);
  });
});

describe('edge cases', () => {
  it('an empty diet says so and judges nothing else', () => {
    const formulation = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [],
    });
    expect(formulation.warnings).toEqual([{ code: 'no_ingredients', message: 'No ingredients yet' }]);
    expect(formulation.totalGrams).toBe(0);
    expect(formulation.energy.dietKcal).toBe(0);
    expect(formulation.energy.percentOfTarget).toBe(0);
    expect(formulation.calciumPhosphorusRatio).toBeNull();
    expect(formulation.nutrients.every((n) => n.per1000kcal === null)).toBe(true);
  });

  it('without a weight the energy target is unknown but the nutrients are still judged', () => {
    const formulation = formulateDiet({
      pet: { ...adultDog, weightKg: null },
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: chickenBreastCooked, amount: 200, unit: 'g' }],
    });
    expect(formulation.energy).toMatchObject({
      basisWeightKg: null,
      restingKcal: null,
      targetKcal: null,
      percentOfTarget: null,
      dietKcal: 330,
    });
    expect(formulation.warnings[0]).toEqual({
      code: 'no_weight',
      message: 'No weight on the health profile: energy target unknown',
    });
    expect(nutrient(formulation, 'protein').status).toBe('ok');
  });

  it('a diet of supplements only has no energy to judge nutrients against', () => {
    const formulation = formulateDiet({
      pet: adultDog,
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: calciumCarbonate, amount: 1, unit: 'g' }],
    });
    expect(formulation.energy.dietKcal).toBe(0);
    expect(nutrient(formulation, 'calcium').per1000kcal).toBeNull();
    expect(formulation.warnings).toContainEqual({
      code: 'no_energy',
      message: 'The diet provides no energy: nutrients cannot be judged',
    });
  });

  it('weight loss is fed for the target weight', () => {
    // RER(10) = 393.64 × 1.0 for a 12 kg dog whose target is 10 kg
    const formulation = formulateDiet({
      pet: { ...adultDog, weightKg: 12, targetWeightKg: 10 },
      kind: 'weight_loss',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: chickenBreastCooked, amount: 200, unit: 'g' }],
    });
    expect(formulation.energy.basisWeightKg).toBe(10);
    expect(formulation.energy.targetKcal).toBe(393.64);
    // 330 / 393.64 = 83.83%
    expect(formulation.energy.percentOfTarget).toBe(83.83);
    expect(formulation.warnings.map((w) => w.message)).toContain(
      'Energy is 84% of the daily target (330 of 394 kcal)',
    );
  });

  it('a neutered 4 kg cat needs 237.59 kcal and taurine', () => {
    // RER(4) = 197.99 × 1.2 = 237.59
    const formulation = formulateDiet({
      pet: { species: 'cat', weightKg: 4, targetWeightKg: null, ageMonths: 60, neutered: true },
      kind: 'maintenance',
      profileKind: 'fediaf_adult',
      ingredients: [{ ingredient: chickenBreastCooked, amount: 100, unit: 'g' }],
    });
    expect(formulation.energy.targetKcal).toBe(237.59);
    expect(nutrient(formulation, 'taurine').status).toBe('low');
    expect(formulation.warnings.map((w) => w.code)).toContain('taurine_low');
    expect(formulation.warnings.find((w) => w.code === 'taurine_low')?.message).toMatch(
      /^Taurine is below the FEDIAF adult minimum \(/,
    );
  });
});
