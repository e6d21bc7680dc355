import {
  type DietKind,
  type DietStatus,
  type DietWarning,
  energyBasisWeightKg,
  energyFactor,
  type FormulationPet,
  formulateDiet,
  type NutrientProfileKind,
  restingEnergyKcal,
  type Species,
  type Unit,
} from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { INGREDIENTS, ingredientId, monthsBetween } from '../modules/records/diets/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { addDays, DAY_MS, isoDate } from './demo-dates.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import type { DemoData, DemoHealthProfileRow, DemoPetRow } from './generate.ts';
import { createSeededRandom, deriveSeed, type SeededRandom } from './seeded-random.ts';
import { LUNA, SHOWCASE_PETS } from './showcase.ts';

/** Demo pets with diets per unit of scale (Luna comes on top). */
export const DIET_PETS_PER_SCALE = 360;

/** Luna's diets have fixed ids, so docs and browser tests can point at them. */
export const LUNA_DIET_IDS = {
  cardiac: '0190b3c2-4e5a-7a01-8c11-000000000021',
  cardiacPlan: '0190b3c2-4e5a-7a01-8c11-000000000022',
  maintenance: '0190b3c2-4e5a-7a01-8c11-000000000023',
  maintenancePlan: '0190b3c2-4e5a-7a01-8c11-000000000024',
} as const;

export interface DemoDietRow {
  id: string;
  petId: string;
  dietPlanId: string | null;
  kind: DietKind;
  nutrientProfileKind: NutrientProfileKind;
  status: DietStatus;
  formulatedOn: string | null;
  nextAssessmentOn: string | null;
  mealsPerDay: number;
  feedingInstructions: string;
  copiedFromId: string | null;
  createdByVetId: string;
  publishedAt: Date | null;
  publishedByVetId: string | null;
  /** What the publishing vet acknowledged (the API refuses a publish without it), and why. */
  acknowledgedWarnings: DietWarning[];
  acknowledgementReason: string | null;
  createdAt: Date;
}

export interface DemoDietIngredientRow {
  dietId: string;
  position: number;
  ingredientId: string;
  amount: number;
  unit: Unit;
}

export interface DemoDietPlanRow {
  id: string;
  petId: string;
  kind: DietKind;
  createdAt: Date;
  createdByVetId: string;
  currentDietId: string;
  endedAt: Date | null;
}

export interface DemoDiets {
  diets: DemoDietRow[];
  ingredients: DemoDietIngredientRow[];
  plans: DemoDietPlanRow[];
}

// --- recipes ----------------------------------------------------------------------------------------

/**
 * Grams of each ingredient in one batch; the batch is scaled to the pet's daily energy target. With the
 * premix and minerals they meet the FEDIAF adult profile for a typical adult, except where the kind
 * means otherwise: renal diets keep phosphorus and sodium low, cardiac ones get no added salt.
 */
type Recipe = ReadonlyArray<readonly [name: string, grams: number]>;

