import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { VariationSentiment } from '@vetboard/contract';
import { formatVariationKg, sentimentColors, sentimentLabels } from './tracker-format.ts';

/**
 * A weight change: the arrow says which way the weight went, the colour whether that is good
 * (towards the target: green; away: red; neutral: grey), and hidden words say the latter to screen readers.
 */
export function WeightVariation({
  variationKg,
  sentiment,
}: {
  variationKg: number | null;
  sentiment: VariationSentiment;
}) {
  const color = sentimentColors[sentiment];
  const Arrow = !variationKg ? IconArrowRight : variationKg > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={color === 'gray' ? 'dimmed' : color}
      data-sentiment={sentiment}
      title={sentimentLabels[sentiment]}
    >
      <Arrow size={16} stroke={2} aria-hidden />
      <Text span size="sm" fw={500} c="inherit">
        {variationKg === null ? '—' : formatVariationKg(variationKg)}
      </Text>
      <VisuallyHidden>({sentimentLabels[sentiment]})</VisuallyHidden>
    </Group>
  );
}
