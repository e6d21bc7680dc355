import { subscriptionPlans, subscriptionStatuses } from '@vetboard/contract';
import { date, index, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export const subscriptionPlanEnum = pgEnum('subscription_plan', subscriptionPlans);
export const subscriptionStatusEnum = pgEnum('subscription_status', subscriptionStatuses);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    plan: subscriptionPlanEnum('plan').notNull(),
    status: subscriptionStatusEnum('status').notNull(),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    renewsOn: date('renews_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId, table.startedOn),
    index('subscriptions_status_idx').on(table.status, table.startedOn),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