// biome-ignore format: one recipe per line reads as a recipe book
export const DOG_RECIPES: Record<DietKind, readonly Recipe[]> = {
  maintenance: [
    [['Chicken breast, cooked (roasted, skinless)', 250], ['Brown rice, cooked', 300], ['Carrot, cooked (boiled)', 100], ['Green beans, cooked (boiled)', 80], ['Sunflower oil', 10], ['Multivitamin-mineral premix', 3], ['Calcium carbonate', 2.5], ['Salt, iodised', 0.5]],
    [['Turkey breast, cooked (roasted, skinless)', 250], ['Sweet potato, cooked (baked in skin)', 250], ['Broccoli, cooked (boiled)', 80], ['Sunflower oil', 10], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 2]],
    [['Beef mince, lean (90% lean), raw', 220], ['Oats (porridge), cooked with water', 250], ['Peas, green, cooked (boiled from frozen)', 80], ['Fish oil (salmon)', 4], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 1.5]],
  ],
  weight_loss: [
    [['Turkey breast, cooked (roasted, skinless)', 250], ['Green beans, cooked (boiled)', 200], ['Broccoli, cooked (boiled)', 100], ['Brown rice, cooked', 100], ['Fish oil (salmon)', 3], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 2]],
    [['Cod, Atlantic, cooked', 280], ['Courgette, raw', 150], ['Pumpkin, cooked (boiled)', 150], ['Quinoa, cooked', 100], ['Sunflower oil', 2], ['Multivitamin-mineral premix', 1.5], ['Calcium carbonate', 1.5]],
  ],
  weight_gain: [
    [['Beef mince, lean (90% lean), raw', 250], ['Brown rice, cooked', 300], ['Egg, whole, cooked (hard-boiled)', 60], ['Sunflower oil', 15], ['Multivitamin-mineral premix', 3], ['Bone meal, steamed', 1], ['Calcium carbonate', 2], ['Potassium chloride (lite salt)', 0.5], ['Salt, iodised', 0.5]],
  ],
  renal: [
    [['Egg, whole, cooked (hard-boiled)', 120], ['White rice, cooked', 350], ['Chicken thigh, cooked (roasted, skinless)', 100], ['Sunflower oil', 15], ['Fish oil (salmon)', 4], ['Multivitamin-mineral premix', 3], ['Calcium carbonate', 2.5], ['Potassium chloride (lite salt)', 1.5]],
  ],
  hepatic: [
    [['Cottage cheese, low fat (1%)', 200], ['White rice, cooked', 300], ['Egg, whole, cooked (hard-boiled)', 60], ['Pumpkin, cooked (boiled)', 100], ['Sunflower oil', 8], ['Multivitamin-mineral premix', 2], ['Bone meal, steamed', 1.5], ['Calcium carbonate', 0.5], ['Potassium chloride (lite salt)', 0.5]],
  ],
  gastrointestinal: [
    [['Turkey breast, cooked (roasted, skinless)', 220], ['White rice, cooked', 350], ['Pumpkin, canned (plain)', 100], ['Psyllium husk', 3], ['Sunflower oil', 7], ['Multivitamin-mineral premix', 2.5], ['Bone meal, steamed', 1.5], ['Calcium carbonate', 1], ['Potassium chloride (lite salt)', 0.5], ['Salt, iodised', 0.5]],
  ],
  hypoallergenic: [
    [['Rabbit, cooked (roasted)', 250], ['Potato, boiled (without skin)', 300], ['Courgette, raw', 80], ['Sunflower oil', 10], ['Multivitamin-mineral premix', 2.5], ['Bone meal, steamed', 1], ['Calcium carbonate', 1.5], ['Salt, iodised', 0.5]],
    [['Venison, cooked (roasted)', 230], ['Sweet potato, cooked (baked in skin)', 280], ['Green beans, cooked (boiled)', 80], ['Linseed (flaxseed) oil', 6], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 1.5]],
  ],
  cardiac: [
    [['Cod, Atlantic, cooked', 300], ['White rice, cooked', 300], ['Green beans, cooked (boiled)', 100], ['Fish oil (salmon)', 6], ['Taurine powder', 0.5], ['Sunflower oil', 2], ['Multivitamin-mineral premix', 2.5], ['Bone meal, steamed', 1.5], ['Calcium carbonate', 0.5], ['Potassium chloride (lite salt)', 0.5]],
  ],
  other: [
    [['Chicken breast, cooked (roasted, skinless)', 250], ['Barley, pearled, cooked', 200], ['Green beans, cooked (boiled)', 150], ['Fish oil (salmon)', 4], ['Multivitamin-mineral premix', 2], ['Bone meal, steamed', 0.5], ['Calcium carbonate', 1.5], ['Salt, iodised', 0.5]],
  ],
};

