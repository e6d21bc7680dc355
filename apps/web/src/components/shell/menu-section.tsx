import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Text component="h2" size="xs" fw={700} c="gray.6" px="sm" mb={6}>
        {title}
      </Text>
      {children}
    </Box>
  );
}
