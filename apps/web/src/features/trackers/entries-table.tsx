import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Pagination } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { DrawnLater } from '@/components/layouts/drawn-later.tsx';
import { ListErrorState } from '@/components/lists/data-table.tsx';
import { ListPagination } from '@/components/lists/list-pagination.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import classes from './entries-table.module.css';
import { NO_READINGS } from './tracker-chart-panel.tsx';

export interface EntryColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** Free text (a note) may wrap; every other cell keeps to one line and the table scrolls sideways instead. */
  wrap?: boolean;
}

/**
 * The entries behind the chart, one server page at a time, newest first. The page is in the URL; the
 * previous page stays (dimmed) while the next loads.
 */
export function EntriesTable<T>({
  title = 'Entries',
  label,
  columns,
  query,
  rowKey,
  onPageChange,
  onPageSizeChange,
}: {
  title?: string;
  label: string;
  columns: readonly EntryColumn<T>[];
  query: UseQueryResult<{ entries: T[]; pagination: Pagination }>;
  rowKey: (row: T) => string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  const { data } = query;
  let body: ReactNode;
  if (!data && query.isError) {
    body = <ListErrorState error={query.error} onRetry={() => query.refetch()} />;
  } else if (data && data.entries.length === 0) {
    body = (
      <Text ta="center" c="dimmed" py="xl" data-testid="entries-empty">
        {NO_READINGS}
      </Text>
    );
  } else {
    const rows = data
      ? data.entries.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                data-label={column.header}
                ta={column.align}
                style={column.wrap ? undefined : { whiteSpace: 'nowrap' }}
              >
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))
      : [0, 1, 2, 3, 4].map((row) => (
          <Table.Tr key={row} data-testid="skeleton-row">
            {columns.map((column) => (
              <Table.Td key={column.key}>
                <Skeleton height={10} radius="xl" w="70%" />
              </Table.Td>
            ))}
          </Table.Tr>
        ));
    body = (
      <TableScroll minWidth={0} label={label}>
        <Table
          aria-label={label}
          aria-busy={!data || query.isPlaceholderData || undefined}
          verticalSpacing="xs"
          horizontalSpacing="md"
          striped
          className={classes.table}
          style={{ opacity: query.isPlaceholderData ? 0.55 : 1 }}
          data-testid="entries-table"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </TableScroll>
    );
  }

  // Below the chart a vet came for: drawn in the commit after the chart's, not in the page's first task.
  return (
    <DrawnLater turns={2}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {body}
        </Paper>
        {data && data.pagination.total > 0 && (
          <ListPagination
            page={data.pagination.page}
            pageSize={data.pagination.pageSize}
            total={data.pagination.total}
            pageCount={data.pagination.pageCount}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
          />
        )}
      </Stack>
    </DrawnLater>
  );
}
