import { Badge, Group, Text } from '@mantine/core';
import {
  type PendingCardSeverity,
  type PendingCardSummary,
  type PendingCardTrigger,
  pendingCardConcernLabels,
  pendingCardSeverityLabels,
  pluralForm,
} from '@vetboard/contract';
import { SeverityBadge } from '@/components/lists/inbox-cells.tsx';

const RANK: Record<PendingCardSeverity, 1 | 2 | 3> = { high: 1, 'high-orange': 2, 'high-red': 3 };

export function CardSeverityBadge({ severity }: { severity: PendingCardSeverity }) {
  return <SeverityBadge severity={RANK[severity]} label={pendingCardSeverityLabels[severity]} />;
}

export function ConcernLabel({ card }: { card: Pick<PendingCardSummary, 'concern'> }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {pendingCardConcernLabels[card.concern]}
    </Text>
  );
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** Units that are counted things: "1 answer", "2 answers", "1 hour" (issue #39: one plural rule). */
const COUNTED_UNITS: Record<string, { one: string; other: string }> = {
  answers: { one: 'answer', other: 'answers' },
  hours: { one: 'hour', other: 'hours' },
};

/**
 * "42 breaths/min over 40", "9 hours below 24", "-10.2 % (limit -5 %)" (a weight change carries the sign
 * of its limit: "over 5" would misread a loss), or the trigger's sentence when it has no value.
 */
export function triggerValueText(trigger: PendingCardTrigger): string {
  if (trigger.value === null) return trigger.detail ?? trigger.label;
  const signed = (n: number) => `${trigger.unit === '%' && n > 0 ? '+' : ''}${number.format(n)}`;
  const counted = trigger.unit ? COUNTED_UNITS[trigger.unit] : undefined;
  const unit = trigger.unit === '%' ? ' %' : trigger.unit ? ` ${trigger.unit}` : '';
  const value =
    trigger.unit === 'severity'
      ? `severity ${number.format(trigger.value)}`
      : counted
        ? `${number.format(trigger.value)} ${pluralForm(trigger.value, counted)}`
        : `${signed(trigger.value)}${unit}`;
  if (trigger.threshold === null) return value;
  if (trigger.unit === '%') return `${value} (limit ${signed(trigger.threshold)} %)`;
  const below = trigger.kind === 'respiratory_low' || trigger.kind === 'collar_data_gap';
  return `${value} ${below ? 'below' : 'over'} ${number.format(Math.abs(trigger.threshold))}`;
}

export function LatestTriggerCell({ card }: { card: PendingCardSummary }) {
  const trigger = card.latestTrigger;
  if (!trigger)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="latest-value">
        {triggerValueText(trigger)}
      </Text>
    </Group>
  );
}

export function CardStatusBadge({ card }: { card: PendingCardSummary }) {
  if (card.status === 'resolved')
    return (
      <Badge color="teal" variant="light" tt="none" radius="sm">
        Resolved
      </Badge>
    );
  if (card.snoozedUntil && card.snoozedUntil.seconds * 1000 > Date.now())
    return (
      <Badge color="gray" variant="light" tt="none" radius="sm">
        Snoozed
      </Badge>
    );
  return (
    <Badge color="blue" variant="light" tt="none" radius="sm">
      Open
    </Badge>
  );
}
