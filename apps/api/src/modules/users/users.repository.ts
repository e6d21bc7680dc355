import type { FamilyKind, UserListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, ilike, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { families, listTotals, pets } from '../../db/schema.ts';
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

function whereOf(
  filter: UserFilter,
  userType: UserFilter['user_type'] | Placeholder = filter.user_type,
): SQL | undefined {
  return and(
    filter.scope,
    userType !== undefined ? eq(users.userType, userType) : undefined,
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
  return pageQuery(db, whereOf(filter), sort, window);
}

function pageQuery(
  db: DbOrTx,
  where: SQL | undefined,
  sort: UserSort,
  window: { limit: number | Placeholder; offset: number | Placeholder },
  total?: SQL<number>,
) {
  const page = db
    .select(userColumns)
    .from(users)
    .where(where)
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
    .select({
      ...pageColumns,
      familyKind: families.familyKind,
      petsCount: petsCountOf(page.familyId),
      total: total ?? sql<number>`null::int`,
    })
    .from(page)
    .leftJoin(families, eq(families.id, page.familyId))
    .orderBy(...orderOf(pageColumns, sort));
}

/**
 * The total of a page: every user, read from the trigger-kept `list_totals` when nothing filters
 * (exact, no count at all); otherwise at most `bound` of the rows matching `where`, counted (an index
 * scan that stops at the bound).
 */
function boundedTotal(where: SQL | undefined, bound: number | Placeholder): SQL<number> {
  if (!where)
    return sql<number>`(select ${listTotals.total}::int from ${listTotals} where ${listTotals.list} = 'users')`;
  return sql<number>`(select count(*)::int from (select 1 from ${users} where ${where} limit ${bound}) matching)`;
}

/** Whether the list's total is exact at any size (nothing filters it: see `boundedTotal`). */
export function totalIsExact(filter: UserFilter): boolean {
  return whereOf(filter) === undefined;
}

type PagePlan = ReturnType<ReturnType<typeof pageQuery>['prepare']>;

/**
 * The unsearched pages of a product vet (the lists' common case), built and prepared once per
 * database handle, sort and type filter: no query building per request, and PostgreSQL plans the
 * statement once per connection (a named prepared statement). A search stays unprepared: its pattern
 * decides the plan (trigram index or scan), so a plan made for one pattern must not serve another.
 */
const preparedPages = new WeakMap<DbOrTx, Map<string, PagePlan>>();

function preparedPage(db: DbOrTx, filter: UserFilter, sort: UserSort): PagePlan | undefined {
  if (filter.scope || filter.search) return undefined;
  const key = `${sort.sort}_${sort.order}_${filter.user_type === undefined ? 'all' : 'type'}`;
  let plans = preparedPages.get(db);
  if (!plans) {
    plans = new Map();
    preparedPages.set(db, plans);
  }
  let plan = plans.get(key);
  if (!plan) {
    const where = whereOf(filter, filter.user_type === undefined ? undefined : sql.placeholder('userType'));
    const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    plan = pageQuery(db, where, sort, window, boundedTotal(where, sql.placeholder('bound'))).prepare(
      `users_page_${key}`,
    );
    plans.set(key, plan);
  }
  return plan;
}

/**
 * A page of users with `total` on every row: the matching rows counted up to `bound`, in the same
 * statement (one round trip for the page and its total).
 */
export function listUsersWithTotal(
  db: DbOrTx,
  filter: UserFilter,
  sort: UserSort,
  window: PageWindow,
  bound: number,
): Promise<(UserListRow & { total: number | null })[]> {
  const plan = preparedPage(db, filter, sort);
  if (plan) return plan.execute({ ...window, bound, userType: filter.user_type });
  const where = whereOf(filter);
  return pageQuery(db, where, sort, window, boundedTotal(where, bound));
}

export async function countUsers(db: DbOrTx, filter: UserFilter, bound: number): Promise<number> {
  const where = whereOf(filter);
  if (where) return boundedCount(db, users, where, bound);
  const [row] = await db
    .select({ total: listTotals.total })
    .from(listTotals)
    .where(eq(listTotals.list, 'users'));
  return row?.total ?? 0;
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
