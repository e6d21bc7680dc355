import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/types.ts';
import { INGREDIENTS } from './ingredients.data.ts';

// PGlite cannot bind enum or jsonb arrays: they travel as text[] and are cast per row.
/**
 * Reference data follows the code: run after every migration. Upserts by id, so a corrected value in
 * `ingredients.data.ts` reaches every database; never deletes, since diets point at ingredients.
 */
export async function syncIngredients(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into ingredients (id, name, category, kcal_per_100g, nutrients, source)
    select id, name, category::ingredient_category, kcal, nutrients::jsonb, source from unnest(
      ${sql.param(INGREDIENTS.map((i) => i.id))}::uuid[],
      ${sql.param(INGREDIENTS.map((i) => i.name))}::text[],
      ${sql.param(INGREDIENTS.map((i) => i.category))}::text[],
      ${sql.param(INGREDIENTS.map((i) => i.kcalPer100g))}::real[],
      ${sql.param(INGREDIENTS.map((i) => JSON.stringify(i.nutrients)))}::text[],
      ${sql.param(INGREDIENTS.map((i) => i.source))}::text[]
    ) as t(id, name, category, kcal, nutrients, source)
    on conflict (id) do update set
      name = excluded.name,
      category = excluded.category,
      kcal_per_100g = excluded.kcal_per_100g,
      nutrients = excluded.nutrients,
      source = excluded.source`);
}
