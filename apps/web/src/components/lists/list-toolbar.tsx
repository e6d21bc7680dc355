import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The row above a list's table: the search box, then the list's own filters; wraps on a phone. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      {children}
    </Group>
  );
}
