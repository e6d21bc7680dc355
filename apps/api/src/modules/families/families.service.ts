import type { FamilyOwner, FamilyPetsResponse } from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { toPetSummary } from '../pets/pets.mapper.ts';
import { listFamilyPets } from '../pets/pets.repository.ts';
import { toSubscriptionDto } from '../subscriptions/subscriptions.mapper.ts';
import { findLatestSubscriptionOfUser } from '../subscriptions/subscriptions.repository.ts';
import { familiesErrors } from './families.errors.ts';
import { toFamilyDto, toFamilyOwner } from './families.mapper.ts';
import { findFamilyById, findFamilyWithOwner, listFamilyMembers } from './families.repository.ts';

export async function getFamilyOwner(deps: { db: Db }, familyId: string): Promise<FamilyOwner> {
  const found = await findFamilyWithOwner(deps.db, familyId);
  if (!found) throw familiesErrors.notFound();
  if (!found.owner) throw familiesErrors.ownerNotFound();
  return toFamilyOwner(found.owner, found.family);
}

/** The family page: who they are, what the owner pays for, and their pets by name. */
export async function getFamilyPets(deps: { db: Db }, familyId: string): Promise<FamilyPetsResponse> {
  const family = await findFamilyById(deps.db, familyId);
  if (!family) throw familiesErrors.notFound();
  const [members, pets, subscription] = await Promise.all([
    listFamilyMembers(deps.db, family),
    listFamilyPets(deps.db, family.id),
    family.ownerUserId ? findLatestSubscriptionOfUser(deps.db, family.ownerUserId) : undefined,
  ]);
  return {
    family: toFamilyDto(family, members, subscription ? toSubscriptionDto(subscription) : null),
    pets: pets.map(toPetSummary),
  };
}
