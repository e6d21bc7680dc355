import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { orderByWithTieBreak } from '../../lib/list-query.ts';
import { breeds } from '../breeds/breeds.table.ts';
import { families } from '../families/families.table.ts';
import { petHealthProfiles, pets } from '../pets/pets.table.ts';
import { users } from '../users/users.table.ts';
import { vets } from '../vets/vets.table.ts';
import {
  type DietIngredientRow,
  type DietRow,
  dietIngredients,
  diets,
  type IngredientRow,
  ingredients,
  type NewDietRow,
} from './diets.table.ts';

export async function findDiet(db: DbOrTx, id: string): Promise<DietRow | undefined> {
  const [row] = await db.select().from(diets).where(eq(diets.id, id)).limit(1);
  return row;
}

/** Locks the diet until the transaction ends, so a publish and an edit of one diet cannot interleave. */
export async function lockDiet(tx: DbOrTx, id: string): Promise<DietRow | undefined> {
  const [row] = await tx.select().from(diets).where(eq(diets.id, id)).for('update').limit(1);
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
): Promise<DietSummaryRow[]> {
  return db
    .select(dietSummaryColumns)
    .from(diets)
    .where(eq(diets.petId, petId))
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
    | 'pdfGeneratedAt'
    | 'pdfPath'
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
    species: (typeof pets.$inferSelect)['species'];
    breedName: string | null;
    birthDate: string | null;
    neutered: boolean | null;
    weightKg: number | null;
    targetWeightKg: number | null;
  };
  owner: { firstName: string; lastName: string; timezone: string } | null;
  createdBy: { id: string; firstName: string; lastName: string } | null;
}

const creator = alias(vets, 'creator');

export async function findDietContext(
  db: DbOrTx,
  petId: string,
  createdByVetId: string | null,
): Promise<DietContextRow | undefined> {
  const [row] = await db
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      breedName: breeds.name,
      birthDate: pets.birthDate,
      neutered: pets.neutered,
      weightKg: petHealthProfiles.weightKg,
      targetWeightKg: petHealthProfiles.targetWeightKg,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerTimezone: users.timezone,
      vetId: creator.id,
      vetFirstName: creator.firstName,
      vetLastName: creator.lastName,
    })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .leftJoin(petHealthProfiles, eq(petHealthProfiles.petId, pets.id))
    .leftJoin(creator, createdByVetId ? eq(creator.id, createdByVetId) : sql`false`)
    .where(eq(pets.id, petId))
    .limit(1);
  if (!row) return undefined;
  return {
    pet: {
      id: row.id,
      name: row.name,
      species: row.species,
      breedName: row.breedName,
      birthDate: row.birthDate,
      neutered: row.neutered,
      weightKg: row.weightKg,
      targetWeightKg: row.targetWeightKg,
    },
    owner:
      row.ownerFirstName !== null && row.ownerLastName !== null
        ? { firstName: row.ownerFirstName, lastName: row.ownerLastName, timezone: row.ownerTimezone ?? 'UTC' }
        : null,
    createdBy:
      row.vetId && row.vetFirstName !== null && row.vetLastName !== null
        ? { id: row.vetId, firstName: row.vetFirstName, lastName: row.vetLastName }
        : null,
  };
}

export async function petExists(db: DbOrTx, petId: string): Promise<boolean> {
  const [row] = await db.select({ id: pets.id }).from(pets).where(eq(pets.id, petId)).limit(1);
  return row !== undefined;
}

/** The whole catalogue, by category then name: small reference data the diet editor's picker holds. */
export async function listIngredients(db: DbOrTx): Promise<IngredientRow[]> {
  return db.select().from(ingredients).orderBy(asc(ingredients.category), asc(ingredients.name));
}
