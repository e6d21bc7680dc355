import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type DietPlanRow, dietPlans } from './diets.plans.table.ts';
import { type DietSummaryRow, dietSummaryColumns } from './diets.repository.ts';
import { diets } from './diets.table.ts';

export async function findOpenPlan(db: DbOrTx, petId: string): Promise<DietPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(dietPlans)
    .where(and(eq(dietPlans.petId, petId), isNull(dietPlans.endedAt)))
    .limit(1);
  return row;
}

export async function insertPlan(tx: DbOrTx, row: typeof dietPlans.$inferInsert): Promise<void> {
  await tx.insert(dietPlans).values(row);
}

export async function endPlan(tx: DbOrTx, id: string, at: Date): Promise<void> {
  await tx.update(dietPlans).set({ endedAt: at }).where(eq(dietPlans.id, id));
}

export async function setCurrentDiet(tx: DbOrTx, planId: string, dietId: string): Promise<void> {
  await tx.update(dietPlans).set({ currentDietId: dietId }).where(eq(dietPlans.id, planId));
}

export async function findCurrentPlan(
  db: DbOrTx,
  petId: string,
): Promise<{ plan: DietPlanRow; diet: DietSummaryRow | null } | undefined> {
  const [row] = await db
    .select({ plan: dietPlans, diet: dietSummaryColumns })
    .from(dietPlans)
    .leftJoin(diets, eq(diets.id, dietPlans.currentDietId))
    .where(and(eq(dietPlans.petId, petId), isNull(dietPlans.endedAt)))
    .limit(1);
  if (!row) return undefined;
  return { plan: row.plan, diet: row.diet?.id ? (row.diet as DietSummaryRow) : null };
}

/** The current (open) plan of each of some pets that has one, with its current diet. */
export async function findCurrentPlans(db: DbOrTx, petIds: readonly string[]) {
  const rows = await db
    .select({ plan: dietPlans, diet: dietSummaryColumns })
    .from(dietPlans)
    .leftJoin(diets, eq(diets.id, dietPlans.currentDietId))
    .where(and(inArray(dietPlans.petId, [...petIds]), isNull(dietPlans.endedAt)));
  return rows.map((row) => ({ plan: row.plan, diet: row.diet?.id ? (row.diet as DietSummaryRow) : null }));
}
