import {
  type DietKind,
  type DietWarning,
  type Formulation,
  type FormulationPet,
  type Ingredient,
  type NutrientAssessment,
  type NutrientProfileKind,
  type NutrientValues,
  nutrientKeys,
  nutrientLabels,
  nutrientProfileKindLabels,
  nutrientUnits,
} from './diets.ts';
import { type NutrientLimit, nutrientProfiles } from './nutrient-profiles.ts';
import { convertExact, roundTo2, type Unit } from './units.ts';

/**
 * Resting energy requirement, kcal/day: RER = 70 × kg^0.75 (NRC 2006, WSAVA). The exponential form
 * rather than 30 × kg + 70, because the linear one is wrong below 2 kg and above 45 kg.
 */
export function restingEnergyKcal(kg: number): number {
  return 70 * kg ** 0.75;
}

/**
 * Daily energy (MER) as a multiple of RER. Sources: NRC 2006 "Nutrient Requirements of Dogs and Cats"
 * ch. 3 and the WSAVA Global Nutrition Committee energy tables, as taught in veterinary clinical
 * nutrition (Hand et al., Small Animal Clinical Nutrition 5th ed., table 1-3/1-4).
 *
 * | species | situation                          | × RER | basis weight        |
 * |---------|------------------------------------|-------|---------------------|
 * | dog     | weight loss                        | 1.0   | target (else current) |
 * | dog     | weight gain                        | 1.4   | target (else current) |
 * | dog     | growth, under 4 months             | 3.0   | current             |
 * | dog     | growth, 4–12 months                | 2.0   | current             |
 * | dog     | senior (7 years and over)          | 1.4   | current             |
 * | dog     | neutered adult (or status unknown) | 1.6   | current             |
 * | dog     | intact adult                       | 1.8   | current             |
 * | cat     | weight loss                        | 0.8   | target (else current) |
 * | cat     | weight gain                        | 1.4   | target (else current) |
 * | cat     | growth, under 12 months            | 2.5   | current             |
 * | cat     | neutered adult (or status unknown) | 1.2   | current             |
 * | cat     | intact adult                       | 1.4   | current             |
 *
 * Weight gain uses the upper end of the published 1.2–1.4 range: the point of the diet is to gain.
 * Unknown neuter status takes the neutered factor because overfeeding is the commoner harm.
 * Clinical kinds (renal, cardiac, …) do not change the energy need: they use the life-stage factor.
 */
const ENERGY_FACTORS = {
  dog: {
    weightLoss: 1.0,
    weightGain: 1.4,
    growthUnder4Months: 3.0,
    growth4To12Months: 2.0,
    senior: 1.4,
    neutered: 1.6,
    intact: 1.8,
  },
  cat: { weightLoss: 0.8, weightGain: 1.4, growth: 2.5, neutered: 1.2, intact: 1.4 },
} as const;

const DOG_SENIOR_FROM_MONTHS = 84;
const SOURCE = 'NRC 2006 / WSAVA';

export interface EnergyFactor {
  factor: number;
  reason: string;
}

function factorOf(factor: number, who: string, atTarget = false): EnergyFactor {
  const basis = atTarget ? ' at the target weight' : '';
  return { factor, reason: `${who}: ${factor.toFixed(1)} × RER${basis} (${SOURCE})` };
}