// biome-ignore format: one recipe per line reads as a recipe book
export const CAT_RECIPES: Record<DietKind, readonly Recipe[]> = {
  maintenance: [
    [['Chicken thigh, cooked (roasted, skinless)', 250], ['Chicken heart, raw', 40], ['Chicken liver, cooked (simmered)', 15], ['Fish oil (salmon)', 3], ['Taurine powder', 0.25], ['Multivitamin-mineral premix', 2.5], ['Calcium carbonate', 2], ['Potassium chloride (lite salt)', 0.5]],
    [['Turkey breast, cooked (roasted, skinless)', 220], ['Sardines, canned in oil, drained, with bones', 50], ['Taurine powder', 0.25], ['Fish oil (salmon)', 1], ['Multivitamin-mineral premix', 1.5], ['Calcium carbonate', 1.5]],
  ],
  weight_loss: [
    [['Turkey breast, cooked (roasted, skinless)', 200], ['Chicken heart, raw', 30], ['Green beans, cooked (boiled)', 40], ['Taurine powder', 0.25], ['Fish oil (salmon)', 2], ['Multivitamin-mineral premix', 1.5], ['Calcium carbonate', 1.5]],
  ],
  weight_gain: [
    [['Chicken thigh, cooked (roasted, skinless)', 250], ['Egg, whole, cooked (hard-boiled)', 50], ['Fish oil (salmon)', 3], ['Taurine powder', 0.25], ['Multivitamin-mineral premix', 2.5], ['Calcium carbonate', 1.5], ['Potassium chloride (lite salt)', 0.5]],
  ],
  renal: [
    [['Chicken thigh, cooked (roasted, skinless)', 200], ['Egg, whole, cooked (hard-boiled)', 60], ['White rice, cooked', 40], ['Fish oil (salmon)', 3], ['Taurine powder', 0.25], ['Multivitamin-mineral premix', 2.5], ['Calcium carbonate', 1.5], ['Potassium chloride (lite salt)', 0.5]],
  ],
  hepatic: [
    [['Cottage cheese, low fat (1%)', 120], ['Chicken breast, cooked (roasted, skinless)', 150], ['Taurine powder', 0.25], ['Fish oil (salmon)', 2], ['Multivitamin-mineral premix', 1.5], ['Calcium carbonate', 1], ['Potassium chloride (lite salt)', 0.5]],
  ],
  gastrointestinal: [
    [['Turkey breast, cooked (roasted, skinless)', 200], ['Pumpkin, canned (plain)', 40], ['White rice, cooked', 40], ['Psyllium husk', 1], ['Taurine powder', 0.25], ['Fish oil (salmon)', 5], ['Multivitamin-mineral premix', 1.5], ['Calcium carbonate', 1.5], ['Potassium chloride (lite salt)', 0.5]],
  ],
  hypoallergenic: [
    [['Rabbit, cooked (roasted)', 250], ['Pumpkin, cooked (boiled)', 30], ['Fish oil (salmon)', 2], ['Taurine powder', 0.25], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 1.5]],
  ],
  cardiac: [
    [['Salmon, Atlantic, farmed, cooked', 200], ['Turkey breast, cooked (roasted, skinless)', 80], ['Fish oil (salmon)', 3], ['Taurine powder', 0.5], ['Multivitamin-mineral premix', 2], ['Calcium carbonate', 2]],
  ],
  other: [
    [['Chicken thigh, cooked (roasted, skinless)', 250], ['Chicken heart, raw', 40], ['Chicken liver, cooked (simmered)', 15], ['Fish oil (salmon)', 3], ['Taurine powder', 0.25], ['Multivitamin-mineral premix', 2.5], ['Calcium carbonate', 2], ['Potassium chloride (lite salt)', 0.5]],
  ],
};

const INSTRUCTIONS: Record<DietKind, readonly string[]> = {
  maintenance: [
    "Weigh {{PET_NAME}}'s food each day and split it into the meals below. Fresh water always available.",
    'Mix everything well and serve at room temperature. Treats should stay under a tenth of the day’s food.',
  ],
  weight_loss: [
    'Weigh every meal: small extras add up. No table scraps; use green beans as treats. We will weigh {{PET_NAME}} every two weeks.',
  ],
  weight_gain: [
    'Offer {{PET_NAME}} the meals warm, which makes them more tempting. Tell us if a meal is left unfinished two days running.',
  ],
  renal: [
    'Keep fresh water next to every meal and encourage {{PET_NAME}} to drink. No extra treats, bones or dairy.',
  ],
  hepatic: [
    'Small, regular meals are easier on the liver: keep to the times below. No fatty treats for {{PET_NAME}}.',
  ],
  gastrointestinal: [
    'Introduce the new food over five days, mixing it with the old one. Call us if {{PET_NAME}} vomits or has diarrhoea.',
  ],
  hypoallergenic: [
    'Nothing else for eight weeks: no treats, chews or flavoured medicines unless we approve them. {{PET_NAME}} must not share other pets’ food.',
  ],
  cardiac: [
    'No added salt, no salty treats or table scraps. Mix the fish oil and taurine into the food just before serving. Watch {{PET_NAME}}’s breathing rate while asleep.',
  ],
  other: [
    'Serve the meals at the same times every day, before the insulin injection. Note any change in appetite for {{PET_NAME}}.',
  ],
};

