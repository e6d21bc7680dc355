import type { FamilyKind, UserListQuery } from '@vetboard/contract';
import { and, eq, ilike, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { type PlainStatement, plainStatement } from '../../../db/plain-statement.ts';
import { families, listTotals } from '../../../db/schema.ts';
import { boundedCount, containsPattern, type PageWindow } from '../../../lib/list-query.ts';
import { type UserRow, users } from './users.table.ts';

/** `scope` is the access policy's condition on users (policy/scope.ts), applied like any filter. */
export type UserFilter = Pick<UserListQuery, 'user_type' | 'search'> & { scope?: SQL };
export type UserSort = Pick<UserListQuery, 'sort' | 'order'>;

/**
 * A user as lists show them: with their family's kind and how many pets that family has (`petsCount`,
 * the trigger-kept column of users.table.ts).
 */
export type UserListRow = Omit<UserRow, 'searchText' | 'updatedAt' | 'reminderEmailsOptOut'> & {
  familyKind: FamilyKind | null;
};

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
  petsCount: users.petsCount,
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
 * The page statement is hand-written SQL with every column qualified: inside the page's subquery by
 * "users", outside it by "page" (drizzle's select builder wrote the outer columns of a subquery
 * unqualified, which a correlated subquery then reads as its own table's). `q` names the qualifier.
 */
type Qualifier = 'users' | 'page';
const column = (q: Qualifier, c: AnyPgColumn) => `"${q}"."${c.name}"`;

/** The page's users as the subquery reads them, then as the outer statement names them (the row's keys). */
const innerColumns = sql.raw(
  Object.values(userColumns)
    .map((c) => column('users', c))
    .join(', '),
);
const pageColumns = sql.raw(
  Object.entries(userColumns)
    .map(([key, c]) => `${column('page', c)} as "${key}"`)
    .join(', '),
);

/**
 * Every sort walks an index of users.table.ts in order, tie-breaker included, and stops at the page's
 * end; `petsCount` too, on the trigger-kept column (counting each family's pets sorted every user: 42×
 * slower at 100× the users, issue #48).
 */
function orderOf(q: Qualifier, { sort, order }: UserSort): SQL {
  const direction = order === 'asc' ? 'asc' : 'desc';
  const id = `${column(q, users.id)} ${direction}`;
  switch (sort) {
    case 'name':
      return sql.raw(
        `lower(${column(q, users.lastName)}) ${direction}, lower(${column(q, users.firstName)}) ${direction}, ${id}`,
      );
    case 'email':
      return sql.raw(`lower(${column(q, users.email)}) ${direction}, ${id}`);
    case 'petsCount':
      return sql.raw(`${column(q, users.petsCount)} ${direction}, ${id}`);
    case 'createdAt':
      return sql.raw(`${column(q, users.createdAt)} ${direction}, ${id}`);
  }
}

type Window = { limit: number | Placeholder; offset: number | Placeholder };

/** A user's family's kind: a correlated subquery, one primary-key lookup per row of a page. */
function familyKindOf(familyId: SQLWrapper) {
  return sql<FamilyKind | null>`(select ${families.familyKind} from ${families} where ${families.id} = ${familyId})`;
}

/**
 * The page's users first (index order, limit, offset), then their family's kind, and `total` when given. The family's kind is a subquery per row rather than a join: both engines joined
 * the page to every family (a hash join over a sequential scan of `families`, then a sort), 2.2 vs
 * 1.8 ms on PGlite and 0.95 vs 0.42 ms of execution (1.5 vs 0.2 ms of planning) on PostgreSQL for 50
 * rows of the demo seed, and the page keeps the subquery's order without a sort.
 */
function pageStatement(where: SQL | undefined, sort: UserSort, window: Window, total?: SQL<number>): SQL {
  const familyId = sql.raw(column('page', users.familyId));
  return sql`select ${pageColumns}, ${familyKindOf(familyId)} as "familyKind"${total ? sql`, ${total} as "total"` : sql``}
    from (
      select ${innerColumns} from ${users}${where ? sql` where ${where}` : sql``}
      order by ${orderOf('users', sort)} limit ${window.limit} offset ${window.offset}
    ) as "page"
    order by ${orderOf('page', sort)}`;
}

/** A page row as both drivers give it: `created_at` as PostgreSQL's text, read here as a `Date`. */
type PageRowText<Extra = object> = Omit<UserListRow, 'createdAt'> & { createdAt: string } & Extra;

function withDates<Extra>(rows: PageRowText<Extra>[]): (UserListRow & Extra)[] {
  for (const row of rows) (row as { createdAt: unknown }).createdAt = new Date(row.createdAt);
  return rows as unknown as (UserListRow & Extra)[];
}

/** The statement of `listUsers`, for tests that read its plan. */
export function userPageStatement(filter: UserFilter, sort: UserSort, window: PageWindow): SQL {
  return pageStatement(whereOf(filter), sort, window);
}

/** The page's users first (index order, limit, offset), then their family's kind. */
export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  sort: UserSort,
  window: PageWindow,
): Promise<UserListRow[]> {
  return withDates(await plainStatement<PageRowText>(db, userPageStatement(filter, sort, window)).execute());
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

type PagePlan = PlainStatement<PageRowText<{ total: number | null }>>;

/**
 * The unsearched pages of a product vet (the lists' common case), built and prepared once per
 * database handle, sort and type filter: no query building per request, and PostgreSQL parses the
 * statement once per connection (a named prepared statement). It still plans each execution for its
 * values (pg_prepared_statements shows custom plans only), which is as well: the generic plan, blind
 * to the limit, sorts every user (246,000 users: a parallel sequential scan and a top-N sort, 80 ms
 * instead of 0.4). A search stays unprepared: its pattern decides the plan (trigram index or scan),
 * so a plan made for one pattern must not serve another.
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
    const statement = pageStatement(where, sort, window, boundedTotal(where, sql.placeholder('bound')));
    plan = plainStatement(db, statement, `users_page_${key}`);
    plans.set(key, plan);
  }
  return plan;
}

/**
 * A page of users with `total` on every row: the matching rows counted up to `bound`, in the same
 * statement (one round trip for the page and its total).
 */
export async function listUsersWithTotal(
  db: DbOrTx,
  filter: UserFilter,
  sort: UserSort,
  window: PageWindow,
  bound: number,
): Promise<(UserListRow & { total: number | null })[]> {
  const plan = preparedPage(db, filter, sort);
  if (plan) return withDates(await plan.execute({ ...window, bound, userType: filter.user_type }));
  const where = whereOf(filter);
  const statement = pageStatement(where, sort, window, boundedTotal(where, bound));
  return withDates(await plainStatement<PageRowText<{ total: number | null }>>(db, statement).execute());
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
    .select({ ...userColumns, familyKind: families.familyKind })
    .from(users)
    .leftJoin(families, eq(families.id, users.familyId))
    .where(and(eq(users.id, id), scope))
    .limit(1);
  return row;
}
