import type { BetaFeature, BetaListQuery } from '@vetboard/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, offsetOf, orderByWithTieBreak } from '../../lib/list-query.ts';
import { users } from '../users/users.table.ts';
import { vets } from '../vets/vets.table.ts';
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

export type BetaFilter = Pick<BetaListQuery, 'feature' | 'search'>;

function filterCondition(filter: BetaFilter) {
  return and(
    filter.feature ? eq(betaUsers.feature, filter.feature) : undefined,
    filter.search ? like(users.searchText, containsPattern(filter.search)) : undefined,
  );
}

export async function listBetaUsers(
  db: DbOrTx,
  query: BetaListQuery,
): Promise<{ rows: BetaUserDetailsRow[]; total: number }> {
  const where = filterCondition(query);
  const rows = await selectDetails(db)
    .where(where)
    .orderBy(...orderByWithTieBreak(sortColumns[query.sort], query.order, betaUsers.id))
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(betaUsers)
    .innerJoin(users, eq(users.id, betaUsers.userId))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findBetaUserById(db: DbOrTx, id: string): Promise<BetaUserDetailsRow | undefined> {
  const [row] = await selectDetails(db).where(eq(betaUsers.id, id)).limit(1);
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

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}

export async function insertBetaUser(tx: DbOrTx, row: NewBetaUserRow): Promise<void> {
  await tx.insert(betaUsers).values(row);
}
