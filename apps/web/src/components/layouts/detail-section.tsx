import { DataList, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled, bordered section of a detail page (pet profile, family, diet). */
export function DetailSection({
  title,
  testId,
  h,
  children,
}: {
  title: string;
  testId: string;
  /** `100%` to match the height of the sections beside it in a grid row. */
  h?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} h={h} data-testid={testId}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One label and value of a `DataList` in a detail section. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
