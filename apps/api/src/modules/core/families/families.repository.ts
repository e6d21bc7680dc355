import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type UserRow, users } from '../../../db/schema.ts';
import { type FamilyRow, families } from './families.table.ts';

/** A family member is a user (owners and the people who share their pets). */
export type FamilyMemberRow = UserRow;

/** `scope` is the access policy's condition on families (policy/scope.ts). */
export async function findFamilyById(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<FamilyRow | undefined> {
  const [row] = await db
    .select()
    .from(families)
    .where(and(eq(families.id, id), scope))
    .limit(1);
  return row;
}

export async function findFamilyWithOwner(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<{ family: FamilyRow; owner: UserRow | null } | undefined> {
  const [row] = await db
    .select({ family: families, owner: users })
    .from(families)
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .where(and(eq(families.id, id), scope))
    .limit(1);
  return row;
}

/** The owner first, then the others by name. */
export async function listFamilyMembers(db: DbOrTx, family: FamilyRow): Promise<UserRow[]> {
  const byName = [asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id)];
  const ownerFirst = family.ownerUserId ? [desc(sql`${users.id} = ${family.ownerUserId}`)] : [];
  return db
    .select()
    .from(users)
    .where(eq(users.familyId, family.id))
    .orderBy(...ownerFirst, ...byName);
}
