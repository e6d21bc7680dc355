import {
  type Family,
  type FamilyOwner,
  isoToCalendarDate,
  type PetSummary,
  type Subscription,
  toTimestamp,
} from '@vetboard/contract';
import type { PetRow } from '../pets/pets.table.ts';
import type { UserRow } from '../users/users.table.ts';
import type { FamilyRow } from './families.table.ts';

/** A pet row joined with its breed's name: what every pet list and card shows. */
export type PetSummaryRow = Pick<
  PetRow,
  'id' | 'name' | 'species' | 'breedId' | 'sex' | 'birthDate' | 'neutered' | 'imageUrl' | 'familyId'
> & { breedName: string | null };

export function toPetSummary(row: PetSummaryRow): PetSummary {
  return {
    uuid: row.id,
    name: row.name,
    species: row.species,
    breedId: row.breedId,
    breedName: row.breedName,
    sex: row.sex,
    birthDate: row.birthDate === null ? null : isoToCalendarDate(row.birthDate),
    neutered: row.neutered,
    imageUrl: row.imageUrl,
    familyUuid: row.familyId,
  };
}

type PersonFields = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>;

export function fullName(person: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

export function toFamilyOwner(
  owner: PersonFields & Pick<UserRow, 'b2bCode'>,
  family: Pick<FamilyRow, 'familyKind'>,
): FamilyOwner {
  return {
    uuid: owner.id,
    name: fullName(owner),
    email: owner.email,
    phone: owner.phone,
    b2BCode: owner.b2bCode,
    familyKind: family.familyKind,
  };
}

export function toFamilyDto(
  family: FamilyRow,
  members: Array<PersonFields & Pick<UserRow, 'b2bCode'>>,
  subscription: Subscription | null,
): Family {
  const owner = members.find((member) => member.id === family.ownerUserId);
  return {
    uuid: family.id,
    familyKind: family.familyKind,
    owner: owner ? toFamilyOwner(owner, family) : null,
    members: members.map((member) => ({
      uuid: member.id,
      name: fullName(member),
      email: member.email,
      phone: member.phone,
      isOwner: member.id === family.ownerUserId,
    })),
    subscription,
    createdAt: toTimestamp(family.createdAt),
  };
}
