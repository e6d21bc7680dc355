import { Badge, DataList, type MantineColor, Text } from '@mantine/core';
import {
  type Subscription,
  type SubscriptionStatus,
  subscriptionPlanLabels,
  subscriptionStatusLabels,
} from '@vetboard/contract';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';

const statusColors: Record<SubscriptionStatus, MantineColor> = {
  trialing: 'blue',
  active: 'teal',
  past_due: 'orange',
  cancelled: 'gray',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      radius="sm"
      tt="none"
      data-testid="subscription-status"
    >
      {subscriptionStatusLabels[status]}
    </Badge>
  );
}

/** A family's subscription (plan, status, renewal), as the pet page and the family page show it. */
export function SubscriptionSummary({ subscription }: { subscription: Subscription | null }) {
  if (!subscription) {
    return (
      <Text size="sm" c="dimmed">
        No subscription
      </Text>
    );
  }
  return (
    <DataList size="sm" labelWidth={110} data-testid="subscription">
      <DataList.Item>
        <DataList.ItemLabel>Plan</DataList.ItemLabel>
        <DataList.ItemValue>{subscriptionPlanLabels[subscription.plan]}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Status</DataList.ItemLabel>
        <DataList.ItemValue>
          <SubscriptionStatusBadge status={subscription.status} />
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Started on</DataList.ItemLabel>
        <DataList.ItemValue>{formatCalendarDate(subscription.startedOn)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Renews on</DataList.ItemLabel>
        <DataList.ItemValue>
          {subscription.renewsOn ? formatCalendarDate(subscription.renewsOn) : 'Does not renew'}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList>
  );
}
