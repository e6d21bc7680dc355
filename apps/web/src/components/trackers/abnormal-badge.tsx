import { Badge, Text } from '@mantine/core';
import type { Abnormal } from '@vetboard/contract';
import { abnormalColors, abnormalLabels } from './tracker-format.ts';

/** A respiratory value's flag: coloured and worded; a value within the thresholds stays plain. */
export function AbnormalBadge({ abnormal, size = 'sm' }: { abnormal: Abnormal; size?: 'xs' | 'sm' | 'md' }) {
  if (abnormal === 'undefined') {
    return (
      <Text span size={size} c="dimmed" data-abnormal={abnormal}>
        {abnormalLabels.undefined}
      </Text>
    );
  }
  return (
    <Badge
      color={abnormalColors[abnormal]}
      variant={abnormal === 'high' ? 'light' : 'filled'}
      radius="sm"
      tt="none"
      size={size}
      data-abnormal={abnormal}
    >
      {abnormalLabels[abnormal]}
    </Badge>
  );
}
