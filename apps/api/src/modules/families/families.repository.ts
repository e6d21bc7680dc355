import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type UserRow, users } from '../users/users.table.ts';
import { type FamilyRow, families } from './families.table.ts';

export async function findFamilyById(db: DbOrTx, id: string): Promise<FamilyRow | undefined> {
  const [row] = await db.select().from(families).where(eq(families.id, id)).limit(1);
  return row;
}

export async function findFamilyWithOwner(
  db: DbOrTx,
  id: string,
): Promise<{ family: FamilyRow; owner: UserRow | null } | undefined> {
  const [row] = await db
    .select({ family: families, owner: users })
    .from(families)
    .leftJoin(users, eq(users.id, families.ownerUserId))
    .where(eq(families.id, id))
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
