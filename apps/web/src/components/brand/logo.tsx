import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
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
        <IconHeartbeat size={large ? 26 : 20} stroke={2} />
      </ThemeIcon>
      <Text fw={700} fz={large ? 22 : 18} c="dark.7" lh={1} style={{ letterSpacing: '-0.01em' }}>
        {publicConfig.productName}
      </Text>
    </Group>
  );
}
