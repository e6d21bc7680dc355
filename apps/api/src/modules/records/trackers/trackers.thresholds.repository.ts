import type { RespiratoryThresholds, Species } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { pets, vets } from '../../../db/schema.ts';
import { respiratoryThresholds } from './trackers.table.ts';

export interface PetThresholdsRow {
  species: Species;
  override: (RespiratoryThresholds & { updatedAt: Date }) | null;
  updatedBy: { id: string; firstName: string; lastName: string } | null;
}

/** The pet's species and its override (if any) with who set it; undefined for an unknown pet. */
export async function findPetThresholds(db: DbOrTx, petId: string): Promise<PetThresholdsRow | undefined> {
  const [row] = await db
    .select({
      species: pets.species,
      low: respiratoryThresholds.low,
      high: respiratoryThresholds.high,
      highOrange: respiratoryThresholds.highOrange,
      highRed: respiratoryThresholds.highRed,
      updatedAt: respiratoryThresholds.updatedAt,
      vetId: vets.id,
      vetFirstName: vets.firstName,
      vetLastName: vets.lastName,
    })
    .from(pets)
    .leftJoin(respiratoryThresholds, eq(respiratoryThresholds.petId, pets.id))
    .leftJoin(vets, eq(vets.id, respiratoryThresholds.updatedByVetId))
    .where(eq(pets.id, petId));
  if (!row) return undefined;
  const { low, high, highOrange, highRed, updatedAt } = row;
  return {
    species: row.species,
    override:
      low !== null && high !== null && highOrange !== null && highRed !== null && updatedAt !== null
        ? { low, high, highOrange, highRed, updatedAt }
        : null,
    updatedBy:
      row.vetId !== null && row.vetFirstName !== null && row.vetLastName !== null
        ? { id: row.vetId, firstName: row.vetFirstName, lastName: row.vetLastName }
        : null,
  };
}

export async function upsertThresholds(
  db: DbOrTx,
  petId: string,
  values: RespiratoryThresholds,
  by: { vetId: string; at: Date },
): Promise<void> {
  const set = { ...values, updatedAt: by.at, updatedByVetId: by.vetId };
  await db
    .insert(respiratoryThresholds)
    .values({ petId, ...set })
    .onConflictDoUpdate({ target: respiratoryThresholds.petId, set });
}

export async function deleteThresholds(db: DbOrTx, petId: string): Promise<void> {
  await db.delete(respiratoryThresholds).where(eq(respiratoryThresholds.petId, petId));
}
