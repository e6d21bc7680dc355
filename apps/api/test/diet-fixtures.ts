import { randomBytes } from 'node:crypto';
import {
  type NutrientKey,
  type NutrientProfile,
  type NutrientValues,
  nutrientKeys,
} from '@vetboard/contract';
import type { DbOrTx } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { type IngredientRow, ingredients } from '../src/modules/records/diets/diets.table.ts';

/** Every nutrient at 0 unless given: hand-computed expectations stay short. */
export function nutrients(values: Partial<NutrientValues> = {}): NutrientValues {
  return { ...(Object.fromEntries(nutrientKeys.map((key) => [key, 0])) as NutrientValues), ...values };
}

/** An ingredient of the test's own (names never clash with the synced catalogue). */
export async function createIngredient(
  db: DbOrTx,
  overrides: Partial<Omit<IngredientRow, 'nutrients'>> & { nutrients?: Partial<NutrientValues> } = {},
): Promise<IngredientRow> {
  const [row] = await db
    .insert(ingredients)
    .values({
      id: newId(),
      name: `Test ingredient ${randomBytes(3).toString('hex')}`,
      category: 'meat',
      kcalPer100g: 100,
      source: 'test',
      ...overrides,
      nutrients: nutrients(overrides.nutrients),
    })
    .returning();
  if (!row) throw new Error('no ingredient');
  return row;
}

/**
 * Per 100 g of a food of `kcalPer100g`, every nutrient half-way inside the profile's limits (or 20 %
 * over a bare minimum) and calcium at 1.5 times phosphorus: fed at the energy target, a diet of it
 * raises no warning at all.
 */
export function balancedNutrients(profile: NutrientProfile, kcalPer100g: number): NutrientValues {
  const per1000kcal = (key: NutrientKey) => {
    const limit = profile.limits[key];
    if (!limit) return 0;
    if (limit.min !== null && limit.max !== null) return (limit.min + limit.max) / 2;
    if (limit.min !== null) return limit.min * 1.2;
    return 0;
  };
  const values = nutrients(
    Object.fromEntries(nutrientKeys.map((key) => [key, (per1000kcal(key) * kcalPer100g) / 1000])),
  );
  const ratio = profile.calciumPhosphorusRatio;
  if (ratio?.min != null && ratio.max != null)
    values.calcium = values.phosphorus * ((ratio.min + ratio.max) / 2);
  return values;
}
