import type { BetaFeature, BetaListQuery } from '@vetboard/contract';
import { and, eq, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users, vets } from '../../../db/schema.ts';
import {
  boundedCountOf,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { betaUsers, type NewBetaUserRow } from './betas.table.ts';

export type BetaUserDetailsRow = Awaited<ReturnType<typeof selectDetails>>[number];

function selectDetails(db: DbOrTx) {
  return db
    .select({
      beta: betaUsers,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: users.userType,
        familyId: users.familyId,
      },
      enrolledBy: { id: vets.id, firstName: vets.firstName, lastName: vets.lastName },
    })
    .from(betaUsers)
    .innerJoin(users, eq(users.id, betaUsers.userId))
    .leftJoin(vets, eq(vets.id, betaUsers.enrolledByVetId))
    .$dynamic();
}

// Byte order ("C") so that pages are the same on every engine whatever the database's collation.
const sortColumns = {
  enrolledAt: betaUsers.enrolledAt,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName}) collate "C"`,
  feature: sql`${betaUsers.feature}::text collate "C"`,
} as const;

/** `scope` is the access policy's condition on the enrolled users (policy/scope.ts). */
export type BetaFilter = Pick<BetaListQuery, 'feature' | 'search'> & { scope?: SQL };

function filterCondition(filter: BetaFilter) {
  return and(
    filter.scope,
    filter.feature ? eq(betaUsers.feature, filter.feature) : undefined,
    filter.search ? like(users.searchText, containsPattern(filter.search)) : undefined,
  );
}

export type BetaSort = Pick<BetaListQuery, 'sort' | 'order'>;

export function listBetaUsers(
  db: DbOrTx,
  filter: BetaFilter,
  sort: BetaSort,
  window: PageWindow,
): Promise<BetaUserDetailsRow[]> {
  return selectDetails(db)
    .where(filterCondition(filter))
    .orderBy(...orderByWithTieBreak(sortColumns[sort.sort], sort.order, betaUsers.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Bounded like every list total; the users join only when the search needs their names. */
export async function countBetaUsers(db: DbOrTx, filter: BetaFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(betaUsers)
      .innerJoin(users, eq(users.id, betaUsers.userId))
      .where(filterCondition(filter))
      .$dynamic(),
    bound,
  );
}

export async function findBetaUserById(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<BetaUserDetailsRow | undefined> {
  const [row] = await selectDetails(db)
    .where(and(eq(betaUsers.id, id), scope))
    .limit(1);
  return row;
}

export async function isEnrolled(db: DbOrTx, userId: string, feature: BetaFeature): Promise<boolean> {
  const [row] = await db
    .select({ id: betaUsers.id })
    .from(betaUsers)
    .where(and(eq(betaUsers.userId, userId), eq(betaUsers.feature, feature)))
    .limit(1);
  return row !== undefined;
}

export async function userExists(db: DbOrTx, userId: string, scope: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), scope))
    .limit(1);
  return row !== undefined;
}

export async function insertBetaUser(tx: DbOrTx, row: NewBetaUserRow): Promise<void> {
  await tx.insert(betaUsers).values(row);
}
