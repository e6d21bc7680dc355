import type { Species } from '@vetboard/contract';
import { type AnyColumn, and, asc, eq, gt, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { families, users } from '../../../db/schema.ts';
import { containsPattern } from '../../../lib/list-query.ts';
import { pets } from './pets.table.ts';

/**
 * The pet kernel's join for records that hang off a pet: the pet, its family and the family's owner,
 * so a record names no pets, families or users table itself. The owner is aliased `owner` (a record's
 * own vets are aliased by role), and left-joined: a pet's family may be gone mid-deletion.
 */
const owner = alias(users, 'owner');

/** The pet's columns a record's row shows. */
export const petFields = { id: pets.id, name: pets.name };

/** The owner's columns a record's row shows (null when the pet has no family or owner). */
export const ownerFields = { firstName: owner.firstName, lastName: owner.lastName, email: owner.email };

/** The owner's B2B company code, for a record listed or filtered by company (null outside B2B). */
export const ownerB2bCode = owner.b2bCode;

/** Whether the owner asked for no care reminder e-mails (null when the pet has no owner). */
export const ownerReminderEmailsOptOut = owner.reminderEmailsOptOut;

/** The owner's home timezone (null when the pet has no owner): a record judging "today" for the owner. */
export const ownerTimezone = owner.timezone;

/** The pet's columns a schedule is computed from. */
export const petScheduleFields = { id: pets.id, species: pets.species, birthDate: pets.birthDate };

/** The pet's name, for sorting a record by it. */
export const petNameColumn = pets.name;

/** The pet's species, for filtering a record by it. */
export const petSpeciesColumn = pets.species;

/** Joins the pet of `petId` alone (inner: a record without its pet is not listed). */
export function withPet<T extends PgSelect>(query: T, petId: AnyColumn) {
  return query.innerJoin(pets, eq(pets.id, petId));
}

/** Joins the pet of `petId` (inner: a record without its pet is not listed), its family and owner. */
export function withPetAndOwner<T extends PgSelect>(query: T, petId: AnyColumn) {
  return withPet(query, petId)
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owner, eq(owner.id, families.ownerUserId));
}

/** The search over a joined pet alone: its search text (name, microchip…). */
export function petMatches(search: string): SQL {
  return sql`${pets.searchText} like ${containsPattern(search)}`;
}

/** Each pet's name and, for a B2B family's pet, its company: what a weekly report is filed under. */
export function petsForReports(db: DbOrTx, petIds: readonly string[]) {
  return db
    .select({
      id: pets.id,
      name: pets.name,
      companySku: sql<string | null>`case when ${families.familyKind} = 'b2b' then ${users.b2bCode} end`,
    })
    .from(pets)
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .where(inArray(pets.id, [...petIds]));
}

/** The inbox search over a joined pet and owner: the pet's search text or the owner's full name. */
export function petOrOwnerMatches(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return or(
    like(pets.searchText, pattern),
    sql`lower(${owner.firstName} || ' ' || ${owner.lastName}) like ${pattern}`,
  );
}

/** Some pets' names and species, by id (a missing pet is absent). */
export async function petNamesAndSpecies(db: DbOrTx, petIds: readonly string[]) {
  if (petIds.length === 0) return new Map<string, { name: string; species: Species }>();
  const rows = await db
    .select({ id: pets.id, name: pets.name, species: pets.species })
    .from(pets)
    .where(inArray(pets.id, [...new Set(petIds)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, species: row.species }]));
}

/** The ids among `petIds` that exist within `scope` (the access policy's condition on a pet id column). */
export async function petIdsInScope(
  db: DbOrTx,
  petIds: string[],
  scope: (petId: AnyColumn) => SQL | undefined,
): Promise<Set<string>> {
  if (petIds.length === 0) return new Set();
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(inArray(pets.id, petIds), scope(pets.id)));
  return new Set(rows.map((row) => row.id));
}

/**
 * What a pet's preventive schedule is computed from (species, birth date), for the given pets or, without
 * `ids`, the next `limit` pets by id after `afterId`: a job walks every pet in batches.
 */
export function petsForSchedules(
  db: DbOrTx,
  options: { ids: readonly string[] } | { afterId: string | null; limit: number },
) {
  const query = db.select(petScheduleFields).from(pets).$dynamic();
  if ('ids' in options)
    return options.ids.length === 0 ? Promise.resolve([]) : query.where(inArray(pets.id, [...options.ids]));
  return query
    .where(options.afterId ? gt(pets.id, options.afterId) : undefined)
    .orderBy(asc(pets.id))
    .limit(options.limit);
}
