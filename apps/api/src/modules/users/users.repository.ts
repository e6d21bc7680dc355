import type { FamilyKind, UserListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, orderByWithTieBreak } from '../../lib/list-query.ts';
import { families } from '../families/families.table.ts';
import { pets } from '../pets/pets.table.ts';
import { type UserRow, users } from './users.table.ts';

export type UserFilter = Pick<UserListQuery, 'user_type' | 'search'>;
export type UserSort = Pick<UserListQuery, 'sort' | 'order'>;

/** A user as lists show them: with their family's kind and how many pets that family has. */
export type UserListRow = Omit<UserRow, 'searchText' | 'updatedAt'> & {
  familyKind: FamilyKind | null;
  petsCount: number;
};

// A correlated subquery rather than a join + GROUP BY: a page sorted by anything else computes it
// only for the rows it returns (one `pets_family_idx` lookup each).
const petsCount = sql<number>`(select count(*)::int from ${pets} where ${pets.familyId} = ${users.familyId})`;

const userListColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  userType: users.userType,
  b2bCode: users.b2bCode,
  familyId: users.familyId,
  city: users.city,
  country: users.country,
  timezone: users.timezone,
  createdAt: users.createdAt,
  familyKind: families.familyKind,
  petsCount,
};

function whereOf(filter: UserFilter): SQL | undefined {
  return and(
    filter.user_type ? eq(users.userType, filter.user_type) : undefined,
    filter.search ? ilike(users.searchText, containsPattern(filter.search)) : undefined,
  );
}

function orderOf({ sort, order }: UserSort): SQL[] {
  switch (sort) {
    case 'name': {
      const direction = order === 'asc' ? asc : desc;
      return [
        direction(sql`lower(${users.lastName})`),
        direction(sql`lower(${users.firstName})`),
        direction(users.id),
      ];
    }
    case 'email':
      return orderByWithTieBreak(sql`lower(${users.email})`, order, users.id);
    case 'petsCount':
      return orderByWithTieBreak(petsCount, order, users.id);
    case 'createdAt':
      return orderByWithTieBreak(users.createdAt, order, users.id);
  }
}

function selectUsers(db: DbOrTx) {
  return db.select(userListColumns).from(users).leftJoin(families, eq(families.id, users.familyId));
}

export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  sort: UserSort,
  page: { offset: number; limit: number },
): Promise<UserListRow[]> {
  return selectUsers(db)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countUsers(db: DbOrTx, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(whereOf(filter));
  return row?.count ?? 0;
}

export async function findUserListRowById(db: DbOrTx, id: string): Promise<UserListRow | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}
