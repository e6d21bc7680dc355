import type { Species } from '@vetboard/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderByWithTieBreak } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { vetPersonSql } from '../../core/vets/index.ts';
import {
  type DietIngredientRow,
  type DietRow,
  dietIngredients,
  diets,
  type IngredientRow,
  ingredients,
  type NewDietRow,
} from './diets.table.ts';

/** `scope` is the access policy's condition on the diet's pet (policy/scope.ts). */
export async function findDiet(db: DbOrTx, id: string, scope: SQL | undefined): Promise<DietRow | undefined> {
  const [row] = await db
    .select()
    .from(diets)
    .where(and(eq(diets.id, id), scope))
    .limit(1);
  return row;
}

/** Locks the diet until the transaction ends, so a publish and an edit of one diet cannot interleave. */
export async function lockDiet(tx: DbOrTx, id: string, scope: SQL | undefined): Promise<DietRow | undefined> {
  const [row] = await tx
    .select()
    .from(diets)
    .where(and(eq(diets.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export type DietIngredientWithDataRow = Pick<
  DietIngredientRow,
  'position' | 'ingredientId' | 'amount' | 'unit'
> & {
  ingredient: IngredientRow;
};

export async function listDietIngredients(db: DbOrTx, dietId: string): Promise<DietIngredientWithDataRow[]> {
  const rows = await db
    .select({
      position: dietIngredients.position,
      ingredientId: dietIngredients.ingredientId,
      amount: dietIngredients.amount,
      unit: dietIngredients.unit,
      ingredient: ingredients,
    })
    .from(dietIngredients)
    .innerJoin(ingredients, eq(ingredients.id, dietIngredients.ingredientId))
    .where(eq(dietIngredients.dietId, dietId))
    .orderBy(asc(dietIngredients.position));
  return rows;
}

export async function findIngredientsByIds(db: DbOrTx, ids: string[]): Promise<IngredientRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(ingredients).where(inArray(ingredients.id, ids));
}

export type DietSummaryRow = Pick<
  DietRow,
  | 'id'
  | 'petId'
  | 'kind'
  | 'nutrientProfileKind'
  | 'status'
  | 'formulatedOn'
  | 'nextAssessmentOn'
  | 'publishedAt'
  | 'createdAt'
  | 'updatedAt'
>;

export const dietSummaryColumns = {
  id: diets.id,
  petId: diets.petId,
  kind: diets.kind,
  nutrientProfileKind: diets.nutrientProfileKind,
  status: diets.status,
  formulatedOn: diets.formulatedOn,
  nextAssessmentOn: diets.nextAssessmentOn,
  publishedAt: diets.publishedAt,
  createdAt: diets.createdAt,
  updatedAt: diets.updatedAt,
};

export async function listPetDiets(
  db: DbOrTx,
  petId: string,
  order: 'asc' | 'desc',
  scope: SQL | undefined,
): Promise<DietSummaryRow[]> {
  return db
    .select(dietSummaryColumns)
    .from(diets)
    .where(and(eq(diets.petId, petId), scope))
    .orderBy(...orderByWithTieBreak(diets.createdAt, order, diets.id));
}

export async function insertDiet(tx: DbOrTx, row: NewDietRow): Promise<void> {
  await tx.insert(diets).values(row);
}

export type DietUpdate = Partial<
  Pick<
    DietRow,
    | 'kind'
    | 'nutrientProfileKind'
    | 'formulatedOn'
    | 'nextAssessmentOn'
    | 'mealsPerDay'
    | 'feedingInstructions'
    | 'status'
    | 'dietPlanId'
    | 'publishedAt'
    | 'publishedByVetId'
    | 'acknowledgedWarnings'
    | 'acknowledgementReason'
    | 'pdfGeneratedAt'
    | 'pdfFileId'
    | 'pdfSourceHash'
    | 'updatedAt'
  >
>;

export async function updateDiet(tx: DbOrTx, id: string, changes: DietUpdate): Promise<void> {
  await tx.update(diets).set(changes).where(eq(diets.id, id));
}

export interface DietIngredientValue {
  ingredientId: string;
  amount: number;
  unit: DietIngredientRow['unit'];
}

export async function replaceDietIngredients(
  tx: DbOrTx,
  dietId: string,
  items: DietIngredientValue[],
): Promise<void> {
  await tx.delete(dietIngredients).where(eq(dietIngredients.dietId, dietId));
  if (items.length === 0) return;
  await tx.insert(dietIngredients).values(items.map((item, position) => ({ dietId, position, ...item })));
}

export async function deleteDiet(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(diets).where(eq(diets.id, id));
}

/** Everything a diet is shown with: its pet, the pet's owner and health profile, the vet who made it. */
export interface DietContextRow {
  pet: {
    id: string;
    name: string;
    species: Species;
    breedName: string | null;
    birthDate: string | null;
    neutered: boolean | null;
    weightKg: number | null;
    targetWeightKg: number | null;
  };
  owner: { firstName: string; lastName: string } | null;
  /** The pet's home timezone (the pets module's rule): the diet's "today". */
  timezone: string;
  createdBy: { id: string; firstName: string; lastName: string } | null;
  publishedBy: { id: string; firstName: string; lastName: string } | null;
}

/** The diet's author, as a scalar subquery the pet lookup reads in the same query. */
export function creatorSql(createdByVetId: string | null) {
  return vetPersonSql(createdByVetId);
}

/** The whole catalogue, by category then name: small reference data the diet editor's picker holds. */
export async function listIngredients(db: DbOrTx): Promise<IngredientRow[]> {
  return db.select().from(ingredients).orderBy(asc(ingredients.category), asc(ingredients.name));
}

/** One pet's published diets (by publication), for its timeline: one bounded page. */
export function dietTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: diets.id,
      at: timelineAt(diets.publishedAt),
      kind: diets.kind,
      copiedFromId: diets.copiedFromId,
    })
    .from(diets)
    .where(
      timelineWhere(
        'diet.published',
        diets.publishedAt,
        diets.id,
        read,
        eq(diets.petId, read.petId),
        eq(diets.status, 'published'),
      ),
    )
    .orderBy(...timelineOrder(diets.publishedAt, diets.id))
    .limit(read.limit);
}
