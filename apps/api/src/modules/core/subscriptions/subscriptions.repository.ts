import type { SubscriptionListQuery } from '@vetboard/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderByWithTieBreak } from '../../../lib/list-query.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.table.ts';

/** `scope` is the access policy's condition on the subscribers (policy/scope.ts). */
export type SubscriptionFilter = Pick<SubscriptionListQuery, 'status' | 'plan' | 'userUuid'> & {
  scope?: SQL;
};
export type SubscriptionSort = Pick<SubscriptionListQuery, 'sort' | 'order'>;

function whereOf(filter: SubscriptionFilter): SQL | undefined {
  return and(
    filter.scope,
    filter.status ? eq(subscriptions.status, filter.status) : undefined,
    filter.plan ? eq(subscriptions.plan, filter.plan) : undefined,
    filter.userUuid ? eq(subscriptions.userId, filter.userUuid) : undefined,
  );
}

function orderOf({ sort, order }: SubscriptionSort): SQL[] {
  if (sort === 'renewsOn') {
    // Open-ended subscriptions (no renewal date) go last whichever way the list is sorted.
    const direction = order === 'asc' ? sql`asc` : sql`desc`;
    return [
      sql`${subscriptions.renewsOn} ${direction} nulls last`,
      (order === 'asc' ? asc : desc)(subscriptions.id),
    ];
  }
  const column = sort === 'startedOn' ? subscriptions.startedOn : subscriptions.createdAt;
  return orderByWithTieBreak(column, order, subscriptions.id);
}

export async function listSubscriptions(
  db: DbOrTx,
  filter: SubscriptionFilter,
  sort: SubscriptionSort,
  page: { offset: number; limit: number },
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(whereOf(filter))
    .orderBy(...orderOf(sort))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSubscriptions(db: DbOrTx, filter: SubscriptionFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(whereOf(filter));
  return row?.count ?? 0;
}

export async function findSubscriptionById(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), scope))
    .limit(1);
  return row;
}

/** A user's current subscription is the one started last (served by `subscriptions_user_idx`). */
export async function findLatestSubscriptionOfUser(
  db: DbOrTx,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.startedOn), desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}