const BY_NAME = new Map(INGREDIENTS.map((ingredient) => [ingredient.name, ingredient]));

function ingredientOf(name: string) {
  const ingredient = BY_NAME.get(name);
  if (!ingredient) throw new Error(`demo diet ingredient '${name}' is not in the catalogue`);
  return ingredient;
}

/** A recipe naming an ingredient the catalogue lacks would fail the seed on a foreign key: check up front. */
export function checkDemoRecipes(): void {
  for (const recipes of [...Object.values(DOG_RECIPES), ...Object.values(CAT_RECIPES)]) {
    for (const recipe of recipes) for (const [name] of recipe) ingredientOf(name);
  }
}

// --- choosing -----------------------------------------------------------------------------------------

function kindFor(health: DemoHealthProfileRow | undefined, random: SeededRandom): DietKind {
  const conditions = health?.conditions ?? [];
  const has = (pattern: RegExp) => conditions.some((condition) => pattern.test(condition));
  if (has(/mitral|cardiomyopathy/i)) return 'cardiac';
  if (has(/kidney/i)) return 'renal';
  if (has(/enteropathy|cystitis/i)) return 'gastrointestinal';
  if (has(/diabetes/i)) return 'other';
  if (has(/obesity/i)) return 'weight_loss';
  if ((health?.allergies.length ?? 0) > 0 || has(/dermatitis/i)) return 'hypoallergenic';
  const weight = health?.weightKg ?? null;
  const target = health?.targetWeightKg ?? null;
  if (weight !== null && target !== null && target < weight * 0.95) return 'weight_loss';
  if (weight !== null && target !== null && target > weight * 1.05) return 'weight_gain';
  return random.weighted<DietKind>([
    ['maintenance', 80],
    ['hepatic', 6],
    ['gastrointestinal', 8],
    ['hypoallergenic', 6],
  ]);
}

function avoidsAllergies(recipe: Recipe, allergies: readonly string[]): boolean {
  const words = allergies.map((allergy) => allergy.toLowerCase());
  return recipe.every(([name]) => !words.some((word) => name.toLowerCase().includes(word)));
}

function recipeFor(
  species: Species,
  kind: DietKind,
  allergies: readonly string[],
  random: SeededRandom,
): Recipe {
  const book = species === 'dog' ? DOG_RECIPES : CAT_RECIPES;
  const safe = book[kind].filter((recipe) => avoidsAllergies(recipe, allergies));
  if (safe.length > 0) return random.pick(safe);
  const novel = book.hypoallergenic.filter((recipe) => avoidsAllergies(recipe, allergies));
  return random.pick(novel.length > 0 ? novel : book.hypoallergenic);
}

/** How an owner measures each ingredient: oils by the spoon (ml), powders in g or mg, the rest in g or oz. */
function amountOf(name: string, grams: number, random: SeededRandom): { amount: number; unit: Unit } {
  const { category } = ingredientOf(name);
  if (category === 'oil') return { amount: Math.max(1, Math.round(grams / 0.9)), unit: 'ml' };
  if (name === 'Taurine powder')
    return { amount: Math.max(50, Math.round((grams * 1000) / 50) * 50), unit: 'mg' };
  if (category === 'supplement') return { amount: Math.max(0.5, Math.round(grams * 2) / 2), unit: 'g' };
  if (random.chance(0.12)) return { amount: Math.max(0.5, Math.round((grams / 28.35) * 2) / 2), unit: 'oz' };
  return { amount: Math.max(5, Math.round(grams / 5) * 5), unit: 'g' };
}

function formulationPetOf(
  pet: DemoPetRow,
  health: DemoHealthProfileRow | undefined,
  on: string,
): FormulationPet {
  return {
    species: pet.species,
    weightKg: health?.weightKg ?? null,
    targetWeightKg: health?.targetWeightKg ?? null,
    ageMonths: pet.birthDate ? monthsBetween(pet.birthDate, on) : null,
    neutered: pet.neutered,
  };
}

