import type { FamilyKind, UserListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, ilike, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { families, pets } from '../../db/schema.ts';
import { boundedCount, containsPattern, orderByWithTieBreak, type PageWindow } from '../../lib/list-query.ts';
import { type UserRow, users } from './users.table.ts';

/** `scope` is the access policy's condition on users (policy/scope.ts), applied like any filter. */
export type UserFilter = Pick<UserListQuery, 'user_type' | 'search'> & { scope?: SQL };
export type UserSort = Pick<UserListQuery, 'sort' | 'order'>;

/** A user as lists show them: with their family's kind and how many pets that family has. */
export type UserListRow = Omit<UserRow, 'searchText' | 'updatedAt'> & {
  familyKind: FamilyKind | null;
  petsCount: number;
};

/** The pets of a user's family: a correlated subquery, computed only for the rows of a page. */
function petsCountOf(familyId: SQLWrapper) {
  return sql<number>`(select count(*)::int from ${pets} where ${pets.familyId} = ${familyId})`;
}

const userColumns = {
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
};

function whereOf(filter: UserFilter): SQL | undefined {
  return and(
    filter.scope,
    filter.user_type ? eq(users.userType, filter.user_type) : undefined,
    filter.search ? ilike(users.searchText, containsPattern(filter.search)) : undefined,
  );
}

/**
 * Every sort but `petsCount` walks an index of users.table.ts in order, tie-breaker included, and
 * stops at the page's end; `petsCount` has no index (it lives in another table) and sorts the
 * matching rows. `columns` are the users table's or the page subquery's.
 */
type SortColumns = Record<'id' | 'email' | 'firstName' | 'lastName' | 'familyId' | 'createdAt', AnyPgColumn>;

function orderOf(columns: SortColumns, { sort, order }: UserSort): SQL[] {
  switch (sort) {
    case 'name': {
      const direction = order === 'asc' ? asc : desc;
      return [
        direction(sql`lower(${columns.lastName})`),
        direction(sql`lower(${columns.firstName})`),
        direction(columns.id),
      ];
    }
    case 'email':
      return orderByWithTieBreak(sql`lower(${columns.email})`, order, columns.id);
    case 'petsCount':
      return orderByWithTieBreak(petsCountOf(columns.familyId), order, columns.id);
    case 'createdAt':
      return orderByWithTieBreak(columns.createdAt, order, columns.id);
  }
}

/** The page's users first (index order, limit, offset), then their family's kind and pet count. */
export function listUsers(db: DbOrTx, filter: UserFilter, sort: UserSort, window: PageWindow) {
  const page = db
    .select(userColumns)
    .from(users)
    .where(whereOf(filter))
    .orderBy(...orderOf(userColumns, sort))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
  const pageColumns = {
    id: page.id,
    email: page.email,
    firstName: page.firstName,
    lastName: page.lastName,
    phone: page.phone,
    userType: page.userType,
    b2bCode: page.b2bCode,
    familyId: page.familyId,
    city: page.city,
    country: page.country,
    timezone: page.timezone,
    createdAt: page.createdAt,
  };
  return db
    .select({ ...pageColumns, familyKind: families.familyKind, petsCount: petsCountOf(page.familyId) })
    .from(page)
    .leftJoin(families, eq(families.id, page.familyId))
    .orderBy(...orderOf(pageColumns, sort));
}

export function countUsers(db: DbOrTx, filter: UserFilter, bound: number): Promise<number> {
  return boundedCount(db, users, whereOf(filter), bound);
}

export async function findUserListRowById(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<UserListRow | undefined> {
  const [row] = await db
    .select({ ...userColumns, familyKind: families.familyKind, petsCount: petsCountOf(users.familyId) })
    .from(users)
    .leftJoin(families, eq(families.id, users.familyId))
    .where(and(eq(users.id, id), scope))
    .limit(1);
  return row;
}
