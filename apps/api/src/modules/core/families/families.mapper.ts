import { type Family, type FamilyOwner, fullName, type Subscription, toTimestamp } from '@vetboard/contract';
import type { FamilyMemberRow as UserRow } from './families.repository.ts';
import type { FamilyRow } from './families.table.ts';

type PersonFields = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>;

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