function dailyTargetKcal(
  pet: DemoPetRow,
  health: DemoHealthProfileRow | undefined,
  kind: DietKind,
  on: string,
) {
  const formulationPet = formulationPetOf(pet, health, on);
  const kg = energyBasisWeightKg(formulationPet, kind) ?? (pet.species === 'dog' ? 15 : 4.5);
  return restingEnergyKcal(kg) * energyFactor(formulationPet, kind).factor;
}

function recipeLines(recipe: Recipe, targetKcal: number, random: SeededRandom) {
  const batchKcal = recipe.reduce(
    (sum, [name, grams]) => sum + (grams / 100) * ingredientOf(name).kcalPer100g,
    0,
  );
  // Vets rarely hit the target exactly: within ±12 % reads as a real, slightly imperfect plan.
  const scale = (targetKcal / batchKcal) * random.float(0.88, 1.12);
  return recipe.map(([name, grams]) => ({
    ingredientId: ingredientId(name),
    ...amountOf(name, grams * scale, random),
  }));
}

/**
 * The warnings a demo diet raised when it was published, through the API's own formulation: energy a
 * little off the target, and minerals short where a recipe written for a typical adult meets a growth
 * or AAFCO profile or a pet without a weight (about half of the published demo diets at scale 1). The
 * reason is fixed by the warnings rather than drawn, so the seed's random stream (and every record after
 * it) stays as it was.
 */
function publishWarnings(
  draft: DietDraft,
  pet: DemoPetRow,
  health: DemoHealthProfileRow | undefined,
  on: string,
): Pick<DemoDietRow, 'acknowledgedWarnings' | 'acknowledgementReason'> {
  const { warnings } = formulateDiet({
    pet: formulationPetOf(pet, health, on),
    kind: draft.row.kind,
    profileKind: draft.row.nutrientProfileKind,
    ingredients: draft.lines.map((line) => ({
      ingredient: ingredientById(line.ingredientId),
      amount: line.amount,
      unit: line.unit,
    })),
  });
  if (warnings.length === 0) return { acknowledgedWarnings: [], acknowledgementReason: null };
  const onlyEnergy = warnings.every((warning) => warning.code === 'energy_off_target');
  return {
    acknowledgedWarnings: warnings,
    acknowledgementReason: onlyEnergy
      ? 'Close enough to the target to start: the portion is adjusted at the next weigh-in.'
      : 'Reviewed with the owner: the recipe is rechecked at the next assessment.',
  };
}

const BY_ID = new Map(INGREDIENTS.map((ingredient) => [ingredient.id, ingredient]));

function ingredientById(id: string) {
  const ingredient = BY_ID.get(id);
  if (!ingredient) throw new Error(`demo diet ingredient ${id} is not in the catalogue`);
  return ingredient;
}

function profileFor(pet: DemoPetRow, on: string, random: SeededRandom): NutrientProfileKind {
  const young = pet.birthDate !== null && monthsBetween(pet.birthDate, on) < 12;
  const body = random.chance(0.7) ? 'fediaf' : 'aafco';
  return `${body}_${young ? 'growth' : 'adult'}` as NutrientProfileKind;
}

// --- generating -----------------------------------------------------------------------------------------

interface DietDraft {
  row: DemoDietRow;
  lines: Omit<DemoDietIngredientRow, 'dietId' | 'position'>[];
}

/**
 * Diets for `DIET_PETS_PER_SCALE × scale` demo pets, drawn as of `reference`: most have a published
 * diet that is their current plan, some an older published one whose plan has ended, some a draft
 * (often a copy of the published diet, the way vets revise one). Luna has her cardiac plan.
 */
