import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-app.ts';
import type { Database } from '../../../db/client.ts';
import { ingredients } from './diets.table.ts';
import { INGREDIENTS } from './ingredients.data.ts';
import { syncIngredients } from './ingredients.sync.ts';

describe('syncing the catalogue into the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('inserts every ingredient, and a rerun corrects changed values without duplicating', async () => {
    const { db } = database;
    await syncIngredients(db);
    const chicken = INGREDIENTS.find((i) => i.name === 'Chicken breast, cooked (roasted, skinless)');
    if (!chicken) throw new Error('chicken breast missing from the catalogue');
    await db
      .update(ingredients)
      .set({ kcalPer100g: 1, nutrients: { ...chicken.nutrients, protein: 0 }, source: 'stale' })
      .where(eq(ingredients.id, chicken.id));

    await syncIngredients(db);

    const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(ingredients);
    expect(counted?.count).toBe(INGREDIENTS.length);
    const [row] = await db.select().from(ingredients).where(eq(ingredients.id, chicken.id));
    expect(row).toEqual({
      id: chicken.id,
      name: chicken.name,
      category: 'meat',
      kcalPer100g: 165,
      nutrients: chicken.nutrients,
      source: chicken.source,
    });
  });
});
