import { Badge, Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { type DietStatus, dietStatusLabels } from '@vetboard/contract';
import { dietStatusColors } from './diet-format.ts';

/** Draft or Published, and 'Current' for the diet that is the pet's diet plan now. */
export function DietStatusBadges({ status, current }: { status: DietStatus; current?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        variant={status === 'published' ? 'filled' : 'light'}
        color={dietStatusColors[status]}
        radius="sm"
        tt="none"
        data-testid="diet-status"
      >
        {dietStatusLabels[status]}
      </Badge>
      {current && (
        <Badge
          variant="light"
          color="yellow"
          radius="sm"
          tt="none"
          leftSection={<IconStarFilled size={10} aria-hidden />}
          data-testid="diet-current"
        >
          Current
        </Badge>
      )}
    </Group>
  );
}
