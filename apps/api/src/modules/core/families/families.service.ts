import type { FamilyOwner, FamilyPetsResponse } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../policy/actor.ts';
import { familyCondition } from '../../../policy/scope.ts';
import { listFamilyPetSummaries } from '../pets/index.ts';
import { getLatestSubscriptionOfUser } from '../subscriptions/index.ts';
import { familiesErrors } from './families.errors.ts';
import { toFamilyDto, toFamilyOwner } from './families.mapper.ts';
import { findFamilyById, findFamilyWithOwner, listFamilyMembers } from './families.repository.ts';
import { families } from './families.table.ts';

export async function getFamilyOwner(deps: { db: Db }, actor: Actor, familyId: string): Promise<FamilyOwner> {
  const found = await findFamilyWithOwner(deps.db, familyId, familyCondition(actor, families.id));
  if (!found) throw familiesErrors.notFound();
  if (!found.owner) throw familiesErrors.ownerNotFound();
  return toFamilyOwner(found.owner, found.family);
}

/** The family page: who they are, what the owner pays for, and their pets by name. */
export async function getFamilyPets(
  deps: { db: Db },
  actor: Actor,
  familyId: string,
): Promise<FamilyPetsResponse> {
  const family = await findFamilyById(deps.db, familyId, familyCondition(actor, families.id));
  if (!family) throw familiesErrors.notFound();
  const [members, pets, subscription] = await Promise.all([
    listFamilyMembers(deps.db, family),
    listFamilyPetSummaries(deps, actor, family.id),
    family.ownerUserId ? getLatestSubscriptionOfUser(deps, family.ownerUserId) : null,
  ]);
  return {
    family: toFamilyDto(family, members, subscription),
    pets,
  };
}
