import { type DietKind, formulateDiet, type nutrientKeys } from '@vetboard/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase } from '../../test/seeded-database.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { ingredientId } from '../modules/records/diets/ingredients.data.ts';
import { DEMO_REFERENCE_DATE, DEMO_SEED, generateDemoData } from './generate.ts';
import { DIET_PETS_PER_SCALE, generateDiets, LUNA_DIET_IDS } from './generate-diets.ts';
import { LUNA } from './showcase.ts';

let database: Database;

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await database.db.execute(query));
}

beforeAll(async () => {
  database = await createSeededTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe('demo diets', () => {
  it('cover hundreds of pets, drafts and published, in several kinds', async () => {
    const [pets] = await rows<{ count: number }>(sql`select count(distinct pet_id)::int as count from diets`);
    expect(pets?.count).toBeGreaterThanOrEqual(300);
    const statuses = await rows<{ status: string; count: number }>(
      sql`select status::text, count(*)::int as count from diets group by 1`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['draft', 'published']);
    for (const status of statuses) expect(status.count).toBeGreaterThan(50);
    const kinds = await rows<{ kind: DietKind }>(sql`select distinct kind::text as kind from diets`);
    expect(kinds.length).toBeGreaterThanOrEqual(7);
    const [empty] = await rows<{ count: number }>(
      sql`select count(*)::int as count from diets d where not exists (select 1 from diet_ingredients i where i.diet_id = d.id)`,
    );
    expect(empty?.count).toBe(0);
  });

  it('keep the plan rules: one open plan per pet, whose current diet is a published diet of that pet and kind', async () => {
    const broken = await rows<{ id: string }>(sql`
      select p.id from diet_plans p join diets d on d.id = p.current_diet_id
      where d.status <> 'published' or d.pet_id <> p.pet_id or d.kind <> p.kind or d.diet_plan_id <> p.id`);
    expect(broken).toEqual([]);
    const published = await rows<{ unplanned: number; drafts: number }>(sql`
      select count(*) filter (where status = 'published' and diet_plan_id is null)::int as unplanned,
             count(*) filter (where status = 'draft' and (diet_plan_id is not null or published_at is not null))::int as drafts
      from diets`);
    expect(published[0]).toEqual({ unplanned: 0, drafts: 0 });
    const dates = await rows<{ id: string }>(
      sql`select id from diets where next_assessment_on < formulated_on`,
    );
    expect(dates).toEqual([]);
  });

  it('give Luna a published low-sodium cardiac diet with fish oil and taurine as her current plan', async () => {
    const [plan] = await rows<{ id: string; kind: string; current_diet_id: string }>(
      sql`select id, kind::text, current_diet_id from diet_plans where pet_id = ${LUNA.id} and ended_at is null`,
    );
    expect(plan).toEqual({
      id: LUNA_DIET_IDS.cardiacPlan,
      kind: 'cardiac',
      current_diet_id: LUNA_DIET_IDS.cardiac,
    });
    const lines = await rows<{
      name: string;
      category: string;
      amount: string;
      unit: string;
      kcal: number;
      nutrients: Record<string, number>;
    }>(sql`
      select i.name, i.category::text, di.amount::text, di.unit::text, i.kcal_per_100g as kcal, i.nutrients
      from diet_ingredients di join ingredients i on i.id = di.ingredient_id
      where di.diet_id = ${LUNA_DIET_IDS.cardiac} order by di.position`);
    const names = lines.map((line) => line.name);
    expect(names).toContain('Fish oil (salmon)');
    expect(names).toContain('Taurine powder');
    expect(names).not.toContain('Salt, iodised');
    // Her allergy: nothing with chicken in it.
    expect(names.some((name) => /chicken/i.test(name))).toBe(false);

    const formulation = formulateDiet({
      pet: { species: 'dog', weightKg: 8.6, targetWeightKg: 8.5, ageMonths: 103, neutered: true },
      kind: 'cardiac',
      profileKind: 'fediaf_adult',
      ingredients: lines.map((line) => ({
        ingredient: {
          id: ingredientId(line.name),
          name: line.name,
          category: line.category as 'fish',
          kcalPer100g: line.kcal,
          nutrients: line.nutrients as Record<(typeof nutrientKeys)[number], number>,
          source: '',
        },
        amount: Number(line.amount),
        unit: line.unit as 'g',
      })),
    });
    expect(formulation.warnings.filter((warning) => warning.code !== 'energy_off_target')).toEqual([]);
    expect(formulation.energy.percentOfTarget).toBeGreaterThan(85);
    expect(formulation.energy.percentOfTarget).toBeLessThan(115);
    // Low sodium: well under 1 g per 1,000 kcal, a cardiac diet's usual ceiling.
    const sodium = formulation.nutrients.find((n) => n.key === 'sodium');
    expect(sodium?.per1000kcal).toBeLessThan(1000);
  });

  it('were published as the API publishes: any warning the diet raised is acknowledged with a reason, drafts carry none', async () => {
    const [counts] = await rows<{ acknowledged: number; unexplained: number; drafts: number }>(sql`
      select count(*) filter (where status = 'published' and jsonb_array_length(acknowledged_warnings) > 0)::int as acknowledged,
             count(*) filter (where jsonb_array_length(acknowledged_warnings) > 0 and coalesce(acknowledgement_reason, '') = '')::int as unexplained,
             count(*) filter (where status = 'draft' and (acknowledged_warnings <> '[]'::jsonb or acknowledgement_reason is not null))::int as drafts
      from diets`);
    expect(counts?.acknowledged).toBeGreaterThan(0);
    expect(counts).toMatchObject({ unexplained: 0, drafts: 0 });
    const [sample] = await rows<{ warnings: Array<{ code: string; message: string }> }>(sql`
      select acknowledged_warnings as warnings from diets where jsonb_array_length(acknowledged_warnings) > 0 limit 1`);
    expect(sample?.warnings[0]).toEqual({ code: expect.any(String), message: expect.any(String) });
  });

  it('are the same on every run and grow with the scale', () => {
    const data = generateDemoData({ seed: DEMO_SEED, scale: 1 });
    const options = { seed: DEMO_SEED, scale: 1, reference: DEMO_REFERENCE_DATE };
    expect(generateDiets(data, options)).toEqual(generateDiets(data, options));
    const pets = new Set(generateDiets(data, options).diets.map((diet) => diet.petId));
    expect(pets.size).toBe(DIET_PETS_PER_SCALE + 1);
  });
});
