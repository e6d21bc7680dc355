import {
  type DietKind,
  type Formulation,
  type FormulationLine,
  type FormulationPet,
  formulateDiet,
  type HealthProfile,
  type Ingredient,
  type NutrientProfileKind,
  type PetProfile,
} from '@vetboard/contract';
import { petAgeMonths } from '@/lib/pets/pet-age-months.ts';
import { completeIngredients, type DietIngredientRow } from './diet-form.ts';

/** The same pet facts the server formulates with: species, weights, age in months, neuter status. */
export function formulationPet(
  pet: Pick<PetProfile, 'species' | 'birthDate' | 'neutered'>,
  health: Pick<HealthProfile, 'weightKg' | 'targetWeightKg'> | null,
  timeZone: string,
  now: Date = new Date(),
): FormulationPet {
  return {
    species: pet.species,
    weightKg: health?.weightKg ?? null,
    targetWeightKg: health?.targetWeightKg ?? null,
    ageMonths: petAgeMonths(pet.birthDate, timeZone, now),
    neutered: pet.neutered,
  };
}

/**
 * The editor's diet formulated in the browser with the contract's `formulateDiet`, the function the
 * server runs on save, so the panel shows what saving will show. Null while an ingredient of the diet
 * is not in the loaded catalogue (the caller then keeps the last server formulation).
 */
export function liveFormulation(
  values: {
    kind: DietKind;
    nutrientProfileKind: NutrientProfileKind;
    ingredients: readonly DietIngredientRow[];
  },
  catalogue: ReadonlyMap<string, Ingredient>,
  pet: FormulationPet,
): Formulation | null {
  const lines: FormulationLine[] = [];
  for (const input of completeIngredients(values.ingredients)) {
    const ingredient = catalogue.get(input.ingredientId);
    if (!ingredient) return null;
    lines.push({ ingredient, amount: input.amount, unit: input.unit });
  }
  return formulateDiet({
    pet,
    kind: values.kind,
    profileKind: values.nutrientProfileKind,
    ingredients: lines,
  });
}
