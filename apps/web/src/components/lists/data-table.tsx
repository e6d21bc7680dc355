import {
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconRefresh,
  IconSelector,
} from '@tabler/icons-react';
import type { SortOrder } from '@vetboard/contract';
import type { MouseEvent, ReactNode } from 'react';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { type ListSort, nextSort } from './list-search.ts';
import classes from './lists.module.css';
import { TableScroll } from './table-scroll.tsx';

export interface DataTableColumn<T, TSort extends string> {
  key: string;
  header: string;
  /** The header text is for screen readers only (e.g. the avatar column). */
  hideHeader?: boolean;
  sortField?: TSort;
  /** The order a first click on this column sorts in. */
  firstOrder?: SortOrder;
  align?: 'left' | 'right';
  width?: number | string;
  render: (row: T) => ReactNode;
  /** What a loading row shows in this column; a bar of text by default. */
  skeleton?: ReactNode;
}

export interface DataTableProps<T, TSort extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T, TSort>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  sort: ListSort<TSort>;
  onSortChange: (sort: ListSort<TSort>) => void;
  /** What a click anywhere on the row does (the row's own link is the keyboard way); none: not clickable. */
  rowAction?: (row: T) => (() => void) | undefined;
  /** No rows yet (`rows` undefined) is the first load; this is the previous page's rows shown while the next loads. */
  refreshing?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown in place of the rows when the list is empty. */
  empty: ReactNode;
  skeletonRows?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns (phones). */
  minWidth?: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortableHeader<TSort extends string>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<unknown, TSort> & { sortField: TSort };
  sort: ListSort<TSort>;
  onSortChange: (sort: ListSort<TSort>) => void;
}) {
  const active = sort.sort === column.sortField;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      aria-sort={active ? ARIA_SORT[sort.order] : 'none'}
      w={column.width}
      ta={column.align}
      data-testid={`sort-${column.key}`}
    >
      <UnstyledButton
        className={classes.sortButton}
        mod={{ active }}
        onClick={() => onSortChange(nextSort(sort, column.sortField, column.firstOrder))}
      >
        {column.header}
        <Icon size={14} stroke={2} className={classes.sortIcon} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** A click on the row's own link, a button, or while selecting text is not "open this row". */
function isPlainRowClick(event: MouseEvent<HTMLElement>): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((event.target as Element).closest('a, button, input, select, textarea, label')) return false;
  return !window.getSelection()?.toString();
}

export function ListErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Group justify="center" py={48} px="md" role="alert" data-testid="list-error">
      <Group gap="md" wrap="nowrap" maw={520}>
        <ThemeIcon color="red" variant="light" size={44} radius="xl">
          <IconAlertTriangle size={22} stroke={1.7} />
        </ThemeIcon>
        <Box>
          <Text fw={600}>This list could not be loaded</Text>
          <Text size="sm" c="dimmed">
            {errorMessage(error)}
          </Text>
        </Box>
        {onRetry && (
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * The list table of every back-office list: sortable headers (with `aria-sort`), skeleton rows while
 * the first page loads, the previous page kept (dimmed) while the next loads, and the empty and error
 * states in place of the rows, so the header and the page do not jump.
 */
export function DataTable<T, TSort extends string>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSortChange,
  rowAction,
  refreshing = false,
  error,
  onRetry,
  empty,
  skeletonRows = 10,
  minWidth = 760,
}: DataTableProps<T, TSort>) {
  // The empty and error states sit below the table, not in a cell of it: a phone scrolls the table
  // sideways, and they must stay in view at the width of the screen.
  let body: ReactNode = null;
  let instead: ReactNode = null;
  if (rows === undefined && error) {
    instead = <ListErrorState error={error} onRetry={onRetry} />;
  } else if (rows === undefined) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
      <Table.Tr key={index} data-testid="skeleton-row">
        {columns.map((column) => (
          <Table.Td key={column.key}>
            {column.skeleton ?? <Skeleton height={10} radius="xl" w="70%" />}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (rows.length === 0) {
    instead = empty;
  } else {
    body = rows.map((row) => {
      const action = rowAction?.(row);
      return (
        <Table.Tr
          key={rowKey(row)}
          className={classes.row}
          mod={{ clickable: Boolean(action) }}
          onClick={action ? (event) => isPlainRowClick(event) && action() : undefined}
        >
          {columns.map((column) => (
            <Table.Td key={column.key} ta={column.align}>
              {column.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  const busy = rows === undefined || refreshing;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <TableScroll minWidth={minWidth} label={label}>
        <Table
          aria-label={label}
          aria-busy={busy || undefined}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover={Boolean(rows?.length)}
          className={refreshing ? `${classes.table} ${classes.refreshing}` : classes.table}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column.sortField ? (
                  <SortableHeader
                    key={column.key}
                    column={column as DataTableColumn<unknown, TSort> & { sortField: TSort }}
                    sort={sort}
                    onSortChange={onSortChange}
                  />
                ) : (
                  <Table.Th key={column.key} w={column.width} ta={column.align}>
                    {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </TableScroll>
      {instead}
    </Paper>
  );
}
