import { Group, Text, ThemeIcon } from '@mantine/core';
import { brandMark } from '@vetboard/contract';
import { publicConfig } from '../../lib/config/public-config.ts';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size={large ? 44 : 34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'clinic.6', to: 'clinic.9', deg: 135 }}
      >
        {/* The mark the diet PDF draws too (brandMark in the contract): one logo. */}
        <svg
          viewBox={brandMark.viewBox}
          width={large ? 26 : 20}
          height={large ? 26 : 20}
          fill="none"
          stroke="currentColor"
          strokeWidth={brandMark.strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {brandMark.paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </ThemeIcon>
      <Text fw={700} fz={large ? 22 : 18} c="dark.7" lh={1} style={{ letterSpacing: '-0.01em' }}>
        {publicConfig.productName}
      </Text>
    </Group>
  );
}
