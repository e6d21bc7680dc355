import { type AnyColumn, and, asc, desc, eq, like, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { breeds, families, users, vets } from '../../../db/schema.ts';
import { boundedCount, containsPattern, type PageWindow } from '../../../lib/list-query.ts';
import { DEFAULT_TIMEZONE } from '../../../lib/timezone.ts';
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

export type PetSummaryRow = Pick<
  PetRow,
  'id' | 'name' | 'species' | 'breedId' | 'sex' | 'birthDate' | 'neutered' | 'imageUrl' | 'familyId'
> & { breedName: string | null };

export async function listFamilyPets(
  db: DbOrTx,
  familyId: string,
  scope: SQL | undefined,
): Promise<PetSummaryRow[]> {
  return db
    .select(petSummaryColumns)
    .from(pets)
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .where(and(eq(pets.familyId, familyId), scope))
    .orderBy(asc(sql`lower(${pets.name})`), asc(pets.id));
}

export type PetWithBreedRow = PetRow & { breedName: string | null };

export type HealthProfileWithVetRow = PetHealthProfileRow & {
  updatedByVet: { id: string; firstName: string; lastName: string } | null;
};

export interface PetWithOwnerRow {
  pet: PetWithBreedRow;
  /** From the health profile, null when it was never filled in. */
  weightKg: number | null;
  targetWeightKg: number | null;
  owner: {
    id: string;
    firstName: string;
    lastName: string;
    city: string | null;
    country: string | null;
    email: string;
    phone: string | null;
  } | null;
  /** The one timezone rule: a pet's days are its family owner's, UTC until it has an owner. */
  timezone: string;
}

/**
 * The pet with its breed, health figures and owner, in one joined query. `scope` is the access
 * policy's condition; `extra` lets a module read one more thing about the pet in the same query (a
 * scalar subquery over `pets.id`), so its pet reads stay one round trip.
 */
export async function selectPetWithOwner<E extends Record<string, SQL>>(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
  extra: E = {} as E,
  options: { lock?: boolean } = {},
): Promise<
  (PetWithOwnerRow & { extra: { [K in keyof E]: E[K] extends SQL<infer T> ? T : never } }) | undefined
> {
  const query = db
    .select({
      pet: pets,
      breedName: breeds.name,
      ownerId: users.id,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
      ownerPhone: users.phone,
      city: users.city,
      country: users.country,
      timezone: users.timezone,
      weightKg: petHealthProfiles.weightKg,
      targetWeightKg: petHealthProfiles.targetWeightKg,
      extra: sql<Record<string, unknown>>`json_build_object(${sql.join(
        Object.entries(extra).flatMap(([key, value]) => [sql`${key}::text`, value]),
        sql`, `,
      )})`,
    })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .leftJoin(petHealthProfiles, eq(petHealthProfiles.petId, pets.id))
    .where(and(eq(pets.id, id), scope))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: pets }) : await query;
  if (!row) return undefined;
  return {
    pet: { ...row.pet, breedName: row.breedName },
    weightKg: row.weightKg,
    targetWeightKg: row.targetWeightKg,
    owner:
      row.ownerId && row.ownerFirstName !== null && row.ownerLastName !== null
        ? {
            id: row.ownerId,
            firstName: row.ownerFirstName,
            lastName: row.ownerLastName,
            city: row.city,
            country: row.country,
            email: row.ownerEmail ?? '',
            phone: row.ownerPhone,
          }
        : null,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    extra: row.extra as never,
  };
}

/**
 * `selectPetWithOwner`'s pet as a one-row select to run inside another statement: its id, species and
 * timezone (the same rule) and `extra` (scalar subqueries over `pets.id`), or no row.
 */
export function petLookupSql(id: string, scope: SQL | undefined, extra: Record<string, SQL>): SQL {
  return sql`select ${pets.id} as id, ${pets.species} as species,
      coalesce(${users.timezone}, ${DEFAULT_TIMEZONE}) as timezone${sql.join(
        Object.entries(extra).map(([key, value]) => sql`, ${value} as ${sql.identifier(key)}`),
      )}
    from ${pets}
    join ${families} on ${families.id} = ${pets.familyId}
    left join ${users} on ${users.id} = ${families.ownerUserId}
    where ${and(eq(pets.id, id), scope)}
    limit 1`;
}

/** The pet's timezone as SQL, for statements that work on many pets at once (ingestion's rollups). */
export function petTimezoneSql(petId: SQL | AnyColumn): SQL<string> {
  return sql<string>`coalesce((
    select u.timezone from pets p
    join families f on f.id = p.family_id
    join users u on u.id = f.owner_user_id
    where p.id = ${petId}
  ), ${DEFAULT_TIMEZONE})`;
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

/** The B2B company whose customer owns the pet (the family owner's), or null for the product's own. */
export async function findPetCompanySku(db: DbOrTx, petId: string): Promise<string | null> {
  const [row] = await db
    .select({ sku: users.b2bCode })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .innerJoin(users, eq(users.id, families.ownerUserId))
    .where(eq(pets.id, petId))
    .limit(1);
  return row?.sku ?? null;
}

export type PetListRowData = PetSummaryRow & { ownerFirstName: string | null; ownerLastName: string | null };

export interface PetListFilter {
  scope: SQL | undefined;
  search: string | undefined;
  species: PetRow['species'] | undefined;
}

const listOwner = alias(users, 'owner');

function petListWhere(filter: PetListFilter): SQL | undefined {
  return and(
    filter.scope,
    filter.species ? eq(pets.species, filter.species) : undefined,
    filter.search ? like(pets.searchText, containsPattern(filter.search)) : undefined,
  );
}

/** One page of the pets in scope, by name then id (a stable page whatever the names). */
export function listPetsPage(
  db: DbOrTx,
  filter: PetListFilter,
  order: 'asc' | 'desc',
  window: PageWindow,
): Promise<PetListRowData[]> {
  const by = order === 'asc' ? asc : desc;
  return db
    .select({ ...petSummaryColumns, ownerFirstName: listOwner.firstName, ownerLastName: listOwner.lastName })
    .from(pets)
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(listOwner, eq(listOwner.id, families.ownerUserId))
    .where(petListWhere(filter))
    .orderBy(by(pets.searchText), by(pets.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function countPets(db: DbOrTx, filter: PetListFilter, bound: number): Promise<number> {
  return boundedCount(db, pets, petListWhere(filter), bound);
}