export function generateDiets(
  data: DemoData,
  options: { seed: number; scale: number; reference: Date },
): DemoDiets {
  checkDemoRecipes();
  const random = createSeededRandom(deriveSeed(options.seed, 'diets'));
  const health = new Map(data.healthProfiles.map((profile) => [profile.petId, profile]));
  const productVets = data.vets.filter((vet) => vet.kind === 'regular' || vet.kind === 'head');
  const headVet = data.vets.find((vet) => vet.email === DEMO_HEAD_VET_EMAIL) ?? productVets[0];
  if (!headVet) throw new Error('the demo data has no vets for diets');

  const result: DemoDiets = { diets: [], ingredients: [], plans: [] };
  const push = (draft: DietDraft) => {
    result.diets.push(draft.row);
    for (const [position, line] of draft.lines.entries()) {
      result.ingredients.push({ dietId: draft.row.id, position, ...line });
    }
  };

  const makeDiet = (
    pet: DemoPetRow,
    kind: DietKind,
    createdAt: Date,
    vetId: string,
    fields: Partial<DemoDietRow> = {},
  ): DietDraft => {
    const petHealth = health.get(pet.id);
    const on = isoDate(createdAt);
    const recipe = recipeFor(pet.species, kind, petHealth?.allergies ?? [], random);
    return {
      row: {
        id: random.uuidV7(createdAt),
        petId: pet.id,
        dietPlanId: null,
        kind,
        nutrientProfileKind: profileFor(pet, on, random),
        status: 'draft',
        formulatedOn: on,
        nextAssessmentOn: isoDate(addDays(createdAt, random.pick([42, 56, 84, 90, 120]))),
        mealsPerDay: pet.species === 'cat' ? random.pick([2, 3, 4]) : random.pick([2, 2, 2, 3]),
        feedingInstructions: random.pick(INSTRUCTIONS[kind]),
        copiedFromId: null,
        createdByVetId: vetId,
        publishedAt: null,
        publishedByVetId: null,
        acknowledgedWarnings: [],
        acknowledgementReason: null,
        createdAt,
        ...fields,
      },
      lines: recipeLines(recipe, dailyTargetKcal(pet, petHealth, kind, on), random),
    };
  };

  const publish = (draft: DietDraft, pet: DemoPetRow, at: Date, planId: string) => {
    draft.row.status = 'published';
    draft.row.publishedAt = at;
    draft.row.publishedByVetId = draft.row.createdByVetId;
    draft.row.dietPlanId = planId;
    Object.assign(draft.row, publishWarnings(draft, pet, health.get(pet.id), isoDate(at)));
  };

  // Luna: a maintenance plan last year, ended by her cardiac diagnosis; the cardiac diet is current.
  const luna = data.pets.find((pet) => pet.id === LUNA.id);
  if (luna) {
    const oldAt = new Date('2025-09-02T10:15:00Z');
    const old = makeDiet(luna, 'maintenance', oldAt, headVet.id, { id: LUNA_DIET_IDS.maintenance });
    old.row.nutrientProfileKind = 'fediaf_adult';
    old.row.mealsPerDay = 2;
    publish(old, luna, new Date(oldAt.getTime() + 2 * 60 * 60 * 1000), LUNA_DIET_IDS.maintenancePlan);
    const cardiacAt = new Date('2026-10-20T09:30:00Z');
    const cardiac = makeDiet(luna, 'cardiac', cardiacAt, headVet.id, { id: LUNA_DIET_IDS.cardiac });
    cardiac.row.nutrientProfileKind = 'fediaf_adult';
    cardiac.row.mealsPerDay = 2;
    cardiac.row.nextAssessmentOn = '2027-01-20';
    cardiac.row.feedingInstructions =
      'Split {{PET_NAME}}’s food into two meals, morning and evening. Low sodium: no added salt, no ham, cheese or ' +
      'salty treats. Mix the fish oil and taurine into the food just before serving. Count {{pet_name}}’s ' +
      'breathing while asleep each evening and tell us if it goes above 30 a minute.';
    const publishedAt = new Date(cardiacAt.getTime() + 45 * 60 * 1000);
    publish(cardiac, luna, publishedAt, LUNA_DIET_IDS.cardiacPlan);
    push(old);
    push(cardiac);
    result.plans.push(
      {
        id: LUNA_DIET_IDS.maintenancePlan,
        petId: luna.id,
        kind: 'maintenance',
        createdAt: old.row.publishedAt as Date,
        createdByVetId: headVet.id,
        currentDietId: old.row.id,
        endedAt: publishedAt,
      },
      {
        id: LUNA_DIET_IDS.cardiacPlan,
        petId: luna.id,
        kind: 'cardiac',
        createdAt: publishedAt,
        createdByVetId: headVet.id,
        currentDietId: cardiac.row.id,
        endedAt: null,
      },
    );
  }

  const candidates = data.pets.filter((pet) => pet.id !== LUNA.id);
  for (const pet of random.sample(candidates, DIET_PETS_PER_SCALE * options.scale)) {
    const vetId = random.pick(productVets).id;
    const kind = kindFor(health.get(pet.id), random);
    const publishedCount = random.weighted([
      [0, 15],
      [1, 65],
      [2, 20],
    ] as const);
    let current: { draft: DietDraft; planId: string } | null = null;

    for (let n = 0; n < publishedCount; n += 1) {
      const older = publishedCount === 2 && n === 0;
      const daysAgo = older ? random.int(200, 360) : random.int(15, 150);
      const createdAt = new Date(
        options.reference.getTime() - daysAgo * DAY_MS - random.int(0, 8 * 60) * 60_000,
      );
      const dietKind = older ? random.pick<DietKind>(['maintenance', kind]) : kind;
      const draft = makeDiet(pet, dietKind, createdAt, vetId);
      const publishedAt = new Date(createdAt.getTime() + random.int(10, 6 * 60) * 60_000);
      const samePlan: boolean = current !== null && current.draft.row.kind === dietKind;
      const planId: string = samePlan && current ? current.planId : random.uuidV7(publishedAt);
      publish(draft, pet, publishedAt, planId);
      if (current && !samePlan) {
        const ended = result.plans.find((plan) => plan.id === current?.planId);
        if (ended) ended.endedAt = publishedAt;
      }
      if (samePlan) {
        const plan = result.plans.find((p) => p.id === planId);
        if (plan) plan.currentDietId = draft.row.id;
      } else {
        result.plans.push({
          id: planId,
          petId: pet.id,
          kind: dietKind,
          createdAt: publishedAt,
          createdByVetId: vetId,
          currentDietId: draft.row.id,
          endedAt: null,
        });
      }
      push(draft);
      current = { draft, planId };
    }

    if (publishedCount === 0 || random.chance(0.35)) {
      const createdAt = new Date(
        options.reference.getTime() - random.int(1, 14) * DAY_MS - random.int(0, 8 * 60) * 60_000,
      );
      if (current && random.chance(0.6)) {
        const source = current.draft;
        const copy: DietDraft = {
          row: {
            ...source.row,
            id: random.uuidV7(createdAt),
            status: 'draft',
            dietPlanId: null,
            formulatedOn: null,
            nextAssessmentOn: null,
            copiedFromId: source.row.id,
            createdByVetId: vetId,
            publishedAt: null,
            publishedByVetId: null,
            acknowledgedWarnings: [],
            acknowledgementReason: null,
            createdAt,
          },
          lines: source.lines.map((line) => ({ ...line })),
        };
        push(copy);
      } else {
        const draft = makeDiet(pet, kind, createdAt, vetId);
        if (random.chance(0.3)) {
          draft.row.formulatedOn = null;
          draft.row.nextAssessmentOn = null;
        }
        push(draft);
      }
    }
  }
  return result;
}

