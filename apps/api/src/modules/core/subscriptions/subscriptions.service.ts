import {
  paginationOf,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionListResponse,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { offsetOf } from '../../../lib/list-query.ts';
import type { Actor } from '../../../policy/actor.ts';
import { userCondition } from '../../../policy/scope.ts';
import { subscriptionsErrors } from './subscriptions.errors.ts';
import { toSubscriptionDto } from './subscriptions.mapper.ts';
import {
  countSubscriptions,
  findLatestSubscriptionOfUser,
  findSubscriptionById,
  listSubscriptions,
} from './subscriptions.repository.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.table.ts';

export async function listSubscriptionsPage(
  deps: { db: Db },
  actor: Actor,
  query: SubscriptionListQuery,
): Promise<SubscriptionListResponse> {
  const { page, pageSize, sort, order, ...rest } = query;
  const filter = { ...rest, scope: userCondition(actor, subscriptions.userId) };
  const [rows, total] = await Promise.all([
    listSubscriptions(
      deps.db,
      filter,
      { sort, order },
      { offset: offsetOf(page, pageSize), limit: pageSize },
    ),
    countSubscriptions(deps.db, filter),
  ]);
  return { subscriptions: rows.map(toSubscriptionDto), pagination: paginationOf(page, pageSize, total) };
}

export async function getSubscription(deps: { db: Db }, actor: Actor, id: string): Promise<SubscriptionRow> {
  const row = await findSubscriptionById(deps.db, id, userCondition(actor, subscriptions.userId));
  if (!row) throw subscriptionsErrors.notFound();
  return row;
}

/** What a user pays for now (their latest subscription), or null: the family and user pages show it. */
export async function getLatestSubscriptionOfUser(
  deps: { db: DbOrTx },
  userId: string,
): Promise<Subscription | null> {
  const row = await findLatestSubscriptionOfUser(deps.db, userId);
  return row ? toSubscriptionDto(row) : null;
}
