import type { ActivityLevel, PetSex, Species } from '@vetboard/contract';
import { BREED_NAMES, breedId } from '../modules/core/breeds/index.ts';
import type { MedicationValue } from '../modules/core/pets/index.ts';
import { addDays, DAY_MS, daysBetween, isoDate, YEAR_DAYS } from './demo-dates.ts';
import {
  adultWeightRange,
  BREED_POPULARITY,
  CHIP_MANUFACTURER_CODES,
  DEMO_ALLERGIES,
  DEMO_CONDITIONS,
  maxAgeYears,
  OTHER_BREED_WEIGHT,
  PET_NAMES,
  PREVENTIVE_MEDICATIONS,
} from './demo-pets.ts';
import type { DemoLocale } from './demo-places.ts';
import type { DemoHealthProfileRow, DemoPetRow } from './demo-rows.ts';
import type { SeededRandom } from './seeded-random.ts';

const round1 = (value: number): number => Math.round(value * 10) / 10;

const breedWeights: Record<Species, ReadonlyArray<readonly [string, number]>> = {
  dog: BREED_NAMES.dog.map((name) => [name, BREED_POPULARITY.dog[name] ?? OTHER_BREED_WEIGHT.dog]),
  cat: BREED_NAMES.cat.map((name) => [name, BREED_POPULARITY.cat[name] ?? OTHER_BREED_WEIGHT.cat]),
};

export interface PetContext {
  random: SeededRandom;
  reference: Date;
  familyCreatedAt: Date;
  familyId: string;
  locale: DemoLocale;
  breederFamily: boolean;
  clinicalVetIds: readonly string[];
  microchips: Set<string>;
  takenNames: Set<string>;
}

const AGE_BANDS: ReadonlyArray<readonly [readonly [number, number], number]> = [
  [[0.1, 1], 7],
  [[1, 4], 27],
  [[4, 8], 32],
  [[8, 12], 24],
  [[12, 18], 10],
];

const BODY_CONDITION: Record<Species, ReadonlyArray<readonly [number, number]>> = {
  dog: [
    [3, 3],
    [4, 16],
    [5, 38],
    [6, 22],
    [7, 13],
    [8, 6],
    [9, 2],
  ],
  cat: [
    [3, 2],
    [4, 12],
    [5, 34],
    [6, 24],
    [7, 17],
    [8, 8],
    [9, 3],
  ],
};

function conditionChance(ageYears: number): number {
  if (ageYears < 1) return 0.03;
  if (ageYears < 4) return 0.1;
  if (ageYears < 8) return 0.2;
  if (ageYears < 12) return 0.38;
  return 0.55;
}

function drawMicrochip(context: PetContext): string {
  const { random, microchips } = context;
  let chip: string;
  do {
    const prefix = random.chance(0.6) ? context.locale.chipCountryCode : random.pick(CHIP_MANUFACTURER_CODES);
    chip = `${prefix}${random.digits(12)}`;
  } while (microchips.has(chip));
  microchips.add(chip);
  return chip;
}

