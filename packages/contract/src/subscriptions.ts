import { z } from 'zod';
import {
  calendarDateSchema,
  pageQuerySchema,
  paginationSchema,
  sortOrderSchema,
  timestampSchema,
} from './common.ts';

export const subscriptionPlans = ['monthly', 'yearly', 'b2b'] as const;
export const subscriptionPlanSchema = z.enum(subscriptionPlans);
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlanLabels: Record<SubscriptionPlan, string> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
  b2b: 'B2B',
};

export const subscriptionStatuses = ['trialing', 'active', 'past_due', 'cancelled'] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

export const subscriptionSchema = z.object({
  uuid: z.uuid(),
  userUuid: z.uuid(),
  plan: subscriptionPlanSchema,
  status: subscriptionStatusSchema,
  startedOn: calendarDateSchema,
  renewsOn: calendarDateSchema.nullable(),
  createdAt: timestampSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionSortFields = ['startedOn', 'renewsOn', 'createdAt'] as const;

export const subscriptionListQuerySchema = pageQuerySchema.extend({
  status: subscriptionStatusSchema.optional(),
  plan: subscriptionPlanSchema.optional(),
  userUuid: z.uuid().optional(),
  sort: z.enum(subscriptionSortFields).default('startedOn'),
  order: sortOrderSchema.default('desc'),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;

export const subscriptionListResponseSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  pagination: paginationSchema,
});
export type SubscriptionListResponse = z.infer<typeof subscriptionListResponseSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
