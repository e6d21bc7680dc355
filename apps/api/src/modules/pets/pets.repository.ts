import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { breeds } from '../breeds/breeds.table.ts';
import { families } from '../families/families.table.ts';
import { users } from '../users/users.table.ts';
import { vets } from '../vets/vets.table.ts';
import type { PetSummaryRow } from './pets.mapper.ts';
import {
  type NewPetHealthProfileRow,
  type PetHealthProfileRow,
  type PetRow,
  petHealthProfiles,
  pets,
} from './pets.table.ts';

/** The columns of a pet card or list row, with the breed's name joined from `breeds`. */
export const petSummaryColumns = {
  id: pets.id,
  name: pets.name,
  species: pets.species,
  breedId: pets.breedId,
  breedName: breeds.name,
  sex: pets.sex,
  birthDate: pets.birthDate,
  neutered: pets.neutered,
  imageUrl: pets.imageUrl,
  familyId: pets.familyId,
};

export async function listFamilyPets(db: DbOrTx, familyId: string): Promise<PetSummaryRow[]> {
  return db
    .select(petSummaryColumns)
    .from(pets)
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .where(eq(pets.familyId, familyId))
    .orderBy(asc(sql`lower(${pets.name})`), asc(pets.id));
}

export type PetWithBreedRow = PetRow & { breedName: string | null };

export interface PetDetailsRow {
  pet: PetWithBreedRow;
  owner: { city: string | null; country: string | null; timezone: string } | null;
}

export type HealthProfileWithVetRow = PetHealthProfileRow & {
  updatedByVet: { id: string; firstName: string; lastName: string } | null;
};

export async function findPetDetails(db: DbOrTx, id: string): Promise<PetDetailsRow | undefined> {
  const [row] = await db
    .select({
      pet: pets,
      breedName: breeds.name,
      ownerId: users.id,
      city: users.city,
      country: users.country,
      timezone: users.timezone,
    })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .where(eq(pets.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    pet: { ...row.pet, breedName: row.breedName },
    owner:
      row.ownerId && row.timezone !== null
        ? { city: row.city, country: row.country, timezone: row.timezone }
        : null,
  };
}

/** Locks the pet until the transaction ends, so two edits of one pet apply one after the other. */
export async function lockPet(tx: DbOrTx, id: string): Promise<PetRow | undefined> {
  const [row] = await tx.select().from(pets).where(eq(pets.id, id)).for('update').limit(1);
  return row;
}

export async function isMicrochipUsedByAnotherPet(
  db: DbOrTx,
  microchip: string,
  petId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.microchip, microchip), ne(pets.id, petId)))
    .limit(1);
  return row !== undefined;
}

export type PetUpdate = Partial<
  Pick<PetRow, 'name' | 'species' | 'breedId' | 'sex' | 'birthDate' | 'neutered' | 'microchip'>
>;

export async function updatePet(tx: DbOrTx, id: string, changes: PetUpdate, at: Date): Promise<void> {
  await tx
    .update(pets)
    .set({ ...changes, updatedAt: at })
    .where(eq(pets.id, id));
}

export async function findHealthProfile(
  db: DbOrTx,
  petId: string,
): Promise<HealthProfileWithVetRow | undefined> {
  const [row] = await db
    .select({
      profile: petHealthProfiles,
      vetId: vets.id,
      vetFirstName: vets.firstName,
      vetLastName: vets.lastName,
    })
    .from(petHealthProfiles)
    .leftJoin(vets, eq(vets.id, petHealthProfiles.updatedByVetId))
    .where(eq(petHealthProfiles.petId, petId))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row.profile,
    updatedByVet:
      row.vetId && row.vetFirstName !== null && row.vetLastName !== null
        ? { id: row.vetId, firstName: row.vetFirstName, lastName: row.vetLastName }
        : null,
  };
}

type HealthProfileChanges = Partial<Omit<NewPetHealthProfileRow, 'petId' | 'updatedAt' | 'updatedByVetId'>>;

/** Pets created before their profile was filled in have no row yet: the first edit creates it. */
export async function upsertHealthProfile(
  tx: DbOrTx,
  petId: string,
  changes: HealthProfileChanges,
  by: { vetId: string | null; at: Date },
): Promise<void> {
  const set = { ...changes, updatedAt: by.at, updatedByVetId: by.vetId };
  await tx
    .insert(petHealthProfiles)
    .values({ petId, ...set })
    .onConflictDoUpdate({ target: petHealthProfiles.petId, set });
}
