import { paginationOf, type SubscriptionListQuery, type SubscriptionListResponse } from '@vetboard/contract';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../lib/list-query.ts';
import { subscriptionsErrors } from './subscriptions.errors.ts';
import { toSubscriptionDto } from './subscriptions.mapper.ts';
import { countSubscriptions, findSubscriptionById, listSubscriptions } from './subscriptions.repository.ts';
import type { SubscriptionRow } from './subscriptions.table.ts';

export async function listSubscriptionsPage(
  deps: { db: Db },
  query: SubscriptionListQuery,
): Promise<SubscriptionListResponse> {
  const { page, pageSize, sort, order, ...filter } = query;
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

export async function getSubscription(deps: { db: Db }, id: string): Promise<SubscriptionRow> {
  const row = await findSubscriptionById(deps.db, id);
  if (!row) throw subscriptionsErrors.notFound();
  return row;
}