export function energyFactor(pet: FormulationPet, kind: DietKind): EnergyFactor {
  const age = pet.ageMonths;
  const neuter = pet.neutered === null ? 'neuter status unknown' : 'neutered';
  if (pet.species === 'dog') {
    const f = ENERGY_FACTORS.dog;
    if (kind === 'weight_loss') return factorOf(f.weightLoss, 'Dog, weight loss', true);
    if (kind === 'weight_gain') return factorOf(f.weightGain, 'Dog, weight gain', true);
    if (age !== null && age < 4) return factorOf(f.growthUnder4Months, 'Puppy under 4 months');
    if (age !== null && age < 12) return factorOf(f.growth4To12Months, 'Puppy 4–12 months');
    if (age !== null && age >= DOG_SENIOR_FROM_MONTHS) return factorOf(f.senior, 'Senior dog');
    if (pet.neutered === false) return factorOf(f.intact, 'Intact adult dog');
    return factorOf(f.neutered, `Adult dog, ${neuter}`);
  }
  const f = ENERGY_FACTORS.cat;
  if (kind === 'weight_loss') return factorOf(f.weightLoss, 'Cat, weight loss', true);
  if (kind === 'weight_gain') return factorOf(f.weightGain, 'Cat, weight gain', true);
  if (age !== null && age < 12) return factorOf(f.growth, 'Kitten under 12 months');
  if (pet.neutered === false) return factorOf(f.intact, 'Intact adult cat');
  return factorOf(f.neutered, `Adult cat, ${neuter}`);
}

/** Weight loss and gain are fed for the weight the pet should reach, not the one it has. */
export function energyBasisWeightKg(pet: FormulationPet, kind: DietKind): number | null {
  const usesTarget = kind === 'weight_loss' || kind === 'weight_gain';
  const kg = usesTarget ? (pet.targetWeightKg ?? pet.weightKg) : pet.weightKg;
  return kg !== null && kg > 0 ? kg : null;
}

// --- Formulation ----------------------------------------------------------------------------------

export interface FormulationLine {
  ingredient: Ingredient;
  amount: number;
  unit: Unit;
}

export interface FormulationInput {
  pet: FormulationPet;
  kind: DietKind;
  profileKind: NutrientProfileKind;
  ingredients: FormulationLine[];
}

/** Energy within this share of the target is on target. */
const ENERGY_TOLERANCE = { low: 90, high: 110 };
// A diet balanced to exactly the minimum must not read 'low' because of floating-point dust.
const RELATIVE_EPSILON = 1e-9;

/** What one line of a diet weighs and provides, unrounded. */
export function ingredientLineExact(line: FormulationLine): { grams: number; kcal: number } {
  const grams = convertExact(line.amount, line.unit, 'g');
  return { grams, kcal: (grams / 100) * line.ingredient.kcalPer100g };
}

/** One line for display: grams and kcal rounded to 2 decimals. */
export function ingredientLine(line: FormulationLine): { grams: number; kcal: number } {
  const { grams, kcal } = ingredientLineExact(line);
  return { grams: roundTo2(grams), kcal: roundTo2(kcal) };
}

function statusOf(value: number | null, limit: NutrientLimit | undefined): NutrientAssessment['status'] {
  if (!limit || (limit.min === null && limit.max === null)) return 'no_reference';
  if (value === null) return limit.min !== null ? 'low' : 'ok';
  if (limit.min !== null && value < limit.min * (1 - RELATIVE_EPSILON)) return 'low';
  if (limit.max !== null && value > limit.max * (1 + RELATIVE_EPSILON)) return 'high';
  return 'ok';
}

/** Whole percent, unless rounding would print a boundary the value is actually outside (89.6%, not 90%). */
function formatPercent(percent: number): string {
  const whole = Math.round(percent);
  if (percent < ENERGY_TOLERANCE.low && whole >= ENERGY_TOLERANCE.low)
    return String(Math.floor(percent * 10) / 10);
  if (percent > ENERGY_TOLERANCE.high && whole <= ENERGY_TOLERANCE.high)
    return String(Math.ceil(percent * 10) / 10);
  return String(whole);
}

function formatRatio(value: number): string {
  return String(roundTo2(value));
}

/** Three significant figures at most, so a trace of copper and a gram of protein both read well. */
function formatAmount(value: number): string {
  return String(value >= 100 ? Math.round(value) : Number(value.toPrecision(3)));
}

