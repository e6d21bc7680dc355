import { randomBytes } from 'node:crypto';
import { type NutrientValues, nutrientKeys } from '@vetboard/contract';
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
