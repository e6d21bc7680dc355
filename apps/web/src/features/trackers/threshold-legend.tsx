import { Box, Group, Text } from '@mantine/core';
import type { RespiratoryThresholds } from '@vetboard/contract';
import { abnormalHex, abnormalLabels } from '@/components/trackers/tracker-format.ts';

function Swatch({ color }: { color: string }) {
  return <Box w={14} h={0} style={{ borderTop: `2px dashed ${color}` }} aria-hidden />;
}

/** The thresholds in words under the chart: the lines on the canvas are not readable by everyone. */
export function ThresholdLegend({ thresholds }: { thresholds: RespiratoryThresholds }) {
  const items = [
    { key: 'low', color: abnormalHex.low, text: `${abnormalLabels.low} below ${thresholds.low}` },
    { key: 'high', color: abnormalHex.high, text: `${abnormalLabels.high} above ${thresholds.high}` },
    {
      key: 'high-orange',
      color: abnormalHex['high-orange'],
      text: `${abnormalLabels['high-orange']} above ${thresholds.highOrange}`,
    },
    {
      key: 'high-red',
      color: abnormalHex['high-red'],
      text: `${abnormalLabels['high-red']} above ${thresholds.highRed}`,
    },
  ];
  return (
    <Group gap="md" style={{ rowGap: 4 }} data-testid="threshold-legend">
      <Text size="xs" c="dimmed">
        Thresholds (breaths/min):
      </Text>
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap">
          <Swatch color={item.color} />
          <Text size="xs">{item.text}</Text>
        </Group>
      ))}
    </Group>
  );
}