export function formulateDiet(input: FormulationInput): Formulation {
  const { pet, kind, profileKind } = input;
  const profile = nutrientProfiles[profileKind][pet.species];
  const profileLabel = nutrientProfileKindLabels[profileKind];
  const warnings: DietWarning[] = [];
  const warn = (code: string, message: string) => warnings.push({ code, message });

  let totalGrams = 0;
  let dietKcal = 0;
  const totals = Object.fromEntries(nutrientKeys.map((key) => [key, 0])) as NutrientValues;
  for (const line of input.ingredients) {
    const { grams, kcal } = ingredientLineExact(line);
    totalGrams += grams;
    dietKcal += kcal;
    for (const key of nutrientKeys) totals[key] += (grams / 100) * line.ingredient.nutrients[key];
  }

  const basisWeightKg = energyBasisWeightKg(pet, kind);
  const { factor, reason } = energyFactor(pet, kind);
  const restingKcal = basisWeightKg === null ? null : restingEnergyKcal(basisWeightKg);
  const targetKcal = restingKcal === null ? null : restingKcal * factor;
  const percentOfTarget = targetKcal === null ? null : (dietKcal / targetKcal) * 100;

  const empty = input.ingredients.length === 0;
  if (empty) warn('no_ingredients', 'No ingredients yet');
  if (basisWeightKg === null) warn('no_weight', 'No weight on the health profile: energy target unknown');
  if (
    !empty &&
    percentOfTarget !== null &&
    targetKcal !== null &&
    statusOf(percentOfTarget, { min: ENERGY_TOLERANCE.low, max: ENERGY_TOLERANCE.high }) !== 'ok'
  ) {
    warn(
      'energy_off_target',
      `Energy is ${formatPercent(percentOfTarget)}% of the daily target (${Math.round(dietKcal)} of ${Math.round(targetKcal)} kcal)`,
    );
  }
  if (!empty && dietKcal <= 0) warn('no_energy', 'The diet provides no energy: nutrients cannot be judged');

  const nutrients: NutrientAssessment[] = nutrientKeys.map((key) => {
    const per1000kcal = dietKcal > 0 ? (totals[key] / dietKcal) * 1000 : null;
    const limit = profile.limits[key];
    const status = empty ? (limit ? 'low' : 'no_reference') : statusOf(per1000kcal, limit);
    if (!empty && dietKcal > 0) {
      // The value beside the limit, so a warning acknowledged at publishing says how far off the diet was.
      const amount = `${formatAmount(per1000kcal ?? 0)} ${nutrientUnits[key]} per 1000 kcal`;
      if (status === 'low')
        warn(
          `${key}_low`,
          `${nutrientLabels[key]} is below the ${profileLabel} minimum (${amount}, minimum ${formatAmount(limit?.min ?? 0)})`,
        );
      if (status === 'high')
        warn(
          `${key}_high`,
          `${nutrientLabels[key]} is above the ${profileLabel} maximum (${amount}, maximum ${formatAmount(limit?.max ?? 0)})`,
        );
    }
    return {
      key,
      label: nutrientLabels[key],
      unit: nutrientUnits[key],
      dailyAmount: roundTo2(totals[key]),
      per1000kcal: per1000kcal === null ? null : roundTo2(per1000kcal),
      min: limit?.min ?? null,
      max: limit?.max ?? null,
      status,
    };
  });

  const ratio = totals.phosphorus > 0 ? totals.calcium / totals.phosphorus : null;
  const ratioLimit = profile.calciumPhosphorusRatio;
  if (!empty && ratio !== null && ratioLimit && statusOf(ratio, ratioLimit) !== 'ok') {
    warn(
      'calcium_phosphorus_ratio',
      `Ca:P ratio ${formatRatio(ratio)} is outside ${ratioLimit.min}–${ratioLimit.max}`,
    );
  }

  return {
    totalGrams: roundTo2(totalGrams),
    energy: {
      basisWeightKg: basisWeightKg === null ? null : roundTo2(basisWeightKg),
      restingKcal: restingKcal === null ? null : roundTo2(restingKcal),
      factor,
      factorReason: reason,
      targetKcal: targetKcal === null ? null : roundTo2(targetKcal),
      dietKcal: roundTo2(dietKcal),
      percentOfTarget: percentOfTarget === null ? null : roundTo2(percentOfTarget),
    },
    nutrients,
    calciumPhosphorusRatio: ratio === null ? null : roundTo2(ratio),
    warnings,
  };
}
