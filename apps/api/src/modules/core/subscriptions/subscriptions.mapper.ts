import { isoToCalendarDate, type Subscription, toTimestamp } from '@vetboard/contract';
import type { SubscriptionRow } from './subscriptions.table.ts';

export function toSubscriptionDto(row: SubscriptionRow): Subscription {
  return {
    uuid: row.id,
    userUuid: row.userId,
    plan: row.plan,
    status: row.status,
    startedOn: isoToCalendarDate(row.startedOn),
    renewsOn: row.renewsOn === null ? null : isoToCalendarDate(row.renewsOn),
    createdAt: toTimestamp(row.createdAt),
  };
}
