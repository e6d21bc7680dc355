import { Badge, Group, type MantineSize } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PetAlertBadge } from '@vetboard/contract';

// Light on purpose: the pet menu (part of the signed-in shell) and every inbox row draw it, so it
// imports no Modal, Radio or query (first-load.spec's budgets).
/**
 * A pet's patient alerts as red badges, the same in the pet's header, search hits and inbox rows
 * (issue #39 §2); nothing when it has none.
 */
export function PetAlertBadges({
  alerts,
  petName,
  size = 'xs',
  titleOf,
}: {
  alerts: readonly (PetAlertBadge & { uuid?: string })[];
  petName: string;
  size?: MantineSize;
  /** The badge's tooltip (who set it, when), where the row knows it. */
  titleOf?: (index: number) => string;
}) {
  if (alerts.length === 0) return null;
  return (
    // Spans, so it may sit inside a search hit's button.
    <Group
      component="span"
      gap={4}
      role="group"
      aria-label={`${petName}’s patient alerts`}
      data-testid="pet-alert-badges"
    >
      {alerts.map((alert, index) => (
        <Badge
          component="span"
          key={alert.uuid ?? `${alert.kind}:${alert.label}`}
          color="red"
          variant="filled"
          radius="sm"
          tt="none"
          size={size}
          leftSection={<IconAlertTriangle size={size === 'xs' ? 10 : 12} aria-hidden />}
          title={titleOf?.(index) ?? alert.label}
          data-testid="pet-alert"
        >
          {alert.label}
        </Badge>
      ))}
    </Group>
  );
}
