import { ingredientCategories, nutrientKeys } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { INGREDIENTS, ingredientId } from './ingredients.data.ts';

describe('the ingredient catalogue a vet formulates from', () => {
  it('holds at least 60 ingredients in every category', () => {
    expect(INGREDIENTS.length).toBeGreaterThanOrEqual(60);
    for (const category of ingredientCategories) {
      expect(
        INGREDIENTS.some((i) => i.category === category),
        category,
      ).toBe(true);
    }
  });

  it('has no duplicate names or ids, and ids derive from names', () => {
    expect(new Set(INGREDIENTS.map((i) => i.name.toLowerCase())).size).toBe(INGREDIENTS.length);
    expect(new Set(INGREDIENTS.map((i) => i.id)).size).toBe(INGREDIENTS.length);
    for (const item of INGREDIENTS) expect(item.id).toBe(ingredientId(item.name));
  });

  it('gives every nutrient a non-negative number and names a source', () => {
    for (const item of INGREDIENTS) {
      for (const key of nutrientKeys) {
        expect(Number.isFinite(item.nutrients[key]) && item.nutrients[key] >= 0, `${item.name} ${key}`).toBe(
          true,
        );
      }
      expect(item.source.length, item.name).toBeGreaterThan(10);
      expect(item.nutrients.fibre, item.name).toBeLessThanOrEqual(item.nutrients.carbohydrate);
    }
  });

  it("has foods' energy consistent with their protein, fat and carbohydrate (Atwater, ± 20%)", () => {
    // USDA's carbohydrate includes fibre, which yields about 2 kcal/g rather than 4.
    for (const item of INGREDIENTS.filter((i) => i.category !== 'supplement')) {
      const n = item.nutrients;
      const atwater = 4 * n.protein + 9 * n.fat + 4 * (n.carbohydrate - n.fibre) + 2 * n.fibre;
      const ratio = atwater / item.kcalPer100g;
      expect(
        ratio > 0.8 && ratio < 1.2,
        `${item.name}: ${atwater.toFixed(0)} vs ${item.kcalPer100g} kcal`,
      ).toBe(true);
    }
  });

  it('has the supplements at their chemical composition', () => {
    const byName = (name: string) => INGREDIENTS.find((i) => i.name === name);
    expect(byName('Calcium carbonate')?.nutrients.calcium).toBe(40_000);
    expect(byName('Taurine powder')?.nutrients.taurine).toBe(100_000);
    expect(byName('Dicalcium phosphate')?.nutrients).toMatchObject({ calcium: 23_290, phosphorus: 18_000 });
  });
});
