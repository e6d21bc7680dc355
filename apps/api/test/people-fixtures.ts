import { randomBytes } from 'node:crypto';
import type { FamilyKind } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { breedId } from '../src/modules/core/breeds/breeds.sync.ts';
import {
  type CompanyRow,
  companies,
  type NewCompanyRow,
} from '../src/modules/core/companies/companies.table.ts';
import { type FamilyRow, families } from '../src/modules/core/families/families.table.ts';
import {
  type NewPetHealthProfileRow,
  type NewPetRow,
  type PetRow,
  petHealthProfiles,
  pets,
} from '../src/modules/core/pets/pets.table.ts';
import {
  type NewSubscriptionRow,
  type SubscriptionRow,
  subscriptions,
} from '../src/modules/core/subscriptions/subscriptions.table.ts';
import { type NewUserRow, type UserRow, users } from '../src/modules/core/users/users.table.ts';

/** Test data written straight to the tables, so API tests depend only on the code under test. */

const suffix = () => randomBytes(4).toString('hex');

export async function createCompany(db: DbOrTx, overrides: Partial<NewCompanyRow> = {}): Promise<CompanyRow> {
  const [row] = await db
    .insert(companies)
    .values({ sku: `CO${suffix().toUpperCase()}`, name: 'Test Company', kind: 'insurer', ...overrides })
    .returning();
  if (!row) throw new Error('no company');
  return row;
}

export async function createUser(db: DbOrTx, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `owner-${suffix()}@example.test`,
      firstName: 'Olive',
      lastName: 'Owner',
      userType: overrides.b2bCode ? 2 : 1,
      timezone: 'Europe/London',
      city: 'London',
      country: 'GB',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

/** A family with its owner (a member of it) and `members` more members. */
export async function createFamily(
  db: DbOrTx,
  options: { familyKind?: FamilyKind; owner?: Partial<NewUserRow>; members?: number } = {},
): Promise<{ family: FamilyRow; owner: UserRow; members: UserRow[] }> {
  const familyId = newId();
  await db.insert(families).values({ id: familyId, familyKind: options.familyKind ?? 'paid' });
  const owner = await createUser(db, { familyId, ...options.owner });
  const members: UserRow[] = [];
  for (let i = 0; i < (options.members ?? 0); i += 1) {
    members.push(
      await createUser(db, {
        familyId,
        firstName: `Member${i}`,
        b2bCode: owner.b2bCode,
        userType: owner.userType,
      }),
    );
  }
  const [family] = await db
    .update(families)
    .set({ ownerUserId: owner.id })
    .where(eq(families.id, familyId))
    .returning();
  if (!family) throw new Error('no family');
  return { family, owner, members };
}

export async function createPet(
  db: DbOrTx,
  overrides: Partial<NewPetRow> & { familyId: string },
  health: Partial<Omit<NewPetHealthProfileRow, 'petId'>> = {},
): Promise<PetRow> {
  const species = overrides.species ?? 'dog';
  const [row] = await db
    .insert(pets)
    .values({
      id: newId(),
      name: 'Rex',
      species,
      breedId: breedId(species, species === 'dog' ? 'Labrador Retriever' : 'Domestic Shorthair'),
      sex: 'male',
      birthDate: '2019-04-12',
      neutered: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no pet');
  await db.insert(petHealthProfiles).values({ petId: row.id, ...health });
  return row;
}

export async function createSubscription(
  db: DbOrTx,
  overrides: Partial<NewSubscriptionRow> & { userId: string },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: newId(),
      plan: 'monthly',
      status: 'active',
      startedOn: '2025-01-15',
      renewsOn: '2026-12-15',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no subscription');
  return row;
}