/** Demo pets per scale whose weight-loss diet has stalled (see `stalledWeightLossDiets`). */
export const STALLED_DIET_PETS_PER_SCALE = 3;
/** Long enough on the diet for its three weeks behind plan to fall in the cards' four-week replay. */
const STALLED_MIN_DAYS = 56;

/**
 * Pets whose current weight-loss diet is not working: published at least eight weeks before `end`,
 * with a target well below the pet's weight, whose weight the history then holds flat (the owner
 * weighing weekly, as asked). The cards' replay judges those entries by the live diet rule, so these
 * pets carry real `weight_off_plan` triggers. The first by pet id among those that qualify, so the
 * same pets on every run; never a showcase pet, whose stories are told elsewhere. Pet id → the day
 * the diet started (its formulation date).
 */
export function stalledWeightLossDiets(
  diets: DemoDiets,
  data: DemoData,
  options: { end: Date; scale: number },
): Map<string, string> {
  const health = new Map(data.healthProfiles.map((profile) => [profile.petId, profile]));
  const showcase = new Set(SHOWCASE_PETS.map((pet) => pet.id));
  const byId = new Map(diets.diets.map((diet) => [diet.id, diet]));
  const latestStart = isoDate(addDays(options.end, -STALLED_MIN_DAYS));
  const stalled = diets.plans
    .filter((plan) => plan.endedAt === null && plan.kind === 'weight_loss' && !showcase.has(plan.petId))
    .flatMap((plan) => {
      const diet = byId.get(plan.currentDietId);
      const profile = health.get(plan.petId);
      const start = diet?.formulatedOn;
      if (diet?.status !== 'published' || !start || start > latestStart) return [];
      if (!profile?.weightKg || !profile.targetWeightKg) return [];
      // Well below: a target within a few percent is reached before the plan could fall behind.
      if (profile.targetWeightKg > profile.weightKg * 0.92) return [];
      return [[plan.petId, start] as const];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(stalled.slice(0, STALLED_DIET_PETS_PER_SCALE * options.scale));
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Three bulk statements (plans wait for their diets: each points at the other). */
export async function insertDemoDiets(tx: Tx, diets: DemoDiets): Promise<void> {
  await bulkInsert(
    tx,
    'diets',
    [
      { name: 'id', type: 'uuid', value: (d) => d.id },
      { name: 'pet_id', type: 'uuid', value: (d) => d.petId },
      { name: 'kind', type: 'text', select: (v) => `${v}::diet_kind`, value: (d) => d.kind },
      {
        name: 'nutrient_profile_kind',
        type: 'text',
        select: (v) => `${v}::nutrient_profile_kind`,
        value: (d) => d.nutrientProfileKind,
      },
      { name: 'status', type: 'text', select: (v) => `${v}::diet_status`, value: (d) => d.status },
      { name: 'formulated_on', type: 'date', value: (d) => d.formulatedOn },
      { name: 'next_assessment_on', type: 'date', value: (d) => d.nextAssessmentOn },
      { name: 'meals_per_day', type: 'smallint', value: (d) => d.mealsPerDay },
      { name: 'feeding_instructions', type: 'text', value: (d) => d.feedingInstructions },
      { name: 'copied_from_id', type: 'uuid', value: (d) => d.copiedFromId },
      { name: 'created_by_vet_id', type: 'uuid', value: (d) => d.createdByVetId },
      { name: 'published_at', type: 'timestamptz', value: (d) => iso(d.publishedAt) },
      { name: 'published_by_vet_id', type: 'uuid', value: (d) => d.publishedByVetId },
      {
        name: 'acknowledged_warnings',
        type: 'text',
        select: (v) => `${v}::jsonb`,
        value: (d) => JSON.stringify(d.acknowledgedWarnings),
      },
      { name: 'acknowledgement_reason', type: 'text', value: (d) => d.acknowledgementReason },
      { name: 'created_at', type: 'timestamptz', value: (d) => iso(d.createdAt) },
      { name: 'updated_at', type: 'timestamptz', value: (d) => iso(d.publishedAt ?? d.createdAt) },
    ],
    diets.diets,
  );
  await bulkInsert(
    tx,
    'diet_ingredients',
    [
      { name: 'diet_id', type: 'uuid', value: (i) => i.dietId },
      { name: 'position', type: 'smallint', value: (i) => i.position },
      { name: 'ingredient_id', type: 'uuid', value: (i) => i.ingredientId },
      { name: 'amount', type: 'numeric', value: (i) => i.amount },
      { name: 'unit', type: 'text', select: (v) => `${v}::amount_unit`, value: (i) => i.unit },
    ],
    diets.ingredients,
  );
  await bulkInsert(
    tx,
    'diet_plans',
    [
      { name: 'id', type: 'uuid', value: (p) => p.id },
      { name: 'pet_id', type: 'uuid', value: (p) => p.petId },
      { name: 'kind', type: 'text', select: (v) => `${v}::diet_kind`, value: (p) => p.kind },
      { name: 'created_at', type: 'timestamptz', value: (p) => iso(p.createdAt) },
      { name: 'created_by_vet_id', type: 'uuid', value: (p) => p.createdByVetId },
      { name: 'current_diet_id', type: 'uuid', value: (p) => p.currentDietId },
      { name: 'ended_at', type: 'timestamptz', value: (p) => iso(p.endedAt) },
    ],
    diets.plans,
  );
  const published = diets.diets.filter((d) => d.dietPlanId !== null);
  await tx.execute(sql`
    update diets set diet_plan_id = t.plan_id
    from unnest(
      ${sql.param(published.map((d) => d.id))}::uuid[],
      ${sql.param(published.map((d) => d.dietPlanId))}::uuid[]
    ) as t(id, plan_id)
    where diets.id = t.id`);
}