function drawHealth(
  context: PetContext,
  pet: { species: Species; breed: string; ageYears: number; idealKg: number; createdAt: Date; petId: string },
): DemoHealthProfileRow {
  const { random } = context;
  const { species, breed, ageYears, idealKg } = pet;
  const puppy = ageYears < 1;

  const conditions: string[] = [];
  if (random.chance(conditionChance(ageYears))) {
    const eligible = DEMO_CONDITIONS.filter(
      (condition) =>
        condition.species.includes(species) &&
        ageYears >= condition.minAge &&
        (condition.name !== 'Brachycephalic obstructive airway syndrome' ||
          condition.breeds?.includes(breed)),
    ).map(
      (condition) => [condition, condition.weight * (condition.breeds?.includes(breed) ? 8 : 1)] as const,
    );
    const wanted = random.weighted([
      [1, 75],
      [2, 20],
      [3, 5],
    ] as const);
    while (conditions.length < wanted && eligible.length > 0) {
      const condition = random.weighted(eligible);
      if (!conditions.includes(condition.name)) conditions.push(condition.name);
      else break;
    }
  }

  const bodyConditionScore = random.chance(0.06)
    ? null
    : puppy
      ? random.int(4, 6)
      : random.weighted(BODY_CONDITION[species]);
  if (bodyConditionScore !== null && bodyConditionScore >= 8 && random.chance(0.7))
    conditions.push('Obesity');

  const medications: MedicationValue[] = [];
  for (const name of conditions) {
    const condition = DEMO_CONDITIONS.find((candidate) => candidate.name === name);
    if (!condition || !random.chance(0.85)) continue;
    for (const medication of condition.medications) {
      if (!medications.some((taken) => taken.name === medication.name)) medications.push({ ...medication });
    }
  }
  if (random.chance(0.12)) {
    const preventive = random.pick(PREVENTIVE_MEDICATIONS[species]);
    if (!medications.some((taken) => taken.name === preventive.name)) medications.push({ ...preventive });
  }

  const allergies = random.chance(0.09)
    ? [
        ...new Set([random.weighted(DEMO_ALLERGIES[species]), random.weighted(DEMO_ALLERGIES[species])]),
      ].slice(0, random.chance(0.8) ? 1 : 2)
    : [];

  const activityLevel: ActivityLevel | null = random.chance(0.08)
    ? null
    : species === 'cat'
      ? random.weighted<ActivityLevel>([
          ['low', ageYears > 10 ? 60 : 35],
          ['moderate', 50],
          ['high', ageYears < 3 ? 30 : 10],
        ])
      : random.weighted<ActivityLevel>([
          ['low', ageYears > 10 ? 50 : 15],
          ['moderate', 50],
          ['high', ageYears > 10 ? 5 : 35],
        ]);

  // WSAVA: every body-condition point above or below 5 is about 10 % of body weight.
  const weightKg = random.chance(0.04)
    ? null
    : Math.max(0.2, round1(idealKg * (1 + 0.1 * ((bodyConditionScore ?? 5) - 5)) * random.float(0.97, 1.03)));
  const needsTarget = bodyConditionScore !== null && (bodyConditionScore >= 7 || bodyConditionScore <= 3);
  const targetWeightKg =
    !puppy && weightKg !== null && (needsTarget || (bodyConditionScore === 6 && random.chance(0.5)))
      ? round1(idealKg)
      : null;

  const clinical = conditions.length > 0 || medications.length > 0 || allergies.length > 0;
  const updatedAt = addDays(
    pet.createdAt,
    random.float(0, Math.max(0, daysBetween(pet.createdAt, context.reference))),
  );
  return {
    petId: pet.petId,
    conditions,
    allergies,
    medications,
    activityLevel,
    bodyConditionScore,
    weightKg,
    targetWeightKg,
    updatedAt,
    updatedByVetId: random.chance(clinical ? 0.7 : 0.2) ? random.pick(context.clinicalVetIds) : null,
  };
}

export function drawPet(
  context: PetContext,
  species: Species,
): { pet: DemoPetRow; health: DemoHealthProfileRow | null } {
  const { random, reference } = context;
  const breed = random.weighted(breedWeights[species]);
  const sex: PetSex = random.chance(0.015) ? 'unknown' : random.chance(0.5) ? 'female' : 'male';
  const names = PET_NAMES[species][sex === 'unknown' ? random.pick(['female', 'male'] as const) : sex];
  let name = random.pick(names);
  while (context.takenNames.has(name)) name = random.pick(names);
  context.takenNames.add(name);

  const [low, high] = adultWeightRange(species, breed, (bands) => random.weighted(bands));
  const position =
    sex === 'male' ? random.float(0.35, 1) : sex === 'female' ? random.float(0, 0.65) : random.next();
  const adultKg = low + (high - low) * position;

  let [fromYears, toYears] = random.weighted(AGE_BANDS);
  const oldest = maxAgeYears(species, adultKg);
  if (fromYears >= oldest) [fromYears, toYears] = [1, oldest];
  const ageYears = random.float(fromYears, Math.min(toYears, oldest));
  const birth = addDays(reference, -Math.round(ageYears * YEAR_DAYS));
  const growth =
    ageYears >= 1
      ? 1
      : species === 'dog'
        ? 0.2 + 0.8 * ageYears ** 0.8
        : 0.15 + 0.85 * Math.min(1, (ageYears * 12) / 10);
  const idealKg = adultKg * growth;

  const neutered = random.chance(0.05)
    ? null
    : random.chance(
        ageYears < 0.5
          ? 0.05
          : ageYears < 1
            ? 0.35
            : context.breederFamily
              ? 0.15
              : species === 'cat'
                ? 0.88
                : 0.68,
      );

  // Owners register a pet once it lives with them: after the family exists and, for a young one,
  // after it was weaned.
  const earliest = Math.max(
    context.familyCreatedAt.getTime(),
    addDays(birth, Math.min(56, daysBetween(birth, reference) / 2)).getTime(),
  );
  const latest = addDays(reference, -0.5).getTime();
  const createdAt = new Date(earliest + random.float(0, Math.min(120 * DAY_MS, latest - earliest)));
  const id = random.uuidV7(createdAt);
  const pet: DemoPetRow = {
    id,
    name,
    species,
    breedId: breedId(species, breed),
    sex,
    birthDate: random.chance(0.03) ? null : isoDate(birth),
    neutered,
    microchip: random.chance(species === 'dog' ? 0.92 : 0.7) ? drawMicrochip(context) : null,
    familyId: context.familyId,
    createdAt,
  };
  const health = random.chance(0.92)
    ? drawHealth(context, { species, breed, ageYears, idealKg, createdAt, petId: id })
    : null;
  return { pet, health };
}
