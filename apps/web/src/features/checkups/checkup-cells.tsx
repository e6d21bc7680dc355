import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CheckupStatus, CheckupSummary } from '@vetboard/contract';

export const CHECKUP_STATUS_LABELS: Record<CheckupStatus, string> = {
  sent: 'Sent',
  answered: 'Awaiting review',
  reviewed: 'Reviewed',
};

const STATUS_COLORS: Record<CheckupStatus, string> = { sent: 'gray', answered: 'orange', reviewed: 'clinic' };

export function CheckupStatusBadge({ status }: { status: CheckupStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" radius="sm" data-status={status}>
      {CHECKUP_STATUS_LABELS[status]}
    </Badge>
  );
}

/** How many answers are problematic: red when any, a dimmed dash when none or not answered yet. */
export function ProblematicCount({
  checkup,
}: {
  checkup: Pick<CheckupSummary, 'status' | 'problematicCount'>;
}) {
  if (checkup.status === 'sent') {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (checkup.problematicCount === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="problematic-count">
      <ThemeIcon color="red" variant="light" size="sm" radius="xl" aria-hidden>
        <IconAlertTriangle size={14} />
      </ThemeIcon>
      <Text size="sm" fw={600} c="red" style={{ whiteSpace: 'nowrap' }}>
        {checkup.problematicCount} problematic
      </Text>
    </Group>
  );
}
